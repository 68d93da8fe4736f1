import { boundaryLedger } from '../boundary-ledger.js';
import { resolveEventState } from '../event-state.js';
import { defineGate } from '../gate.js';
import { stopState } from '../suggestion-result.js';

/**
 * Event gate: the state from the timeline and status (active, liked-message pause, ghosted, CTA,
 * lost interest, reactivated, closed), deterministically. Every boundary of the thread holds for
 * its whole term, wherever it was said and whoever wrote since (the boundary ledger): an end of
 * contact closes at once, a pause holds until its term has passed. Then one bounded re-entry
 * after silence.
 */
export const eventGate = defineGate('event', ({ match, now, thresholds, state, copy }) => {
  const reading = resolveEventState(match, now, thresholds);
  const ledger = boundaryLedger(match, state.timeline?.reading ?? null, now);
  state.event = reading;
  state.boundaries = ledger;
  const detail = { state: reading.state, task: reading.task, reEntries: reading.reEntries, boundaries: ledger.entries.length };
  if (reading.reason !== 'status_closed' && ledger.endContact) {
    state.event = { ...reading, state: 'closed', task: null, stop: 'close', reason: 'boundary_end_contact' };
    return {
      decision: 'stop',
      reason: 'boundary_end_contact',
      stop: stopState('close', copy.boundaryEndContact),
      detail: { ...detail, state: 'closed', boundary: ledger.endContact.messageId },
    };
  }
  if (reading.stop !== 'close' && ledger.pause) {
    state.event = { ...reading, task: null, stop: 'hold', reason: 'boundary_pause' };
    return {
      decision: 'stop',
      reason: 'boundary_pause',
      stop: stopState('hold', copy.boundaryPause(ledger.pause.until!.slice(0, 10))),
      detail: { ...detail, boundary: ledger.pause.messageId, until: ledger.pause.until },
    };
  }
  if (reading.stop !== null) {
    const summary: Record<string, string> = {
      status_closed: copy.statusClosed,
      re_entry_unanswered: copy.reEntryUnanswered,
      awaiting_match_after_cta: copy.awaitingAfterCta,
      re_entry_used_awaiting_reply: copy.reEntryUsed,
      liked_pause_resting: copy.likedPauseResting(Math.round(thresholds.likedPauseMs / 3_600_000)),
      awaiting_match_reply: copy.awaitingMatchReply,
    };
    const text = summary[reading.reason];
    if (!text) throw new Error(`no stop sentence for event reason ${reading.reason}`);
    return { decision: 'stop', reason: reading.reason, stop: stopState(reading.stop, text), detail };
  }
  return { decision: 'pass', reason: reading.reason, detail: { ...detail, topicBoundaries: ledger.topics.map((b) => b.messageId) } };
});
