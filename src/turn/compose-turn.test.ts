import { describe, expect, it } from 'vitest';
import { tripWorkflow, type TripState } from '../../examples/trip/index.js';
import { ServerCopy } from '../copy/index.js';
import { answerQuestions } from './answer-questions.js';
import { ClaimRefusedError } from './claim-guard.js';
import { composeTurn } from './compose-turn.js';
import type { CompositionScope } from './composition-scope.js';
import { gatherOutcome } from './gather-outcome.js';
import type { OutcomeDocument } from './outcome-document.js';
import { renderReceipts } from './render-receipts.js';
import type { ActOutcome } from './run-acts.js';
import type { CommittedEvent, StoredRecord } from './stored-record.js';
import type { TurnCommit } from './turn-commit.js';
import { turnAsk } from './turn-ask.js';
import { turnFocus } from './turn-focus.js';
import { emptyUnderstanding, type Question, type Understanding } from './turn-input.js';
import { turnNotices } from './turn-notices.js';
import { SUBMISSION_UPDATED } from './workflow.js';
import type { TurnWriter } from './writer.js';
import { guidanceFor, onlyAnswers, writeTransition } from './write-transition.js';

/** Fast, store-free tests of each phase of composing a turn, on commits built by hand. */

const trip = (id: string, state: Partial<TripState> = {}, revision = 1): StoredRecord => ({
  id,
  workflow: 'trip',
  revision,
  state: { ...tripWorkflow.initialState, destination: 'Oslo', ...state },
});
const ready = { travelers: ['Ada'] };

function commitOf(over: Partial<TurnCommit> = {}, understanding: Partial<Understanding> = {}): TurnCommit {
  return {
    turnId: 't1',
    conversationId: 'c1',
    locale: 'en',
    tone: 'plain',
    message: 'hello',
    understanding: { ...emptyUnderstanding(), ...understanding },
    understandingFailure: null,
    understandingCalls: [],
    acts: [],
    otherNotDone: [],
    disputes: [],
    declinedCards: [],
    context: { ask: null, aboutRecord: null, inView: [], history: [] },
    records: [],
    ...over,
  };
}
const scopeOf = (commit: TurnCommit): CompositionScope => ({
  locale: commit.locale,
  copy: ServerCopy.builtIn().texts(commit.locale),
  workflows: new Map([[tripWorkflow.key, tripWorkflow]]),
  records: new Map(commit.records.map((r) => [r.id, r])),
});
const event = (recordId: string, revision: number, type: string, payload: Record<string, unknown>, turnId = 't1'): CommittedEvent => ({
  recordId,
  revision,
  type,
  payload,
  turnId,
});
const applied = (recordId: string, operation = 'add_traveler'): ActOutcome => ({ status: 'applied', recordId, workflow: 'trip', operation, events: [] });
const status = (records: string[] = []): Question => ({ text: 'Where are we?', kind: 'status', records });

describe('receipts phase', () => {
  it('W1: each event this turn committed is a receipt in its workflow’s words; another turn’s events are not', () => {
    const commit = commitOf({ records: [trip('r')] });
    const { receipts, turnEvents } = renderReceipts(
      't1',
      [event('r', 1, 'trip_started', { destination: 'Oslo' }, 't0'), event('r', 2, 'traveler_added', { name: 'Ada' })],
      scopeOf(commit),
    );
    expect(turnEvents).toHaveLength(1);
    expect(receipts).toEqual([
      {
        kind: 'receipt',
        id: 'receipt:r:2',
        recordId: 'r',
        workflow: 'trip',
        eventType: 'traveler_added',
        revision: 2,
        title: 'Traveler added',
        body: 'Ada is on the trip as traveler.',
      },
    ]);
  });

  it('a submission sent is a receipt of the request and not done until the outside accepts it', () => {
    const scope = scopeOf(commitOf({ records: [trip('r')] }));
    const sent = renderReceipts('t1', [event('r', 3, 'hotel_booking_requested', { destination: 'Oslo' })], scope);
    expect(sent.receipts.map((r) => r.title)).toEqual(['Hotel booking requested']);
    expect(sent.submissionsNotDone).toEqual([
      { code: 'submission_pending', text: 'Still waiting for an answer on the hotel booking: it is not done yet.', recordId: 'r' },
    ]);
  });

  it('only an accepted submission is a receipt; a refusal is not done, with its reason', () => {
    const scope = scopeOf(commitOf({ records: [trip('r')] }));
    const accepted = renderReceipts('t1', [event('r', 4, SUBMISSION_UPDATED, { submission: 'hotel_booking', status: 'accepted' })], scope);
    expect(accepted.receipts.map((r) => [r.title, r.body])).toEqual([['Answer received', 'The answer on the hotel booking was yes: it is done.']]);
    expect(accepted.submissionsNotDone).toEqual([]);
    const refused = renderReceipts('t1', [event('r', 4, SUBMISSION_UPDATED, { submission: 'hotel_booking', status: 'refused', reason: 'full' })], scope);
    expect(refused.receipts).toEqual([]);
    expect(refused.submissionsNotDone.map((n) => n.text)).toEqual(['The answer on the hotel booking was no: it was not done (full).']);
  });

  it('an event no receipt renders is a bug, named', () => {
    const scope = scopeOf(commitOf({ records: [trip('r')] }));
    expect(() => renderReceipts('t1', [event('r', 2, 'teleported', {})], scope)).toThrow('no receipt renders teleported on record r');
    expect(() => renderReceipts('t1', [event('gone', 2, 'traveler_added', {})], scope)).toThrow('on record gone');
  });
});

describe('where the turn stands', () => {
  it('in view: the records before the turn, then those its acts reached, then those its questions name — held ones, once each', () => {
    const commit = commitOf(
      {
        records: [trip('a'), trip('b'), trip('c')],
        acts: [applied('b'), applied('a'), applied('gone')],
        context: { ask: null, aboutRecord: null, inView: ['a', 'missing'], history: [] },
      },
      { questions: [status(['c', 'b'])] },
    );
    const focus = turnFocus(commit, scopeOf(commit));
    expect(focus.inView).toEqual(['a', 'b', 'c']);
    expect(focus.on).toEqual({ recordId: 'b', reach: 'full' });
  });

  it('a turn that reached no record is on the one the last reply was about', () => {
    const commit = commitOf({ records: [trip('a')], context: { ask: null, aboutRecord: 'a', inView: ['a'], history: [] } });
    expect(turnFocus(commit, scopeOf(commit)).on).toEqual({ recordId: 'a', reach: 'full' });
  });
});

describe('outcome document phase', () => {
  it('not done, in order: submissions, acts, other refusals, unread parts', () => {
    const commit = commitOf(
      {
        records: [trip('r')],
        acts: [{ status: 'not_done', code: 'refused', text: 'No.', recordId: 'r', workflow: 'trip', operation: 'confirm' }, applied('r')],
        otherNotDone: [{ code: 'card_declined', text: 'Declined.', recordId: 'r' }],
      },
      { unread: ['that thing'] },
    );
    const pending = { code: 'submission_pending' as const, text: 'Waiting.', recordId: 'r' };
    const outcome = gatherOutcome(commit, { receipts: [], submissionsNotDone: [pending] }, null, scopeOf(commit));
    expect(outcome.notDone).toEqual([
      pending,
      { code: 'refused', text: 'No.', recordId: 'r' },
      { code: 'card_declined', text: 'Declined.', recordId: 'r' },
      { code: 'not_understood', text: 'I did not understand this part of your message: “that thing”.' },
    ]);
  });

  it('done is each receipt by its own title and body; a workflow an act waits to create is starting', () => {
    const awaiting: ActOutcome = {
      status: 'awaiting',
      awaiting: { operation: 'start_trip', record: 'n', workflow: 'trip', values: {}, answers: 'destination' },
      starting: true,
      operationLabel: 'start a trip',
      fieldLabel: 'destination',
    };
    const commit = commitOf({ acts: [awaiting] });
    const receipts = renderReceipts('t1', [event('r', 2, 'traveler_added', { name: 'Ada' })], scopeOf(commitOf({ records: [trip('r')] }))).receipts;
    const outcome = gatherOutcome(commit, { receipts, submissionsNotDone: [] }, null, scopeOf(commit));
    expect(outcome.done).toEqual([{ receiptId: 'receipt:r:2', title: 'Traveler added', body: 'Ada is on the trip as traveler.' }]);
    expect(outcome.starting).toEqual([{ workflow: 'trip', noun: 'trip' }]);
  });

  it('the card on screen is the one the record the turn is on shows, unless declined this turn', () => {
    const commit = commitOf({ records: [trip('r', ready)] });
    const on = { recordId: 'r', reach: 'full' as const };
    expect(gatherOutcome(commit, { receipts: [], submissionsNotDone: [] }, on, scopeOf(commit)).card).toEqual({
      recordId: 'r',
      card: 'confirm_trip',
      title: 'Confirm this trip',
      buttons: [
        { key: 'confirm', label: 'Confirm' },
        { key: 'not_now', label: 'Not now' },
      ],
    });
    const declined = commitOf({ records: [trip('r', ready)], declinedCards: [{ recordId: 'r', card: 'confirm_trip' }] });
    expect(gatherOutcome(declined, { receipts: [], submissionsNotDone: [] }, on, scopeOf(declined)).card).toBeNull();
    expect(gatherOutcome(commit, { receipts: [], submissionsNotDone: [] }, null, scopeOf(commit)).card).toBeNull();
  });

  it('notices number what was not done, then the disputes, then the attachments', () => {
    const commit = commitOf(
      { records: [trip('r')], disputes: [{ receiptId: 'receipt:r:2', title: 'Traveler added', said: 'It was Ida' }] },
      { attachments: [{ name: 'a.pdf', mediaType: 'application/pdf', modelMayView: false }] },
    );
    expect(turnNotices(commit, [{ code: 'refused', text: 'No.' }], scopeOf(commit))).toEqual([
      { kind: 'notice', id: 'notice:0', code: 'refused', text: 'No.', recordId: null },
      { kind: 'notice', id: 'notice:1', code: 'disputed', text: 'You said “Traveler added” is not right: “It was Ida”.', recordId: 'r' },
      {
        kind: 'notice',
        id: 'notice:2',
        code: 'attachment_not_shown',
        text: 'I was not shown “a.pdf” (application/pdf), so I cannot say what it contains.',
        recordId: null,
      },
    ]);
  });
});

describe('the ask phase', () => {
  it('the first act waiting for a value is asked by its operation’s label and its field’s name', () => {
    const commit = commitOf({
      records: [trip('r')],
      acts: [
        {
          status: 'awaiting',
          awaiting: { operation: 'add_extra', record: 'r', workflow: 'trip', values: {}, answers: 'extra' },
          starting: false,
          operationLabel: 'add an extra',
          fieldLabel: 'extra',
        },
      ],
    });
    const ask = turnAsk(commit, turnFocus(commit, scopeOf(commit)), false, scopeOf(commit));
    expect(ask).toMatchObject({ kind: 'awaited_value', text: 'To add an extra, what extra should I use?', recordId: 'r' });
  });

  it('a card button pressed counts as acting: the ask moves on to the next record in view that owes something', () => {
    const records = [trip('done', { ...ready, confirmed: true }), trip('owing')];
    const context = { ask: null, aboutRecord: null, inView: ['owing'], history: [] };
    const pressed = commitOf(
      { records, acts: [applied('done', 'confirm')], context },
      { cardResponses: [{ record: 'done', card: 'confirm_trip', response: 'pressed' }] },
    );
    expect(turnAsk(pressed, turnFocus(pressed, scopeOf(pressed)), false, scopeOf(pressed))).toMatchObject({ kind: 'next_record', recordId: 'owing' });
    const idle = commitOf({ records, context: { ...context, aboutRecord: 'done' } });
    expect(turnAsk(idle, turnFocus(idle, scopeOf(idle)), false, scopeOf(idle))).toMatchObject({ kind: 'next_steps', recordId: 'done' });
  });
});

describe('answers phase', () => {
  const questions = [status(['r']), { text: 'Is it cold there?', kind: 'other' as const, records: [] }];
  const commit = commitOf({ records: [trip('r')] }, { questions });

  it('W3: without a writer, one answer per question in code’s own words, or explicitly not written', async () => {
    const { answers, calls } = await answerQuestions({ commit, inView: ['r'], scope: scopeOf(commit) });
    expect(answers.map((a) => [a.id, a.questionIndex, a.status, a.writtenBy])).toEqual([
      ['answer:0', 0, 'answered', 'code'],
      ['answer:1', 1, 'not_written', null],
    ]);
    expect(calls).toEqual([]);
  });

  it('a writer that throws or fails leaves code’s answer standing, and its calls are kept', async () => {
    const writer: TurnWriter = {
      answer: async (r) => {
        if (r.questionIndex === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return { ok: false, reason: 'timeout', calls: [{ task: 'answer', outcome: 'timeout' }] };
        }
        throw new Error('boom');
      },
      acknowledge: async () => ({ ok: false, reason: 'unused', calls: [] }),
    };
    const own = await answerQuestions({ commit, inView: ['r'], scope: scopeOf(commit) });
    const { answers, calls } = await answerQuestions({ commit, inView: ['r'], scope: scopeOf(commit), writer });
    expect(answers).toEqual(own.answers);
    expect(calls).toEqual([{ task: 'answer', outcome: 'timeout' }]);
  });

  it('the writer’s calls are evidence in the order they returned, not the order asked', async () => {
    const writer: TurnWriter = {
      answer: async (r) => {
        if (r.questionIndex === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        return { ok: true, text: 'x', status: 'answered', calls: [{ task: `answer ${r.questionIndex}`, outcome: 'ok' }] };
      },
      acknowledge: async () => ({ ok: false, reason: 'unused', calls: [] }),
    };
    const { answers, calls } = await answerQuestions({ commit, inView: ['r'], scope: scopeOf(commit), writer });
    expect(answers.map((a) => a.questionIndex)).toEqual([0, 1]);
    expect(calls.map((c) => c.task)).toEqual(['answer 1', 'answer 0']);
  });

  it('a written answer names its basis: knowledge when the source found some, else the records it rests on', async () => {
    const writer: TurnWriter = {
      answer: async (r) => ({
        ok: true,
        text: `written ${r.knowledge.status}`,
        status: 'answered',
        calls: [{ task: `answer ${r.questionIndex}`, outcome: 'ok' }],
      }),
      acknowledge: async () => ({ ok: false, reason: 'unused', calls: [] }),
    };
    const knowledge = {
      lookup: async (q: { text: string }) => (q.text === 'Where are we?' ? { status: 'found' as const, passages: ['p'] } : Promise.reject(new Error('down'))),
    };
    const { answers } = await answerQuestions({ commit, inView: ['r'], scope: scopeOf(commit), writer, knowledge });
    expect(answers.map((a) => [a.text, a.basis, a.writtenBy])).toEqual([
      ['written found', { source: 'knowledge', recordIds: ['r'] }, 'writer'],
      ['written unavailable', { source: 'record', recordIds: ['r'] }, 'writer'],
    ]);
  });
});

describe('transition phase', () => {
  const outcome: OutcomeDocument = { done: [], notDone: [], disputes: [], starting: [], ask: null, card: null };
  const acknowledging = (text: string | null): TurnWriter => ({
    answer: async () => ({ ok: false, reason: 'unused', calls: [] }),
    acknowledge: async (r) =>
      text === null
        ? { ok: false, reason: 'review_failed', calls: [{ task: 'acknowledge', outcome: 'ok' }] }
        : { ok: true, text: `${text} (${r.message})`, calls: [] },
  });

  it('without a writer the reply is code’s own words', async () => {
    const { transition, calls } = await writeTransition({ commit: commitOf(), outcome, answers: [], notices: [], on: null, scope: scopeOf(commitOf()) });
    expect(transition).toEqual({ kind: 'transition', id: 'transition', text: 'Noted.', writtenBy: 'code', fallbackReason: null });
    expect(calls).toEqual([]);
  });

  it('a written acknowledgement replaces code’s words; a failed one leaves them with the reason', async () => {
    const phases: string[] = [];
    const commit = commitOf({ records: [trip('r')] });
    const base = { commit, outcome, answers: [], notices: [], on: null, scope: scopeOf(commit), onPhase: (p: string) => phases.push(p) };
    expect((await writeTransition({ ...base, writer: acknowledging('Hi') })).transition).toMatchObject({ text: 'Hi (hello)', writtenBy: 'writer' });
    const failed = await writeTransition({ ...base, writer: acknowledging(null) });
    expect(failed.transition).toMatchObject({ text: 'Noted.', writtenBy: 'code', fallbackReason: 'review_failed' });
    expect(failed.calls).toEqual([{ task: 'acknowledge', outcome: 'ok' }]);
    expect(phases).toEqual(['acknowledging', 'acknowledging']);
  });

  it('the writer is not shown the message beside something not done', async () => {
    const commit = commitOf();
    const notDone = { ...outcome, notDone: [{ code: 'refused' as const, text: 'No.' }] };
    const { transition } = await writeTransition({
      commit,
      outcome: notDone,
      answers: [],
      notices: [],
      on: null,
      scope: scopeOf(commit),
      writer: acknowledging('Hi'),
    });
    expect(transition.text).toBe('Hi (null)');
  });

  it('a turn that only answers questions is not acknowledged: its reply is the answers as written', async () => {
    const commit = commitOf({}, { questions: [status()] });
    expect(onlyAnswers(commit.understanding)).toBe(true);
    expect(onlyAnswers({ ...commit.understanding, unread: ['x'] })).toBe(false);
    const { transition } = await writeTransition({ commit, outcome, answers: [], notices: [], on: null, scope: scopeOf(commit), writer: acknowledging('Hi') });
    expect(transition.writtenBy).toBe('code');
  });

  it('guidance is the workflow’s for the phase the record the turn is on is in', () => {
    const commit = commitOf({ records: [trip('r', ready)] });
    expect(guidanceFor({ recordId: 'r', reach: 'full' }, scopeOf(commit))).toBe(tripWorkflow.guidance!.confirming!.en);
    expect(guidanceFor(null, scopeOf(commit))).toBeNull();
  });
});

describe('composeTurn', () => {
  it('blocks in reply order: receipts, notices, answers, card, transition; evidence counts the events committed', async () => {
    const commit = commitOf(
      { records: [trip('r', ready, 2)], acts: [applied('r')], otherNotDone: [{ code: 'unknown_card', text: 'No such card.' }] },
      { acts: [{ operation: 'add_traveler', record: 'r', values: { name: 'Ada' }, answersAsk: false }], questions: [status(['r'])] },
    );
    const result = await composeTurn(commit, [event('r', 2, 'traveler_added', { name: 'Ada' })], {
      workflows: new Map([[tripWorkflow.key, tripWorkflow]]),
      copy: ServerCopy.builtIn(),
    });
    expect(result.blocks.map((b) => b.id)).toEqual(['receipt:r:2', 'notice:0', 'answer:0', 'card:r:confirm_trip', 'transition']);
    expect(result.aboutRecord).toBe('r');
    expect(result.evidence).toEqual({ modelCalls: [], understandingFailure: null, eventsCommitted: 1 });
  });

  it('reports its phases as it enters them, and ends on the claim guard', async () => {
    const commit = commitOf({ records: [trip('r')] }, { questions: [status(['r'])], unread: ['x'] });
    const phases: string[] = [];
    const writer: TurnWriter = {
      answer: async () => ({ ok: true, text: 'Oslo.', status: 'answered', calls: [] }),
      acknowledge: async (r) => {
        r.reportPhase('reviewing');
        return { ok: true, text: 'Fine.', calls: [] };
      },
    };
    await composeTurn(commit, [], {
      workflows: new Map([[tripWorkflow.key, tripWorkflow]]),
      copy: ServerCopy.builtIn(),
      writer,
      onPhase: (p) => phases.push(p),
    });
    expect(phases).toEqual(['answering', 'acknowledging', 'reviewing', 'guarding']);
  });

  it('«where are we?» with several records in view ends on the chosen ask, its need said once, the ask’s record last', async () => {
    const hotel = { travelers: ['Ida'], extras: [{ name: 'hotel', payer: null }] };
    const commit = commitOf(
      {
        records: [trip('a'), trip('b', hotel), trip('c', ready)],
        context: { ask: null, aboutRecord: 'b', inView: ['a', 'b', 'c'], history: [] },
      },
      { questions: [status()] },
    );
    const result = await composeTurn(commit, [], { workflows: new Map([[tripWorkflow.key, tripWorkflow]]), copy: ServerCopy.builtIn() });
    const payer = 'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?';
    expect(result.ask).toMatchObject({ kind: 'obligation', recordId: 'b', text: payer });
    const text = result.blocks.at(-1)!.kind === 'transition' ? (result.blocks.at(-1) as { text: string }).text : '';
    expect(text.split('\n')).toEqual([
      'Trip “a” still needs something: Who is traveling? Trip “c” has everything it needs. Trip “b” still needs something:',
      payer,
    ]);
    expect(text.split(payer)).toHaveLength(2);
  });

  it('the ask’s record keeps its other needs in the status line; the one the ask asks is said last', async () => {
    const commit = commitOf(
      { records: [trip('a', { extras: [{ name: 'car', payer: null }] })], context: { ask: null, aboutRecord: 'a', inView: ['a'], history: [] } },
      { questions: [status()] },
    );
    const result = await composeTurn(commit, [], { workflows: new Map([[tripWorkflow.key, tripWorkflow]]), copy: ServerCopy.builtIn() });
    expect(result.ask?.text).toBe('Who is traveling?');
    expect(result.blocks.find((b) => b.kind === 'transition')).toMatchObject({
      text: 'Trip “a” still needs something: The extra “car” has no payer yet: who pays for it, the company or the traveler?\nWho is traveling?',
    });
  });

  it('a sentence about a record agrees with its noun’s declared gender: «Inizio una nuova pratica», «Ich lege eine neue Akte an»', async () => {
    const practice = {
      ...tripWorkflow,
      key: 'pratica',
      noun: { en: 'case', it: { word: 'pratica', gender: 'feminine' }, de: { word: 'Akte', gender: 'feminine' } },
    } as typeof tripWorkflow;
    const starting: ActOutcome = {
      status: 'awaiting',
      awaiting: { operation: 'start_trip', record: 'n', workflow: 'pratica', values: {}, answers: 'destination' },
      starting: true,
      operationLabel: 'aprire una pratica',
      fieldLabel: 'meta',
    };
    const options = { workflows: new Map([[practice.key, practice]]), copy: ServerCopy.builtIn() };
    const italian = await composeTurn(commitOf({ locale: 'it-IT', acts: [starting] }), [], options);
    expect(italian.blocks.at(-1)).toMatchObject({ kind: 'transition', text: 'Inizio una nuova pratica.\nPer aprire una pratica, quale meta devo usare?' });
    const german = await composeTurn(commitOf({ locale: 'de', acts: [{ ...starting, operationLabel: 'eine Akte anlegen', fieldLabel: 'Ziel' }] }), [], options);
    expect(german.blocks.at(-1)).toMatchObject({
      kind: 'transition',
      text: 'Ich lege eine neue Akte an.\nFür „eine Akte anlegen“ fehlt noch eine Angabe: Ziel. Was soll ich eintragen?',
    });
  });

  it('W1: a receipt the guard finds no committed event behind is refused', async () => {
    const commit = commitOf({ records: [trip('r')] });
    // Two events sharing a revision render two receipts with one id: the guard refuses the turn.
    const events = [event('r', 2, 'traveler_added', { name: 'Ada' }), event('r', 2, 'traveler_added', { name: 'Ida' })];
    await expect(composeTurn(commit, events, { workflows: new Map([[tripWorkflow.key, tripWorkflow]]), copy: ServerCopy.builtIn() })).rejects.toBeInstanceOf(
      ClaimRefusedError,
    );
  });
});
