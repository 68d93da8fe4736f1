import { codeReadings } from '../boundary-ledger.js';
import { resolveEventState } from '../event-state.js';
import { defineGate } from '../gate.js';
import { latestBurst, latestBurstBy } from '../latest-burst.js';
import type { BurstReading, Callback } from '../skill-schemas.js';
import { copyLanguageOf } from '../stop-copy.js';
import { stopState } from '../suggestion-result.js';
import { messageView } from '../views.js';

/** How many earlier messages the burst reader sees for callbacks and parallel topics. */
export const EARLIER_CONTEXT = 20;

/**
 * Timeline gate: the complete latest same-author burst is the reply target. Explicit callbacks
 * (`reply_to`) are resolved here; the burst reader (a model skill) names the obligations,
 * probable callbacks and parallel topics. Whatever it names must point into this match: other
 * ids are dropped and recorded.
 */
export const timelineGate = defineGate('timeline', async ({ match, skills, state, calls, copy, now, thresholds }) => {
  const burst = latestBurst(match.messages);
  const matchBurst = latestBurstBy(match.messages, 'match');
  const answered = burst.length > 0 && burst[0]!.author === 'user';
  const explicitCallbacks: Callback[] = matchBurst
    .filter((m) => m.replyTo !== null)
    .map((m) => ({ messageId: m.id, refersTo: m.replyTo!, certainty: 'explicit' }));
  const base = {
    burst: burst.map((m) => m.id),
    burstAuthor: burst[0]?.author ?? null,
    matchBurst: matchBurst.map((m) => m.id),
    answered,
    explicitCallbacks,
  };
  state.timeline = { burst, matchBurst, answered, explicitCallbacks, reading: null };
  if (matchBurst.length === 0) return { decision: 'pass', reason: 'no_match_burst', detail: base };
  // A conversation the event gate closes on timing or status alone is not worth a model call. One
  // it only holds is still read when a model is there: a boundary only the reader recognises can
  // turn the hold into a close at once.
  const event = resolveEventState(match, now, thresholds);
  if (event.stop === 'close') return { decision: 'pass', reason: 'not_read_event_closes', detail: base };
  if (event.stop === 'hold' && !skills) return { decision: 'pass', reason: 'not_read_event_holds', detail: base };
  if (!skills) return { decision: 'needs_model', reason: 'burst_reading_needs_model', detail: base };

  const firstIndex = match.messages.indexOf(matchBurst[0]!);
  const earlier = match.messages.slice(Math.max(0, firstIndex - EARLIER_CONTEXT), firstIndex);
  // Every message code suspects, anywhere in the thread, is shown to the reader to rule on (W12).
  const suspected = codeReadings(match).flatMap(({ message, said }) =>
    said.map((s) => ({ message: messageView(message), scope: s.scope, words: s.words, certainty: s.certainty, doubts: s.doubts })),
  );
  const read = await skills.readBurst({
    language: copyLanguageOf(match.language) ?? match.language,
    burst: matchBurst.map(messageView),
    earlier: earlier.map(messageView),
    suspected,
  });
  calls.push(read.call);
  const unruled = read.ok ? [...new Set(suspected.map((s) => s.message.id))].filter((id) => !read.value.rulings.some((r) => r.messageId === id)) : [];
  // A suspicion the reader passed over is a failed reading, never a silent pass.
  const result = read.ok && unruled.length > 0 ? { ok: false as const, reason: 'unruled_suspicions' as const } : read;
  const suspicionDetail = { suspected: [...new Set(suspected.map((s) => s.message.id))], ...(unruled.length > 0 ? { unruled } : {}) };
  if (!result.ok && event.stop === 'hold')
    return { decision: 'pass', reason: 'reading_failed_event_holds', detail: { ...base, ...suspicionDetail, outcome: result.reason } };
  if (!result.ok) {
    return {
      decision: 'stop',
      reason: 'burst_reading_failed',
      stop: stopState('hold', copy.skillFailed('burst', result.reason)),
      detail: { ...base, ...suspicionDetail, outcome: result.reason },
    };
  }
  const burstIds = new Set(matchBurst.map((m) => m.id));
  const allIds = new Set(match.messages.map((m) => m.id));
  const dropped: string[] = [];
  const obligations = result.value.obligations.filter((o) => {
    if (!burstIds.has(o.messageId)) dropped.push(`obligation ${o.id}: ${o.messageId}`);
    return burstIds.has(o.messageId);
  });
  // Exactly one primary obligation: the first the reader marked, or else the first in the burst.
  const primaryIndex = Math.max(
    0,
    obligations.findIndex((o) => o.primary),
  );
  const onePrimary = obligations.map((o, i) => ({ ...o, primary: i === primaryIndex }));
  const callbacks = result.value.callbacks.filter((c) => {
    const inside = burstIds.has(c.messageId) && allIds.has(c.refersTo);
    if (!inside) dropped.push(`callback ${c.messageId}→${c.refersTo}`);
    return inside;
  });
  // A boundary may come from any message the match wrote in this thread, not only the burst.
  const matchIds = new Set(match.messages.filter((m) => m.author === 'match').map((m) => m.id));
  const boundaries = result.value.boundaries.filter((b) => {
    if (!matchIds.has(b.messageId)) dropped.push(`boundary ${b.scope}: ${b.messageId}`);
    return matchIds.has(b.messageId);
  });
  const rulings = result.value.rulings.filter((r) => {
    if (!matchIds.has(r.messageId)) dropped.push(`ruling ${r.sets}: ${r.messageId}`);
    return matchIds.has(r.messageId);
  });
  const reading: BurstReading = {
    obligations: onePrimary,
    boundaries,
    rulings,
    callbacks: [...explicitCallbacks, ...callbacks.filter((c) => !explicitCallbacks.some((e) => e.messageId === c.messageId && e.refersTo === c.refersTo))],
    topics: result.value.topics.map((t) => t.toLowerCase()),
  };
  state.timeline = { ...state.timeline, reading };
  return {
    decision: 'pass',
    reason: answered ? 'burst_read_already_answered' : 'burst_read',
    detail: {
      ...base,
      ...suspicionDetail,
      obligations: reading.obligations.map((o) => ({ id: o.id, kind: o.kind, primary: o.primary })),
      callbacks: reading.callbacks,
      topics: reading.topics,
      droppedOutsideMatch: dropped,
    },
  };
});
