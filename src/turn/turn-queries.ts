import { DIGEST_VERSION, turnTraceDigest } from '../evidence/evidence-digest.js';
import { sealWith } from '../evidence/seal-write.js';
import { storeCall } from '../evidence/store-call.js';
import { decodeStored } from '../evidence/stored-json.js';
import { tenantPageQuery } from '../evidence/tenant-page-query.js';
import type { Database } from '../store/index.js';
import { turnInputSchema, type TurnInputJson } from './turn-input.js';
import { turnResultSchema, type TurnResultJson } from './turn-result.js';

/*
 * The reads of stored turns that the sidecar's `/v0/turns` listing and lookup make. They live in
 * the turn layer beside `TurnStore`, which writes the `turns` table, so one layer owns that table;
 * the server imports this module by path (it is not part of `warrant/turn`).
 */

/** A stored turn as the sidecar shows it: its input and its composed result (snake_case JSON). */
export interface TurnRow {
  readonly id: string;
  readonly conversationId: string;
  /**
   * When the turn committed, to the microsecond, as ISO text (`Date` keeps only milliseconds):
   * with the id, the turn's position in its tenant's listing, which cursors carry.
   */
  readonly committedAtText: string;
  readonly committedAt: Date;
  /** The turn input as it was run: its wire form, every default written out (as stored). */
  readonly input: TurnInputJson;
  /** The composed result's JSON; `null` while a turn is committed but not yet composed. */
  readonly result: TurnResultJson | null;
  /** The W3C trace id of the request that committed it; null when unknown (a turn run without the sidecar). */
  readonly traceId: string | null;
}

/** Filters of {@link listTurns}. */
export interface TurnFilter {
  readonly conversationId?: string | undefined;
  readonly since?: Date | undefined;
  readonly until?: Date | undefined;
  /** Only turns listed after this one (the previous page's last turn: its `committedAtText` and id). */
  readonly before?: { readonly committedAt: string; readonly id: string } | undefined;
  /** true: only turns whose reply is code's words standing in for a failed writer (a `fallback_reason`); false: only the others. */
  readonly fallback?: boolean | undefined;
  /** true: only turns where a model call did not succeed or the message could not be read; false: only the others. */
  readonly modelFailure?: boolean | undefined;
  /** Only turns whose message, turn id or any block's words contain this text, ignoring case. */
  readonly text?: string | undefined;
  readonly limit: number;
}

// The conditions behind TurnFilter's flags, on the stored result JSON (snake_case, as served).
// Plain SQL, no jsonpath: tenantPageQuery numbers each `?` as a parameter, and jsonpath filters are written with `?`.
const FALLBACK = `exists (select 1 from jsonb_array_elements(coalesce(result->'blocks', '[]'::jsonb)) b where b->>'kind' = 'transition' and b->>'fallback_reason' is not null)`;
const MODEL_FAILURE = `(exists (select 1 from jsonb_array_elements(coalesce(result#>'{evidence,model_calls}', '[]'::jsonb)) m where m->>'outcome' is distinct from 'ok') or result #>> '{evidence,understanding_failure}' is not null)`;
// strpos, not like: the searched text is the user's, and may hold % or _.
const TEXT = `exists (select 1 from (select input->>'message' as t union all select id union all select v.t from jsonb_array_elements(coalesce(result->'blocks', '[]'::jsonb)) b, lateral (values (b->>'text'), (b->>'title'), (b->>'body')) v(t)) s where strpos(lower(s.t), lower(?)) > 0)`;

// Turns list by the tenant's own data (commit time, then id), never by `seq`: that identity is
// shared by every tenant, and a cursor carrying it would tell one tenant how busy the others are.
const COLUMNS = `id, conversation_id, committed_at, to_char(committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as committed_at_text, input, result, trace_id`;

/** One turn of `tenantId`; another tenant's is `undefined`. */
export async function getTurn(db: Database, tenantId: string, id: string): Promise<TurnRow | undefined> {
  const [row] = await storeCall('turns could not be read', () => db.query(`select ${COLUMNS} from turns where tenant_id = $1 and id = $2`, [tenantId, id]));
  return row ? fromRow(row) : undefined;
}

/**
 * Records the trace of the request that committed turn `id`. Only the first trace is kept: a
 * retried turn id returns the committed turn and does not move it to the retry's trace.
 */
export async function recordTurnTrace(db: Database, tenantId: string, id: string, traceId: string): Promise<void> {
  // Sealed in the same statement (W13), as evidence of its own: the turn's seal was written before it.
  await storeCall('the turn trace id could not be stored', () =>
    sealWith(
      db,
      tenantId,
      [{ t: 'turn_traces', id, d: turnTraceDigest(traceId), v: DIGEST_VERSION }],
      new Date(),
      'update turns set trace_id = $3 where tenant_id = $1 and id = $2 and trace_id is null returning id',
      [tenantId, id, traceId],
    ),
  );
}

/** A tenant's turns, newest first. */
export async function listTurns(
  db: Database,
  tenantId: string,
  { conversationId, since, until, before, fallback, modelFailure, text: contains, limit }: TurnFilter,
): Promise<TurnRow[]> {
  const { text, params } = tenantPageQuery(
    `select ${COLUMNS} from turns`,
    tenantId,
    [
      ['conversation_id = ?', conversationId],
      ['committed_at >= ?', since?.toISOString()],
      ['committed_at < ?', until?.toISOString()],
      ['(committed_at, id) < (?::timestamptz, ?)', before === undefined ? undefined : [before.committedAt, before.id]],
      [`${FALLBACK} = ?`, fallback],
      [`${MODEL_FAILURE} = ?`, modelFailure],
      [TEXT, contains],
    ],
    'committed_at desc, id desc',
    limit,
  );
  const rows = await storeCall('turns could not be listed', () => db.query(text, params));
  return rows.map(fromRow);
}

function fromRow(row: Record<string, unknown>): TurnRow {
  return {
    id: row.id as string,
    conversationId: row.conversation_id as string,
    committedAtText: row.committed_at_text as string,
    committedAt: row.committed_at instanceof Date ? row.committed_at : new Date(String(row.committed_at)),
    input: storedInputJson(row.id as string, row.input),
    result: row.result == null ? null : storedResultJson(row.id as string, row.result),
    traceId: (row.trace_id as string | null) ?? null,
  };
}

/** A stored input's JSON, read through the input's wire schema: one that does not match it is the store's fault. */
function storedInputJson(id: string, json: unknown): TurnInputJson {
  return decodeStored(turnInputSchema.in, json, `the stored input of turn ${id}`);
}

/** A stored result's JSON, read through the result's schema: one that does not match it is the store's fault. */
function storedResultJson(id: string, json: unknown): TurnResultJson {
  return decodeStored(turnResultSchema.in, json, `the stored result of turn ${id}`);
}
