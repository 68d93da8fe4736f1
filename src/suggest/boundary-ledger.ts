import type { Match } from './match.js';
import { saidBoundaries, statedTerm, type BoundaryScope } from './said-boundaries.js';
import type { BurstReading } from './skill-schemas.js';
import { words } from './text-similarity.js';

/** How long a pause holds when the match asked for one without saying how long: a week. */
export const DEFAULT_PAUSE_MS = 7 * 24 * 3_600_000;

/** One boundary the match set, anywhere in the thread, and whether it is in force now. */
export interface Boundary {
  readonly scope: BoundaryScope;
  /** The match's message that set it. */
  readonly messageId: string;
  readonly saidAt: string;
  /** `code` when the wording was read by code, `reader` when the burst reader named it. */
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

/** Every boundary of the thread, and the ones the gates act on. */
export interface BoundaryLedger {
  readonly entries: readonly Boundary[];
  /** The first end-contact boundary: the conversation closes. */
  readonly endContact: Boundary | null;
  /** The pause in force that ends last: nothing is written before its `until`. */
  readonly pause: Boundary | null;
  /** Topics ruled out: every draft keeps their terms out. */
  readonly topics: readonly Boundary[];
}

/**
 * Builds the boundary ledger of a thread at `now`: every boundary the match set in any message,
 * as code reads the wording (English and Lithuanian) and as the burst reader named it (in the
 * latest burst or in the earlier messages it was shown). A boundary holds for its whole term
 * wherever it was said and whoever wrote since: an end of contact and a ruled-out topic for good,
 * a pause until its stated term (or {@link DEFAULT_PAUSE_MS}) has passed.
 */
export function boundaryLedger(match: Match, reading: BurstReading | null, now: number): BoundaryLedger {
  const entries: Boundary[] = [];
  const byId = new Map(match.messages.map((m) => [m.id, m]));
  const add = (messageId: string, scope: BoundaryScope, by: Boundary['by'], said: string, termMs: number | null, avoidTerms: readonly string[]) => {
    const message = byId.get(messageId);
    if (!message || message.author !== 'match') return;
    if (entries.some((e) => e.messageId === messageId && e.scope === scope && (scope !== 'topic' || e.avoidTerms.join() === avoidTerms.join()))) return;
    const until = scope === 'pause' ? message.sentAt + (termMs ?? statedTerm(words(message.text)) ?? DEFAULT_PAUSE_MS) : null;
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
  // `add` keeps the match's messages only: what the user wrote sets nothing.
  for (const m of match.messages) {
    for (const b of saidBoundaries(m.text)) add(m.id, b.scope, 'code', b.words, b.termMs, b.avoidTerms);
  }
  if (reading) {
    for (const o of reading.obligations) {
      if (o.kind === 'boundary' && o.boundary) add(o.messageId, o.boundary, 'reader', o.summary, null, o.avoidTerms);
    }
    for (const b of reading.boundaries) {
      add(b.messageId, b.scope, 'reader', b.summary, b.pauseDays === null ? null : b.pauseDays * 24 * 3_600_000, b.avoidTerms);
    }
  }
  const pauses = entries.filter((e) => e.scope === 'pause' && e.inForce);
  return {
    entries,
    endContact: entries.find((e) => e.scope === 'end_contact') ?? null,
    pause: pauses.reduce<Boundary | null>((last, p) => (last === null || p.until! > last.until! ? p : last), null),
    topics: entries.filter((e) => e.scope === 'topic' && e.avoidTerms.length > 0),
  };
}
