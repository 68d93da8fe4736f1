import { describe, expect, it } from 'vitest';
import type { BurstReading } from '../skill-schemas.js';
import { stopCopy } from '../stop-copy.js';
import { testContext, testMatch, testMessage as msg } from '../testing.js';
import { eventGate } from './event-gate.js';

describe('event gate: what it records', () => {
  it('event: the gate is named event; a closed status closes with its own sentence even when an end of contact was said', async () => {
    expect(eventGate.name).toBe('event');
    const m = testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'Please stop texting me.')], { status: 'closed' });
    expect(await eventGate.run(testContext(m, 2))).toMatchObject({
      reason: 'status_closed',
      stop: { analysisSummary: 'This conversation is closed, so no message should be written.' },
    });
  });
  it('event: an end of contact leaves a closed state and says which message set it', async () => {
    const context = testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'Please stop texting me.')]), 2);
    expect(await eventGate.run(context)).toMatchObject({ detail: { state: 'closed', boundary: 'b', task: 'reply' } });
    expect(context.state.event).toMatchObject({ state: 'closed', task: null, stop: 'close', reason: 'boundary_end_contact' });
  });
  it('event: a pause leaves a held state and says its message and end, the summary giving the day', async () => {
    const context = testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'Give me two weeks!')]), 2);
    const verdict = await eventGate.run(context);
    expect(verdict).toMatchObject({
      detail: { boundary: 'b', until: '2026-11-15T13:00:00.000Z' },
      stop: { analysisSummary: 'They asked for time, and that pause holds until 2026-11-15; write nothing before then.' },
    });
    expect(context.state.event).toMatchObject({ state: 'active', task: null, stop: 'hold', reason: 'boundary_pause' });
  });
  it('event: a liked message rests for the threshold, said in hours', async () => {
    const m = testMatch([msg('a', 'match', 0), msg('b', 'user', 1, 'hi', { liked: true })]);
    expect(await eventGate.run(testContext(m, 2))).toMatchObject({
      stop: { analysisSummary: 'They liked your last message without replying yet; give it at least 48 hours before writing again.' },
    });
  });
});

describe('W12: who decides, at the event gate', () => {
  const withReading = (messages: Parameters<typeof testMatch>[0], rulings: BurstReading['rulings'], language = 'en') => {
    const context = testContext(testMatch(messages, { language }), 2);
    context.state.timeline = {
      burst: [],
      matchBurst: [],
      answered: false,
      explicitCallbacks: [],
      reading: { obligations: [], callbacks: [], topics: [], boundaries: [], rulings },
    };
    return context;
  };
  it('event: code and the reading disagree about an explicit request to stop writing — the user is asked the smallest question', async () => {
    const context = withReading(
      [msg('a', 'user', 0), msg('b', 'match', 1, 'Please stop texting me.')],
      [{ messageId: 'b', sets: 'none', why: 'joke', pauseDays: null, avoidTerms: [] }],
    );
    expect(await eventGate.run(context)).toMatchObject({
      decision: 'stop',
      reason: 'boundary_disputed',
      stop: { resultType: 'clarification', question: 'They wrote “Please stop texting me.” — did they mean it, or was it a joke?' },
      detail: { boundary: 'b' },
    });
    const lt = withReading(
      [msg('a', 'user', 0), msg('b', 'match', 1, 'Daugiau nerašyk man.')],
      [{ messageId: 'b', sets: 'none', why: 'joke', pauseDays: null, avoidTerms: [] }],
      'lt',
    );
    expect(await eventGate.run(lt)).toMatchObject({
      stop: { resultType: 'clarification', question: 'Jie parašė „Daugiau nerašyk man.“ — ar tai rimtai, ar juokais?' },
    });
  });
  it('event: a correct reading of a joke writes on; the same joke without a model holds for a reading, never closes', async () => {
    const joke = [msg('a', 'user', 0), msg('b', 'match', 1, 'I almost unmatched you for that pizza opinion haha. What are you up to?')];
    expect(await eventGate.run(withReading(joke, [{ messageId: 'b', sets: 'none', why: 'joke', pauseDays: null, avoidTerms: [] }]))).toMatchObject({
      decision: 'pass',
    });
    const alone = testContext(testMatch(joke), 2);
    expect(await eventGate.run(alone)).toMatchObject({
      decision: 'stop',
      reason: 'boundary_needs_reading',
      stop: { resultType: 'hold', analysisSummary: stopCopy('en').boundaryNeedsReading },
      detail: { unread: ['b'] },
    });
  });
  it('event: a pause the reader reads with its own days holds those days, not the term code read', async () => {
    const context = withReading(
      [msg('a', 'user', 0), msg('b', 'match', 1, "I'm away until the 4th, don't text me till then")],
      [{ messageId: 'b', sets: 'pause', why: 'meant', pauseDays: 14, avoidTerms: [] }],
    );
    expect(await eventGate.run(context)).toMatchObject({ reason: 'boundary_pause', detail: { until: '2026-11-15T13:00:00.000Z' } });
  });
});
