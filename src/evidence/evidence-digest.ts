import { sha256Hex } from '../store/evidence-sealer.js';

/**
 * The content digests a seal lists, one function per kind of row, each used both where the row is
 * written and where `verifyEvidence` reads it back, so the two can never disagree about what a row
 * holds. A digest leaves out the row's id (the seal entry carries it): two rows whose contents were
 * swapped then show as reordered, not as two unrelated changes.
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
 * An effect's digest, over the exact texts of its `json` columns (PostgreSQL keeps `json` text
 * verbatim, so nothing is parsed or re-serialised on either side).
 */
export function effectDigest(row: {
  createdAt: Date;
  status: string;
  interactionKind: string;
  effectText: string;
  contractText: string;
  candidatesText: string;
}): string {
  return sha256Hex(
    `["effects",${JSON.stringify(row.createdAt.toISOString())},${JSON.stringify(row.status)},${JSON.stringify(row.interactionKind)},${row.effectText},${row.contractText},${row.candidatesText}]`,
  );
}

/** A stored suggestion request's digest. */
export function suggestionDigest(row: { createdAt: Date; matchId: string; resultType: string; result: unknown; evidence: unknown }): string {
  return sha256Hex(
    `["suggestions",${JSON.stringify(row.createdAt.toISOString())},${JSON.stringify(row.matchId)},${JSON.stringify(row.resultType)},${stored(row.result)},${stored(row.evidence)}]`,
  );
}

/** A committed turn's digest: its conversation, input and commit (its `seq` is the entry's order). */
export function turnDigest(row: { conversationId: string; input: unknown; commit: unknown }): string {
  return sha256Hex(`["turns",${JSON.stringify(row.conversationId)},${stored(row.input)},${stored(row.commit)}]`);
}

/** A turn's composed result's digest. */
export function turnResultDigest(result: unknown): string {
  return sha256Hex(`["turn_results",${stored(result)}]`);
}

/** The id a turn event is reported under: its record and revision, its primary key within the tenant. */
export function turnEventId(recordId: string, revision: number): string {
  return `${recordId}#${revision}`;
}

/** A committed event's digest. */
export function turnEventDigest(row: { type: string; payload: unknown; turnId: string; position: number }): string {
  return sha256Hex(`["turn_events",${JSON.stringify(row.type)},${stored(row.payload)},${JSON.stringify(row.turnId)},${row.position}]`);
}

/** An erasure record's digest. */
export function erasureDigest(row: { requestedBy: string; requestedAt: Date; subjectSha256: string; rowCount: number; erased: readonly string[] }): string {
  return sha256Hex(
    `["evidence_erasures",${JSON.stringify(row.requestedBy)},${JSON.stringify(row.requestedAt.toISOString())},${JSON.stringify(row.subjectSha256)},${row.rowCount},${JSON.stringify(row.erased)}]`,
  );
}

/** What an erasure record keeps of a row it erased: a digest of its table and id, never the id itself. */
export function erasedKey(table: string, id: string): string {
  return sha256Hex(`${table}\n${id}`);
}
