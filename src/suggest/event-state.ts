import type { Match, MatchMessage } from './match.js';

/** Where the conversation stands. */
export type EventState = 'active' | 'liked_message_pause' | 'ghosted' | 'cta' | 'lost_interest' | 'reactivated' | 'closed';

/** The generation task an event allows: a first message, a reply, or the one re-entry after silence. */
export type GenerationTask = 'opener' | 'reply' | 're_entry';

/** Timing thresholds of the event gate, in milliseconds. */
export interface EventThresholds {
  /** Silence after the user's message before the match counts as gone quiet. Default 72 h: three evenings. */
  readonly ghostAfterMs: number;
  /** After the match liked the user's message without answering, how long to let it rest. Default 48 h. */
  readonly likedPauseMs: number;
}

/** Default {@link EventThresholds}. */
export const DEFAULT_EVENT_THRESHOLDS: EventThresholds = { ghostAfterMs: 72 * 3_600_000, likedPauseMs: 48 * 3_600_000 };

/** What the event gate concluded: the state, the task it allows (if any), and why. */
export interface EventReading {
  readonly state: EventState;
  /** The task generation may do; `null` when nothing should be written now. */
  readonly task: GenerationTask | null;
  /** When `task` is null: `hold` (wait) or `close` (end). */
  readonly stop: 'hold' | 'close' | null;
  /** Stable reason code, e.g. `awaiting_match_reply`, `re_entry_used`. */
  readonly reason: string;
  /** How many unanswered follow-up bursts the user has sent since the match last wrote (at most one is allowed). */
  readonly reEntries: number;
}

/**
 * Messages from one author at most this far apart are one burst: two minutes. Chat users split one
 * thought into several bubbles ("Mostly climbing!" then "And you?" 20 s later); those are one
 * message, not a follow-up. Two minutes covers typing the next bubble, and a message sent after a
 * longer pause is a new attempt to be answered.
 */
export const SAME_BURST_WITHIN_MS = 2 * 60_000;

/**
 * The user's follow-ups since the match last wrote: every unanswered burst after the first,
 * whatever the spacing between bursts. A burst is a run of messages each at most
 * {@link SAME_BURST_WITHIN_MS} after the one before. Two bursts an hour apart are a follow-up as much
 * as one sent days later — the match has answered neither — so the one bounded re-entry cannot be
 * stretched by writing often, and cannot be used up by one thought sent as several bubbles.
 */
export function unansweredFollowUps(trailing: readonly MatchMessage[], withinMs = SAME_BURST_WITHIN_MS): number {
  let bursts = 0;
  for (let i = 0; i < trailing.length; i++) {
    if (i === 0 || trailing[i]!.sentAt - trailing[i - 1]!.sentAt > withinMs) bursts++;
  }
  return Math.max(0, bursts - 1);
}

/**
 * Resolves the event state from the timeline and the status, deterministically, at `now` (ms).
 * One bounded re-entry: after the match goes quiet the user may write once more; if that goes
 * unanswered too, the interaction is over (`lost_interest`).
 */
export function resolveEventState(match: Match, now: number, thresholds: EventThresholds = DEFAULT_EVENT_THRESHOLDS): EventReading {
  const { ghostAfterMs, likedPauseMs } = thresholds;
  if (match.status === 'closed') return { state: 'closed', task: null, stop: 'close', reason: 'status_closed', reEntries: 0 };
  const messages = match.messages;
  const last = messages.at(-1);
  if (!last) return { state: 'active', task: 'opener', stop: null, reason: 'no_messages_yet', reEntries: 0 };

  if (last.author === 'match') {
    if (match.status === 'cta') return { state: 'cta', task: 'reply', stop: null, reason: 'match_answered_after_cta', reEntries: 0 };
    // The match wrote after the user's message had gone unanswered past the ghost threshold.
    let i = messages.length - 1;
    while (i >= 0 && messages[i]!.author === 'match') i--;
    const before = messages[i];
    const firstOfBurst = messages[i + 1]!;
    if (before && firstOfBurst.sentAt - before.sentAt >= ghostAfterMs) {
      return { state: 'reactivated', task: 'reply', stop: null, reason: 'match_returned_after_silence', reEntries: 0 };
    }
    return { state: 'active', task: 'reply', stop: null, reason: 'match_wrote_last', reEntries: 0 };
  }

  let firstTrailing = messages.length - 1;
  while (firstTrailing > 0 && messages[firstTrailing - 1]!.author === 'user') firstTrailing--;
  const trailing = messages.slice(firstTrailing);
  const matchEverWrote = firstTrailing > 0;
  const reEntries = unansweredFollowUps(trailing);
  const silentMs = now - last.sentAt;

  if (match.status === 'cta') return { state: 'cta', task: null, stop: 'hold', reason: 'awaiting_match_after_cta', reEntries };
  if (reEntries >= 1) {
    return silentMs >= ghostAfterMs
      ? { state: 'lost_interest', task: null, stop: 'close', reason: 're_entry_unanswered', reEntries }
      : { state: 'ghosted', task: null, stop: 'hold', reason: 're_entry_used_awaiting_reply', reEntries };
  }
  if (last.liked) {
    return silentMs >= likedPauseMs
      ? { state: 'liked_message_pause', task: 're_entry', stop: null, reason: 'liked_pause_elapsed', reEntries }
      : { state: 'liked_message_pause', task: null, stop: 'hold', reason: 'liked_pause_resting', reEntries };
  }
  if (silentMs >= ghostAfterMs) {
    return matchEverWrote
      ? { state: 'ghosted', task: 're_entry', stop: null, reason: 'silence_past_threshold', reEntries }
      : { state: 'ghosted', task: 're_entry', stop: null, reason: 'opener_unanswered', reEntries };
  }
  return { state: 'active', task: null, stop: 'hold', reason: 'awaiting_match_reply', reEntries };
}
