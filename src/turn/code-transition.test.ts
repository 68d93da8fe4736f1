import { describe, expect, it } from 'vitest';
import { englishCopy } from '../copy/index.js';
import { codeTransition, type CodeTransitionInput } from './code-transition.js';
import type { Ask, CardOnScreen, OutcomeDocument } from './outcome-document.js';
import type { AnswerBlock, NoticeBlock } from './turn-result.js';

/** Fast, store-free tests of code's own reply: one per guarantee. */

const outcome = (overrides: Partial<OutcomeDocument> = {}): OutcomeDocument => ({
  done: [],
  notDone: [],
  disputes: [],
  starting: [],
  ask: null,
  card: null,
  ...overrides,
});
const answer = (text: string | null, question = 'Where are we?'): AnswerBlock => ({
  kind: 'answer',
  id: 'answer:0',
  questionIndex: 0,
  question,
  questionKind: 'status',
  status: text === null ? 'not_written' : 'answered',
  basis: { source: 'record', recordIds: ['r'] },
  text,
  writtenBy: text === null ? null : 'code',
});
const notice = (text: string, n = 0): NoticeBlock => ({ kind: 'notice', id: `notice:${n}`, code: 'refused', text, recordId: 'r' });
const ask = (text: string): Ask => ({ id: 'ask:obligation:r:travelers:0', kind: 'obligation', text, recordId: 'r' });
const card: CardOnScreen = {
  recordId: 'r',
  card: 'confirm_trip',
  title: 'Confirm this trip',
  buttons: [
    { key: 'confirm', label: 'Confirm' },
    { key: 'not_now', label: 'Not now' },
  ],
};
const reply = (input: Partial<CodeTransitionInput>) =>
  codeTransition({ outcome: outcome(), answers: [], notices: [], ask: null, card: null, copy: englishCopy, ...input });

describe('code’s own reply', () => {
  it('says what was done, then what is starting, then the answers, then the notices, then the ask, in that order', () => {
    const text = reply({
      outcome: outcome({
        done: [{ receiptId: 'receipt:r:1', title: 'Trip started', body: 'A trip to Oslo is open.' }],
        starting: [{ workflow: 'trip', noun: 'trip' }],
      }),
      answers: [answer('Oslo is the destination.')],
      notices: [notice('Zed is not traveling.')],
      ask: ask('Who is traveling?'),
    });
    expect(text.split('\n')).toEqual([
      'Trip started: A trip to Oslo is open.',
      'Starting a new trip.',
      'Oslo is the destination.',
      'Zed is not traveling.',
      'Who is traveling?',
    ]);
  });

  it('answers come before notices', () => {
    const text = reply({ answers: [answer('The answer.')], notices: [notice('The notice.')] });
    expect(text).toBe('The answer.\nThe notice.');
  });

  it('a question nobody answered is said not answered, in its own words', () => {
    expect(reply({ answers: [answer(null, 'Is it cold?')] })).toBe('I have no answer of my own to “Is it cold?”.');
  });

  it('the reply ends on the ask, even when a line before it holds the ask’s words', () => {
    const text = reply({
      answers: [answer('Trip “a” still needs something: Who is traveling? Trip “b” has everything it needs.')],
      ask: ask('Who is traveling?'),
    });
    expect(text).toBe('Trip “a” still needs something: Who is traveling? Trip “b” has everything it needs.\nWho is traveling?');
  });

  it('a line that is the ask itself moves to the end instead of being said twice', () => {
    expect(reply({ answers: [answer('Who is traveling?')], notices: [notice('Zed is not traveling.')], ask: ask('Who is traveling?') })).toBe(
      'Zed is not traveling.\nWho is traveling?',
    );
  });

  it('the ask is said when no answer asks it', () => {
    expect(reply({ answers: [answer('Oslo.')], ask: ask('Who is traveling?') })).toBe('Oslo.\nWho is traveling?');
  });

  it('two identical lines are said once', () => {
    expect(reply({ notices: [notice('Already confirmed.', 0), notice('Already confirmed.', 1)] })).toBe('Already confirmed.');
  });

  it('with no ask, the reply points at the card on screen by its title and buttons', () => {
    expect(reply({ card })).toBe('Please check “Confirm this trip” and choose “Confirm” or “Not now”.');
  });

  it('the ask comes instead of the card pointer', () => {
    expect(reply({ card, ask: ask('Who is traveling?') })).toBe('Who is traveling?');
  });

  it('an answers-only reply is the answers as written, never pointing at the card again', () => {
    expect(reply({ card, answers: [answer('Trip “r” has everything it needs.')], answersOnly: true })).toBe('Trip “r” has everything it needs.');
  });

  it('an answers-only reply still says the ask a rule set', () => {
    expect(reply({ answers: [answer('Oslo.')], ask: ask('Who is traveling?'), answersOnly: true })).toBe('Oslo.\nWho is traveling?');
  });

  it('a turn with nothing to say says it noted the message', () => {
    expect(reply({})).toBe('Noted.');
  });
});
