import { storeCall } from '../evidence/store-call.js';
import { decodeStored } from '../evidence/stored-json.js';
import { tenantPageQuery } from '../evidence/tenant-page-query.js';
import { DIGEST_VERSION, suggestionDigest } from '../evidence/evidence-digest.js';
import { sealWith } from '../evidence/seal-write.js';
import type { SealEntry } from '../store/evidence-sealer.js';
import type { Database } from '../store/index.js';
import { suggestEvidenceSchema, suggestEvidenceToJson, type SuggestEvidence } from '../suggest/suggest-evidence.js';
import { suggestionResultSchema, type SuggestionResult } from '../suggest/suggestion-result.js';

/**
 * A stored suggestion request: the suggestion result and its evidence. The evidence is stored in
 * its wire form (snake_case, {@link suggestEvidenceToJson}), the form every reader returns; rows
 * stored before that kept the library's camelCase form and are read all the same.
 */
export interface SuggestionRow {
  /** Time-ordered id (`sug_…`): listings order and page by it. */
  readonly id: string;
  readonly createdAt: Date;
  readonly matchId: string;
  readonly resultType: SuggestionResult['resultType'];
  /** The four-property result, exactly as returned. */
  readonly result: SuggestionResult;
  readonly evidence: SuggestEvidence;
  /** The W3C trace id of the request that made it; null when unknown. */
  readonly traceId: string | null;
}

/** Filters of {@link listSuggestions}; every one optional but `limit`. */
export interface SuggestionFilter {
  readonly resultType?: string | undefined;
  readonly matchId?: string | undefined;
  readonly since?: Date | undefined;
  readonly until?: Date | undefined;
  /** Only results before this id (the previous page's last). */
  readonly beforeId?: string | undefined;
  readonly limit: number;
}

const COLUMNS = 'id, created_at, match_id, result_type, result, evidence, trace_id';

/**
 * Stores one answered request for `tenantId`, with its seal (W13), before the response is sent
 * (W6). The seal's digest is over the evidence as stored: its wire form.
 */
export async function insertSuggestion(db: Database, tenantId: string, row: SuggestionRow): Promise<void> {
  const evidence = suggestEvidenceToJson(row.evidence);
  await storeCall('the suggestion result could not be stored', () =>
    insertSealedSuggestion(db, tenantId, row, evidence, { t: 'suggestions', id: row.id, d: suggestionDigest({ ...row, evidence }), v: DIGEST_VERSION }),
  );
}

/**
 * Inserts `row` with `storedEvidence` as its evidence column and `seal` as its seal entry, in one
 * statement. {@link insertSuggestion} stores the wire form in the current digest form; the tests'
 * `insertCamelCaseSuggestion` stores the library's camelCase in form 1, as rows before it were.
 */
export async function insertSealedSuggestion(db: Database, tenantId: string, row: SuggestionRow, storedEvidence: unknown, seal: SealEntry): Promise<void> {
  const insert =
    'insert into suggestions (tenant_id, id, created_at, match_id, result_type, result, evidence, trace_id) values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)';
  const params = [
    tenantId,
    row.id,
    row.createdAt.toISOString(),
    row.matchId,
    row.resultType,
    JSON.stringify(row.result),
    JSON.stringify(storedEvidence),
    row.traceId,
  ];
  await sealWith(db, tenantId, [seal], row.createdAt, insert, params);
}

/** One stored result of `tenantId`; another tenant's is `undefined`. */
export async function getSuggestion(db: Database, tenantId: string, id: string): Promise<SuggestionRow | undefined> {
  const [row] = await storeCall('suggestion results could not be read', () =>
    db.query(`select ${COLUMNS} from suggestions where tenant_id = $1 and id = $2`, [tenantId, id]),
  );
  return row ? fromRow(row) : undefined;
}

/** A tenant's stored results, newest first. */
export async function listSuggestions(
  db: Database,
  tenantId: string,
  { resultType, matchId, since, until, beforeId, limit }: SuggestionFilter,
): Promise<SuggestionRow[]> {
  const { text, params } = tenantPageQuery(
    `select ${COLUMNS} from suggestions`,
    tenantId,
    [
      ['result_type = ?', resultType],
      ['match_id = ?', matchId],
      ['created_at >= ?', since?.toISOString()],
      ['created_at < ?', until?.toISOString()],
      ['id < ?', beforeId],
    ],
    'id desc',
    limit,
  );
  const rows = await storeCall('suggestion results could not be listed', () => db.query(text, params));
  return rows.map(fromRow);
}

function fromRow(row: Record<string, unknown>): SuggestionRow {
  const id = row.id as string;
  const result = storedResult(id, row.result);
  return {
    id,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    matchId: row.match_id as string,
    resultType: result.resultType,
    result,
    evidence: storedSuggestEvidence(id, row.evidence),
    traceId: (row.trace_id as string | null) ?? null,
  };
}

/** A stored result, read through the application schema: one that does not match it is the store's fault. */
function storedResult(id: string, json: unknown): SuggestionResult {
  return decodeStored(suggestionResultSchema, json, `the stored result of suggestion ${id}`);
}

/**
 * The evidence of stored suggestion `id`, decoded from either form it was stored in: the wire
 * form (snake_case), or the library's camelCase form that rows stored before kept. The old form
 * is renamed exactly as the sidecar renamed it for the wire when it served such a row, then read
 * through the same schema, so an old row reads back as it was always served. Evidence that
 * matches neither is the store's fault.
 */
export function storedSuggestEvidence(id: string, json: unknown): SuggestEvidence {
  const wire = isCamelCaseEvidence(json) ? withMembersAddedSince(snakeCaseKeys(json) as Record<string, unknown>) : json;
  return decodeStored(suggestEvidenceSchema, wire, `the stored evidence of suggestion ${id}`);
}

/**
 * Old evidence with the members the record gained after rows were first stored camelCase filled
 * in with what they say when nothing happened: no boundary ledger or suspicion was kept then
 * (`boundaries`, `suspicions`: empty), and no request was marked unavailable (`unavailable`: null).
 * A member the row does have is kept as stored.
 */
function withMembersAddedSince(evidence: Record<string, unknown>): Record<string, unknown> {
  return { boundaries: [], suspicions: [], unavailable: null, ...evidence };
}

/** Evidence stored in the old camelCase form: its match id under `matchId`, not `match_id`. */
function isCamelCaseEvidence(json: unknown): boolean {
  return typeof json === 'object' && json !== null && Object.hasOwn(json, 'matchId') && !Object.hasOwn(json, 'match_id');
}

/** Every key at every depth in snake_case: the conversion the sidecar applied to camelCase evidence. */
function snakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCaseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeCaseKeys(v)]));
}
