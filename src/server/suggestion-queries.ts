import { storeCall } from '../evidence/store-call.js';
import { tenantPageQuery } from '../evidence/tenant-page-query.js';
import { DIGEST_VERSION, suggestionDigest } from '../evidence/evidence-digest.js';
import { sealWith } from '../evidence/seal-write.js';
import type { Database } from '../store/index.js';

/** A stored suggestion request as the sidecar keeps it: the suggestion result and the library's evidence. */
export interface SuggestionRow {
  /** Time-ordered id (`sug_…`): listings order and page by it. */
  readonly id: string;
  readonly createdAt: Date;
  readonly matchId: string;
  readonly resultType: string;
  /** The four-property result, exactly as returned. */
  readonly result: Record<string, unknown>;
  /** The evidence as the library made it (camelCase); the route converts it for the wire. */
  readonly evidence: Record<string, unknown>;
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

/** Stores one answered request for `tenantId`, with its seal (W13), before the response is sent (W6). */
export async function insertSuggestion(db: Database, tenantId: string, row: SuggestionRow): Promise<void> {
  const insert =
    'insert into suggestions (tenant_id, id, created_at, match_id, result_type, result, evidence, trace_id) values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)';
  const params = [
    tenantId,
    row.id,
    row.createdAt.toISOString(),
    row.matchId,
    row.resultType,
    JSON.stringify(row.result),
    JSON.stringify(row.evidence),
    row.traceId,
  ];
  await storeCall('the suggestion result could not be stored', () =>
    sealWith(db, tenantId, [{ t: 'suggestions', id: row.id, d: suggestionDigest(row), v: DIGEST_VERSION }], row.createdAt, insert, params),
  );
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
  return {
    id: row.id as string,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    matchId: row.match_id as string,
    resultType: row.result_type as string,
    result: row.result as Record<string, unknown>,
    evidence: row.evidence as Record<string, unknown>,
    traceId: (row.trace_id as string | null) ?? null,
  };
}
