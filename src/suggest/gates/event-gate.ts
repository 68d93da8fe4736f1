import { boundaryLedger } from '../boundary-ledger.js';
import { resolveEventState } from '../event-state.js';
import { defineGate } from '../gate.js';
import type { Match } from '../match.js';
import { stopState } from '../suggestion-result.js';

/** The words to quote back to the user: the message itself when short, else the wording code read, with an ellipsis. */
function quoteOf(match: Match, messageId: string, words: string): string {
  const text = match.messages.find((m) => m.id === messageId)?.text.trim() ?? words;
  return text.length <= 80 ? text : `${words} …`;
}

/**
 * Event gate: the state from the timeline and status (active, liked-message pause, ghosted, CTA,
 * lost interest, reactivated, closed), deterministically. Every boundary of the thread holds for
 * its whole term, wherever it was said and whoever wrote since (the boundary ledger): an end of
 * contact closes at once, a pause holds until its term has passed. Then one bounded re-entry
 * after silence.
 */
export const eventGate = defineGate('event', ({ match, now, thresholds, state, copy, skills }) => {
  const reading = resolveEventState(match, now, thresholds);
  const ledger = boundaryLedger(match, state.timeline?.reading ?? null, now);
  state.event = reading;
  state.boundaries = ledger;
  const detail = {
    state: reading.state,
    task: reading.task,
    reEntries: reading.reEntries,
    boundaries: ledger.entries.length,
    decidedBy: ledger.decidedBy,
    suspicions: ledger.suspicions.length,
  };
  // Code read an explicit request to stop writing and the reading says otherwise: neither closing
  // for good nor writing on is Warrant's guess to make (W12).
  if (reading.reason !== 'status_closed' && ledger.disputed && !ledger.endContact) {
    state.event = { ...reading, task: null, stop: 'hold', reason: 'boundary_disputed' };
    return {
      decision: 'stop',
      reason: 'boundary_disputed',
      stop: stopState(
        'clarification',
        copy.boundaryDisputedSummary,
        copy.boundaryDisputedQuestion(quoteOf(match, ledger.disputed.messageId, ledger.disputed.words)),
      ),
      detail: { ...detail, boundary: ledger.disputed.messageId, words: ledger.disputed.words },
    };
  }
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
  // Only with no model at all: a reading that failed while the conversation holds leaves the hold its own reason.
  if (reading.stop !== 'close' && ledger.unread.length > 0 && !skills) {
    state.event = { ...reading, task: null, stop: 'hold', reason: 'boundary_needs_reading' };
    return {
      decision: 'stop',
      reason: 'boundary_needs_reading',
      stop: stopState('hold', copy.boundaryNeedsReading),
      detail: { ...detail, unread: [...new Set(ledger.unread.map((s) => s.messageId))] },
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
