import { describe, expect, it } from 'vitest';
import type { ModelCallRecord, TaskResult } from '../../model/index.js';
import type { BurstReading, Callback, Obligation } from '../skill-schemas.js';
import type { BurstInput, SuggestSkills } from '../suggest-skills.js';
import { testContext, testMatch, testMessage as msg } from '../testing.js';
import { EARLIER_CONTEXT, timelineGate } from './timeline-gate.js';

const call: ModelCallRecord = {
  task: 'suggest.burst',
  promptName: 'built-in:suggest.burst',
  promptHash: 'sha256:0',
  modelId: 'test',
  startedAt: '2026-11-01T12:00:00.000Z',
  latencyMs: 0,
  inputTokens: 0,
  outputTokens: 0,
  outcome: 'ok',
};
/** A burst reader answering `reading` (or failing with a timeout), keeping what it was asked. */
function reader(reading: BurstReading | null): SuggestSkills & { inputs: BurstInput[] } {
  const inputs: BurstInput[] = [];
  const answer: TaskResult<BurstReading> = reading
    ? { ok: true, value: reading, call }
    : { ok: false, reason: 'timeout', call: { ...call, outcome: 'timeout' } };
  const unused = () => Promise.resolve({ ok: false as const, reason: 'timeout' as const, call });
  return {
    inputs,
    readBurst: (input) => (inputs.push(input), Promise.resolve(answer)),
    planStrategy: unused,
    draftCandidates: unused,
    reviewCandidates: unused,
  };
}
const obligation = (o: Partial<Obligation>): Obligation => ({
  id: 'o1',
  kind: 'direct_question',
  messageId: 'b',
  summary: '',
  primary: true,
  boundary: null,
  avoidTerms: [],
  needsUserFact: null,
  ...o,
});
const reading = (over: Partial<BurstReading> = {}): BurstReading => ({ obligations: [], callbacks: [], topics: [], boundaries: [], rulings: [], ...over });

describe('timeline gate: what it records', () => {
  it('timeline: every verdict records the bursts, who wrote last, whether it was answered and the explicit callbacks', async () => {
    const m = testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'hi', { replyTo: 'a' }), msg('c', 'match', 1.1)]);
    const verdict = await timelineGate.run(testContext(m, 2));
    expect(verdict).toEqual({
      decision: 'needs_model',
      reason: 'burst_reading_needs_model',
      detail: {
        burst: ['b', 'c'],
        burstAuthor: 'match',
        matchBurst: ['b', 'c'],
        answered: false,
        explicitCallbacks: [{ messageId: 'b', refersTo: 'a', certainty: 'explicit' }],
      },
    });
    const answered = testMatch([msg('a', 'match', 0), msg('b', 'user', 1)]);
    expect(await timelineGate.run(testContext(answered, 100))).toMatchObject({
      detail: { burst: ['b'], burstAuthor: 'user', matchBurst: ['a'], answered: true },
    });
    expect(await timelineGate.run(testContext(testMatch([]), 1))).toEqual({
      decision: 'pass',
      reason: 'no_match_burst',
      detail: { burst: [], burstAuthor: null, matchBurst: [], answered: false, explicitCallbacks: [] },
    });
  });
  it('timeline: a failed reading records its outcome; a reply it fails names the step', async () => {
    const holding = await timelineGate.run(testContext(testMatch([msg('a', 'match', 0), msg('b', 'user', 1)]), 2, { skills: reader(null) }));
    expect(holding).toMatchObject({
      decision: 'pass',
      reason: 'reading_failed_event_holds',
      detail: { outcome: 'timeout', matchBurst: ['a'], answered: true },
    });
    const replying = await timelineGate.run(testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1)]), 2, { skills: reader(null) }));
    expect(replying).toMatchObject({ decision: 'stop', reason: 'burst_reading_failed', detail: { matchBurst: ['b'] } });
    expect(replying.decision === 'stop' && replying.stop.analysisSummary).toBe(
      'Reading their latest messages could not be completed (the model took too long); no unchecked reply is shown. Try again shortly.',
    );
  });
  it('timeline: a reading records each obligation’s id, kind and primacy', async () => {
    const m = testMatch([msg('a', 'user', 0), msg('b', 'match', 1)]);
    const s = reader(reading({ obligations: [obligation({ id: 'q' }), obligation({ id: 'g', kind: 'greeting', primary: false })] }));
    expect(await timelineGate.run(testContext(m, 2, { skills: s }))).toMatchObject({
      decision: 'pass',
      reason: 'burst_read',
      detail: {
        obligations: [
          { id: 'q', kind: 'direct_question', primary: true },
          { id: 'g', kind: 'greeting', primary: false },
        ],
      },
    });
  });
});

describe('timeline gate: what the reader is given and what is kept', () => {
  it(`timeline: the reader sees the ${EARLIER_CONTEXT} messages before the burst, not the burst again`, async () => {
    const before = Array.from({ length: EARLIER_CONTEXT + 5 }, (_, i) => msg(`e${i}`, i % 2 === 0 ? 'user' : 'match', i / 100));
    const m = testMatch([...before, msg('u', 'user', 1), msg('b1', 'match', 2), msg('b2', 'match', 2.1)]);
    const s = reader(reading());
    await timelineGate.run(testContext(m, 3, { skills: s }));
    expect(s.inputs).toHaveLength(1);
    expect(s.inputs[0]!.burst.map((v) => v.id)).toEqual(['b1', 'b2']);
    expect(s.inputs[0]!.earlier.map((v) => v.id)).toEqual([...before.slice(6).map((x) => x.id), 'u']);
    const short = testMatch([msg('u', 'user', 0), msg('b1', 'match', 1)]);
    const t = reader(reading());
    await timelineGate.run(testContext(short, 2, { skills: t }));
    expect(t.inputs[0]!.earlier.map((v) => v.id)).toEqual(['u']);
  });
  it('timeline: of two obligations the reader marked primary, only the first stays primary', async () => {
    const m = testMatch([msg('a', 'user', 0), msg('b', 'match', 1), msg('c', 'match', 1.1)]);
    const context = testContext(m, 2, {
      skills: reader(
        reading({
          obligations: [
            obligation({ id: 'o1', primary: false }),
            obligation({ id: 'o2', primary: true }),
            obligation({ id: 'o3', messageId: 'c', primary: true }),
          ],
        }),
      ),
    });
    await timelineGate.run(context);
    expect(context.state.timeline!.reading!.obligations.map((o) => [o.id, o.primary])).toEqual([
      ['o1', false],
      ['o2', true],
      ['o3', false],
    ]);
  });
  it('timeline: a callback the reader repeats from reply_to is kept once; one differing in either end is its own', async () => {
    const m = testMatch([
      msg('a', 'match', 0),
      msg('b', 'user', 1),
      msg('c', 'match', 2, 'hi', { replyTo: 'b' }),
      msg('d', 'match', 2.1, 'hi', { replyTo: 'a' }),
      msg('e', 'match', 2.2),
    ]);
    const probable = (messageId: string, refersTo: string): Callback => ({ messageId, refersTo, certainty: 'probable' });
    const context = testContext(m, 3, { skills: reader(reading({ callbacks: [probable('c', 'b'), probable('c', 'a'), probable('e', 'b')] })) });
    await timelineGate.run(context);
    expect(context.state.timeline!.reading!.callbacks).toEqual([
      { messageId: 'c', refersTo: 'b', certainty: 'explicit' },
      { messageId: 'd', refersTo: 'a', certainty: 'explicit' },
      probable('c', 'a'),
      probable('e', 'b'),
    ]);
  });
  it('timeline: without any reply_to, every callback the reader found is kept', async () => {
    const m = testMatch([msg('a', 'match', 0), msg('b', 'user', 1), msg('c', 'match', 2)]);
    const context = testContext(m, 3, { skills: reader(reading({ callbacks: [{ messageId: 'c', refersTo: 'a', certainty: 'probable' }] })) });
    await timelineGate.run(context);
    expect(context.state.timeline!.reading!.callbacks).toEqual([{ messageId: 'c', refersTo: 'a', certainty: 'probable' }]);
  });
});

describe('W12: the reader rules on every message code suspects', () => {
  const thread = () =>
    testMatch([
      // Far outside the earlier context the reader is shown: a suspicion is shown wherever it is.
      msg('old', 'match', 0, 'My ex kept texting me, I had to block him'),
      ...Array.from({ length: EARLIER_CONTEXT + 2 }, (_, i) => msg(`f${i}`, i % 2 === 0 ? 'user' : 'match', 1 + i / 100)),
      msg('u', 'user', 2),
      msg('b', 'match', 3, 'Please stop texting me.'),
    ]);
  it('timeline: the reader is shown every suspected message with the wording, certainty and doubts code read', async () => {
    const s = reader(
      reading({
        rulings: [
          { messageId: 'old', sets: 'none', why: 'someone_else', pauseDays: null, avoidTerms: [] },
          { messageId: 'b', sets: 'end_contact', why: 'meant', pauseDays: null, avoidTerms: [] },
        ],
      }),
    );
    const verdict = await timelineGate.run(testContext(thread(), 4, { skills: s }));
    expect(s.inputs[0]!.suspected.map((x) => [x.message.id, x.scope, x.certainty, x.doubts])).toEqual([
      ['old', 'end_contact', 'suspected', ['someone_else', 'other_sense']],
      ['b', 'end_contact', 'explicit', []],
    ]);
    expect(verdict).toMatchObject({ decision: 'pass', detail: { suspected: ['old', 'b'] } });
  });
  it('timeline: a suspected message the reader did not rule on fails the reading, never passes silently', async () => {
    const s = reader(reading({ rulings: [{ messageId: 'b', sets: 'end_contact', why: 'meant', pauseDays: null, avoidTerms: [] }] }));
    const context = testContext(thread(), 4, { skills: s });
    const verdict = await timelineGate.run(context);
    expect(verdict).toMatchObject({ decision: 'stop', reason: 'burst_reading_failed', detail: { outcome: 'unruled_suspicions', unruled: ['old'] } });
    expect(verdict.decision === 'stop' && verdict.stop.analysisSummary).toContain('the reading left a possible boundary unexamined');
    expect(context.state.timeline?.reading).toBeNull();
  });
});
