import { describe, expect, it } from 'vitest';
import { reviewChecks, reviewSchema } from './review-checks.js';
import { ackRequest, answerBlock, noticeBlock } from './testing.js';

/** Fast tests of the review's checklist: only the checks that apply are asked, each required. */

const card = { recordId: 'trip-1', card: 'confirm_trip', title: 'Confirm this trip', buttons: [{ key: 'confirm', label: 'Confirm' }] };
const ask = { id: 'ask:obligation:trip-1:travelers:0', kind: 'obligation' as const, text: 'Who is traveling?', recordId: 'trip-1' };
const keys = (request: Parameters<typeof reviewChecks>[0]) => reviewChecks(request).map((c) => c.key);

describe('review checks', () => {
  it('holding to the material is always asked', () => {
    expect(keys(ackRequest({ ask: null, card: null, answers: [], notices: [] }))).toEqual(['holds_to_material']);
  });

  it('asking the ask is asked only when there is an ask, quoting the ask', () => {
    const checks = reviewChecks(ackRequest({ ask, card: null, answers: [], notices: [] }));
    expect(checks.map((c) => c.key)).toEqual(['asks_the_ask', 'holds_to_material']);
    expect(checks[0]!.question).toContain('"Who is traveling?"');
    expect(checks[0]!.question).toContain('ask nothing else');
  });

  it('agreeing with the card is asked only when a card is on screen', () => {
    expect(keys(ackRequest({ ask: null, card, answers: [], notices: [] }))).toEqual(['holds_to_material', 'agrees_with_card']);
  });

  it('keeping answers and notices is asked when there is a written answer or a notice, not for unwritten answers alone', () => {
    expect(keys(ackRequest({ ask: null, card: null, answers: [answerBlock()], notices: [] }))).toContain('keeps_answers_and_notices');
    expect(keys(ackRequest({ ask: null, card: null, answers: [], notices: [noticeBlock()] }))).toContain('keeps_answers_and_notices');
    expect(keys(ackRequest({ ask: null, card: null, answers: [answerBlock({ text: null, status: 'not_written' })], notices: [] }))).toEqual([
      'holds_to_material',
    ]);
  });

  it('each check asks its own question, in words the review model can answer', () => {
    const questions = Object.fromEntries(
      reviewChecks(ackRequest({ ask, card, answers: [answerBlock()], notices: [noticeBlock()] })).map((c) => [c.key, c.question]),
    );
    expect(questions.holds_to_material).toMatch(/only actions, values and promises the material holds/);
    expect(questions.agrees_with_card).toMatch(/agree with the card on screen/);
    expect(questions.keeps_answers_and_notices).toMatch(/keep everything each answer and each notice says/);
  });

  it('every check that applies, in a stable order', () => {
    expect(keys(ackRequest({ ask, card, answers: [answerBlock()], notices: [noticeBlock()] }))).toEqual([
      'asks_the_ask',
      'holds_to_material',
      'agrees_with_card',
      'keeps_answers_and_notices',
    ]);
  });

  it('the review’s answer needs a verdict for every check asked, and nothing else', () => {
    const checks = reviewChecks(ackRequest({ ask, card: null, answers: [], notices: [] }));
    const schema = reviewSchema(checks);
    const verdict = { passes: true, finding: '' };
    expect(schema.safeParse({ asks_the_ask: verdict, holds_to_material: verdict }).success).toBe(true);
    expect(schema.safeParse({ holds_to_material: verdict }).success).toBe(false);
    expect(schema.safeParse({ asks_the_ask: verdict, holds_to_material: verdict, agrees_with_card: verdict }).success).toBe(false);
    expect(schema.safeParse({ asks_the_ask: { passes: 'yes', finding: '' }, holds_to_material: verdict }).success).toBe(false);
  });
});
