import type { Match, MatchMessage } from './match.js';
import { clauseTerm, saidBoundaries, termEnd, type BoundaryScope, type SaidBoundary } from './said-boundaries.js';
import { words } from './text-similarity.js';
import type { BoundaryRuling, BurstReading } from './skill-schemas.js';

/** How long a pause holds when the match asked for one without saying how long: a week. */
export const DEFAULT_PAUSE_MS = 7 * 24 * 3_600_000;

/** One boundary the match set, anywhere in the thread, and whether it is in force now. */
export interface Boundary {
  readonly scope: BoundaryScope;
  /** The match's message that set it. */
  readonly messageId: string;
  readonly saidAt: string;
  /** `code` when code read an explicit wording with no model reading, `reader` when the burst reader decided it. */
  readonly by: 'code' | 'reader';
  /** The words that set it (code), or the reader's summary. */
  readonly words: string;
  /** A pause's end (ISO time); `null` for the other scopes, which hold for good. */
  readonly until: string | null;
  /** A topic's terms, as word patterns (`divor*`). */
  readonly avoidTerms: readonly string[];
  /** End contact and topics always; a pause until its term has passed. */
  readonly inForce: boolean;
}

/** A match message code suspects of setting a boundary, and how the reader ruled on it. */
export interface Suspicion {
  readonly messageId: string;
  readonly scope: BoundaryScope;
  readonly words: string;
  /** `explicit`: code could act on it alone; `suspected`: only a reading can tell (see `doubts`). */
  readonly certainty: SaidBoundary['certainty'];
  readonly doubts: SaidBoundary['doubts'];
  /** The reader's structured ruling on the message; `null` when no model read the thread. */
  readonly ruling: RecordedRuling | null;
}

/** The reader's ruling as evidence keeps it: read-only, lists included. */
export type RecordedRuling = { readonly [K in keyof BoundaryRuling]: BoundaryRuling[K] extends readonly (infer E)[] ? readonly E[] : BoundaryRuling[K] };

/** Every boundary of the thread, and the ones the gates act on. */
export interface BoundaryLedger {
  /** Who decided the entries: the burst reader when a reading exists, else code alone. */
  readonly decidedBy: 'reader' | 'code';
  readonly entries: readonly Boundary[];
  /** The first end-contact boundary: the conversation closes. */
  readonly endContact: Boundary | null;
  /** The pause in force that ends last: nothing is written before its `until`. */
  readonly pause: Boundary | null;
  /** Topics ruled out: every draft keeps their terms out. */
  readonly topics: readonly Boundary[];
  /** Every message code suspected, with the reader's ruling (recorded in the evidence). */
  readonly suspicions: readonly Suspicion[];
  /**
   * An explicit first-person end-contact request the reader did not read as one: closing or
   * writing on would each be a guess about something that cannot be undone, so the user is asked.
   */
  readonly disputed: Suspicion | null;
  /** With no reading: the suspicions code cannot act on alone (the request holds: a model reading is needed). */
  readonly unread: readonly Suspicion[];
}

/** Code's reading of every message the match wrote: the ones whose words raise a suspicion, in thread order. */
export function codeReadings(match: Match): { message: MatchMessage; said: readonly SaidBoundary[] }[] {
  const out: { message: MatchMessage; said: readonly SaidBoundary[] }[] = [];
  for (const message of match.messages) {
    if (message.author !== 'match') continue;
    const said = saidBoundaries(message.text);
    if (said.length > 0) out.push({ message, said });
  }
  return out;
}

/**
 * Builds the boundary ledger of a thread at `now` (W12). With a model reading, the reader decides:
 * its boundaries (in the burst or earlier) and its ruling on every message code suspected are the
 * entries, and code's reading is only the suspicion list, recorded beside each ruling. Without
 * one, code acts alone on explicit wordings only; everything else it suspects is `unread`. A
 * boundary holds for its whole term wherever it was said and whoever wrote since: an end of contact
 * and a ruled-out topic for good, a pause until its term (the reader's `pauseDays`, else the term
 * its own clause states, else any term the message states, else {@link DEFAULT_PAUSE_MS}) has passed.
 */
export function boundaryLedger(match: Match, reading: BurstReading | null, now: number): BoundaryLedger {
  const entries: Boundary[] = [];
  const byId = new Map(match.messages.map((m) => [m.id, m]));
  const readings = codeReadings(match);
  const codeById = new Map(readings.map((r) => [r.message.id, r.said]));
  const add = (messageId: string, scope: BoundaryScope, by: Boundary['by'], said: string, termMs: number | null, avoidTerms: readonly string[]) => {
    const message = byId.get(messageId);
    if (message?.author !== 'match') return;
    if (entries.some((e) => e.messageId === messageId && e.scope === scope && (scope !== 'topic' || e.avoidTerms.join() === avoidTerms.join()))) return;
    // No days from the reader: the term the pause's own clause states, else the one the message states at all.
    const codeTerm =
      scope !== 'pause' ? null : (codeById.get(messageId)?.find((s) => s.scope === 'pause' && s.term !== null)?.term ?? clauseTerm(words(message.text)));
    const until =
      scope !== 'pause' ? null : termMs !== null ? message.sentAt + termMs : codeTerm ? termEnd(codeTerm, message.sentAt) : message.sentAt + DEFAULT_PAUSE_MS;
    entries.push({
      scope,
      messageId,
      saidAt: new Date(message.sentAt).toISOString(),
      by,
      words: said,
      until: until === null ? null : new Date(until).toISOString(),
      avoidTerms,
      inForce: until === null || now < until,
    });
  };
  const rulingOf = (id: string) => reading?.rulings.find((r) => r.messageId === id) ?? null;
  const suspicions: Suspicion[] = readings.flatMap(({ message, said }) =>
    said.map((s) => ({ messageId: message.id, scope: s.scope, words: s.words, certainty: s.certainty, doubts: s.doubts, ruling: rulingOf(message.id) })),
  );
  const days = (d: number | null) => (d === null ? null : d * 24 * 3_600_000);
  if (reading) {
    for (const o of reading.obligations) {
      if (o.kind === 'boundary' && o.boundary) add(o.messageId, o.boundary, 'reader', o.summary, null, o.avoidTerms);
    }
    for (const b of reading.boundaries) add(b.messageId, b.scope, 'reader', b.summary, days(b.pauseDays), b.avoidTerms);
    for (const r of reading.rulings) {
      if (r.sets !== 'none') add(r.messageId, r.sets, 'reader', r.why, days(r.pauseDays), r.avoidTerms);
    }
  } else {
    for (const s of suspicions) {
      if (s.certainty !== 'explicit') continue;
      const said = codeById.get(s.messageId)!.find((x) => x.scope === s.scope && x.words === s.words)!;
      add(s.messageId, s.scope, 'code', s.words, null, said.avoidTerms);
    }
  }
  const disputed = reading
    ? (suspicions.find(
        (s) => s.scope === 'end_contact' && s.certainty === 'explicit' && !entries.some((e) => e.messageId === s.messageId && e.scope === 'end_contact'),
      ) ?? null)
    : null;
  const pauses = entries.filter((e) => e.scope === 'pause' && e.inForce);
  return {
    decidedBy: reading ? 'reader' : 'code',
    entries,
    endContact: entries.find((e) => e.scope === 'end_contact') ?? null,
    pause: pauses.reduce<Boundary | null>((last, p) => (last === null || p.until! > last.until! ? p : last), null),
    topics: entries.filter((e) => e.scope === 'topic' && e.avoidTerms.length > 0),
    suspicions,
    disputed,
    unread: reading ? [] : suspicions.filter((s) => s.certainty !== 'explicit' && !entries.some((e) => e.messageId === s.messageId)),
  };
}
