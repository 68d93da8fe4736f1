import { resolveEventState } from '../event-state.js';
import { defineGate } from '../gate.js';
import { stopState } from '../suggestion-result.js';

/**
 * Event gate: the state from the timeline and status (active, liked-message pause, ghosted, CTA,
 * lost interest, reactivated, closed), deterministically. One bounded re-entry after silence, and
 * every explicit boundary the burst reader found: `end_contact` closes, `pause` holds.
 */
export const eventGate = defineGate('event', ({ match, now, thresholds, state, copy }) => {
  const reading = resolveEventState(match, now, thresholds);
  state.event = reading;
  const detail = { state: reading.state, task: reading.task, reEntries: reading.reEntries };
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
  const boundaries = state.timeline?.reading?.obligations.filter((o) => o.kind === 'boundary') ?? [];
  if (boundaries.some((b) => b.boundary === 'end_contact')) {
    state.event = { ...reading, state: 'closed', task: null, stop: 'close', reason: 'boundary_end_contact' };
    return { decision: 'stop', reason: 'boundary_end_contact', stop: stopState('close', copy.boundaryEndContact), detail: { ...detail, state: 'closed' } };
  }
  if (!state.timeline?.answered && boundaries.some((b) => b.boundary === 'pause')) {
    return { decision: 'stop', reason: 'boundary_pause', stop: stopState('hold', copy.boundaryPause), detail };
  }
  return { decision: 'pass', reason: reading.reason, detail: { ...detail, topicBoundaries: boundaries.filter((b) => b.boundary === 'topic').map((b) => b.id) } };
});
