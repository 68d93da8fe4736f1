import { DIGEST_VERSION, sha256Hex } from '../store/evidence-sealer.js';

export { DIGEST_VERSION };

/**
 * The content digests a seal lists, one function per kind of row, each used both where the row is
 * written and where `verifyEvidence` reads it back, so the two can never disagree about what a row
 * holds. A digest leaves out the row's id (the seal entry carries it): two rows whose contents were
 * swapped then show as reordered, not as two unrelated changes. Each seal entry names the form of
 * its digest (`v`), and verification recomputes a row's digest in the form its entry names, so
 * rows sealed before a form covered more columns still verify.
 */

/**
 * JSON with object keys sorted (by UTF-16 code units), no spaces: the same text for a value
 * whatever key order it was stored in (`jsonb` sorts keys its own way). Takes a value as
 * `JSON.parse` returns it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** The JSON value `value` stores as (what `JSON.stringify` keeps), canonical. */
function stored(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? 'null' : canonicalJson(JSON.parse(text));
}

/**
 * The digest forms a seal entry may name (its `v`; absent is 1). Form 1 left out `trace_id`
 * (effects, suggestion results) and the commit time (turns, turn events); form 2 covers every
 * column that is evidence. Results and erasure records have one form (all their columns were
 * covered from the start). A turn's `trace_id`, set after its commit, is an entry of its own
 * (`turn_traces`), form 2 only.
 */
export const DIGEST_VERSIONS: readonly number[] = [1, DIGEST_VERSION];

/**
 * The SQL for a `timestamptz` column as ISO text to the microsecond (`Date` keeps milliseconds
 * only): how the commit times that digests cover are read, on both sides.
 */
export function isoMicrosSql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** `trace_id` as form 2 writes it (form 1 writes nothing). */
function traced(v: number, traceId: string | null | undefined): string {
  return v >= 2 ? `,${JSON.stringify(traceId ?? null)}` : '';
}

/**
 * An effects row as evidence readers select it (`effect::text` and the other `json` columns as
 * their stored texts, which {@link effectDigest} hashes verbatim): verification and export both.
 */
export type EffectEvidenceRow = {
  id: string;
  created_at: Date;
  status: string;
  interaction_kind: string;
  effect: string;
  contract: string;
  candidates: string;
  trace_id: string | null;
};

/** A suggestions row as evidence readers select it: verification and export both. */
export type SuggestionEvidenceRow = {
  id: string;
  created_at: Date;
  match_id: string;
  result_type: string;
  result: unknown;
  evidence: unknown;
  trace_id: string | null;
};

/**
 * An effect's digest, over the exact texts of its `json` columns (PostgreSQL keeps `json` text
 * verbatim, so nothing is parsed or re-serialised on either side).
 */
export function effectDigest(
  row: {
    createdAt: Date;
    status: string;
    interactionKind: string;
    effectText: string;
    contractText: string;
    candidatesText: string;
    traceId: string | null | undefined;
  },
  v: number = DIGEST_VERSION,
): string {
  return sha256Hex(
    `["effects",${JSON.stringify(row.createdAt.toISOString())},${JSON.stringify(row.status)},${JSON.stringify(row.interactionKind)},${row.effectText},${row.contractText},${row.candidatesText}${traced(v, row.traceId)}]`,
  );
}

/** A stored suggestion request's digest. */
export function suggestionDigest(
  row: { createdAt: Date; matchId: string; resultType: string; result: unknown; evidence: unknown; traceId: string | null | undefined },
  v: number = DIGEST_VERSION,
): string {
  return sha256Hex(
    `["suggestions",${JSON.stringify(row.createdAt.toISOString())},${JSON.stringify(row.matchId)},${JSON.stringify(row.resultType)},${stored(row.result)},${stored(row.evidence)}${traced(v, row.traceId)}]`,
  );
}

/**
 * A committed turn's digest: its conversation, input and commit, and from form 2 its commit time
 * (`committed_at` as {@link isoMicrosSql} reads it); its `seq` is the entry's order.
 */
export function turnDigest(row: { conversationId: string; input: unknown; commit: unknown; committedAt: string }, v: number = DIGEST_VERSION): string {
  return sha256Hex(
    `["turns",${JSON.stringify(row.conversationId)},${stored(row.input)},${stored(row.commit)}${v >= 2 ? `,${JSON.stringify(row.committedAt)}` : ''}]`,
  );
}

/** A turn's composed result's digest (one form). */
export function turnResultDigest(result: unknown): string {
  return sha256Hex(`["turn_results",${stored(result)}]`);
}

/** The digest of the trace id recorded on a turn after its commit (form 2). */
export function turnTraceDigest(traceId: string): string {
  return sha256Hex(`["turn_traces",${JSON.stringify(traceId)}]`);
}

/** The id a turn event is reported under: its record and revision, its primary key within the tenant. */
export function turnEventId(recordId: string, revision: number): string {
  return `${recordId}#${revision}`;
}

/** A committed event's digest; from form 2 with its commit time (`committed_at`, as {@link isoMicrosSql} reads it). */
export function turnEventDigest(
  row: { type: string; payload: unknown; turnId: string; position: number; committedAt: string },
  v: number = DIGEST_VERSION,
): string {
  return sha256Hex(
    `["turn_events",${JSON.stringify(row.type)},${stored(row.payload)},${JSON.stringify(row.turnId)},${row.position}${v >= 2 ? `,${JSON.stringify(row.committedAt)}` : ''}]`,
  );
}

/** An erasure record's digest (one form). */
export function erasureDigest(row: { requestedBy: string; requestedAt: Date; subjectSha256: string; rowCount: number; erased: readonly string[] }): string {
  return sha256Hex(
    `["evidence_erasures",${JSON.stringify(row.requestedBy)},${JSON.stringify(row.requestedAt.toISOString())},${JSON.stringify(row.subjectSha256)},${row.rowCount},${JSON.stringify(row.erased)}]`,
  );
}

/** What an erasure record keeps of a row it erased: a digest of its table and id, never the id itself. */
export function erasedKey(table: string, id: string): string {
  return sha256Hex(`${table}\n${id}`);
}
