import { describe, expect, it } from 'vitest';
import { testContext, testMatch, testMessage as msg } from '../testing.js';
import { eventGate } from './event-gate.js';

describe('event gate: what it records', () => {
  it('event: the gate is named event; a closed status closes with its own sentence even when an end of contact was said', async () => {
    expect(eventGate.name).toBe('event');
    const m = testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'Please stop texting me.')], { status: 'closed' });
    expect(await eventGate.run(testContext(m, 2))).toMatchObject({ reason: 'status_closed', stop: { analysisSummary: 'This conversation is closed, so no message should be written.' } });
  });
  it('event: an end of contact leaves a closed state and says which message set it', async () => {
    const context = testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'Please stop texting me.')]), 2);
    expect(await eventGate.run(context)).toMatchObject({ detail: { state: 'closed', boundary: 'b', task: 'reply' } });
    expect(context.state.event).toMatchObject({ state: 'closed', task: null, stop: 'close', reason: 'boundary_end_contact' });
  });
  it('event: a pause leaves a held state and says its message and end, the summary giving the day', async () => {
    const context = testContext(testMatch([msg('a', 'user', 0), msg('b', 'match', 1, 'Give me two weeks!')]), 2);
    const verdict = await eventGate.run(context);
    expect(verdict).toMatchObject({ detail: { boundary: 'b', until: '2026-11-15T13:00:00.000Z' }, stop: { analysisSummary: 'They asked for time, and that pause holds until 2026-11-15; write nothing before then.' } });
    expect(context.state.event).toMatchObject({ state: 'active', task: null, stop: 'hold', reason: 'boundary_pause' });
  });
  it('event: a liked message rests for the threshold, said in hours', async () => {
    const m = testMatch([msg('a', 'match', 0), msg('b', 'user', 1, 'hi', { liked: true })]);
    expect(await eventGate.run(testContext(m, 2))).toMatchObject({ stop: { analysisSummary: 'They liked your last message without replying yet; give it at least 48 hours before writing again.' } });
  });
});
