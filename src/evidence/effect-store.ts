import type { Database } from '../store/index.js';
import { createGroupCommitWriter, type GroupCommitWriter } from './group-commit-writer.js';

/** A Reply Effect as persisted: who it belongs to, when, and everything needed to show it again. */
export interface StoredEffect {
  /** The tenant whose key produced it; every read filters on it. */
  readonly tenantId: string;
  /** Time-ordered id (`eff_…`), see `newRecordId`. */
  readonly id: string;
  readonly createdAt: Date;
  /** `accepted` or `fallback`, copied out of the effect for filtering. */
  readonly status: string;
  /** The contract's `interaction_kind`, copied out for filtering. */
  readonly interactionKind: string;
  /** The effect's wire JSON (snake_case, as `effectToJson` makes it). */
  readonly effect: Readonly<Record<string, unknown>>;
  /** The contract's wire JSON as the caller sent it. */
  readonly contract: unknown;
  /** The candidate texts, in the order given, so forbidden offsets can be shown on them. */
  readonly candidates: readonly string[];
}

/** Filters of {@link EffectStore.list}; every one optional. */
export interface EffectFilter {
  readonly status?: string | undefined;
  readonly interactionKind?: string | undefined;
  /** Inclusive lower bound on `createdAt`. */
  readonly since?: Date | undefined;
  /** Exclusive upper bound on `createdAt`. */
  readonly until?: Date | undefined;
  /** Only ids strictly before this one (the previous page's last id): newest first. */
  readonly beforeId?: string | undefined;
  /** Page size. */
  readonly limit: number;
}

/** Durable Reply Effects of every tenant. */
export interface EffectStore {
  /** Persists `effect`; resolves once it is committed (group commit under load). */
  insert(effect: StoredEffect): Promise<void>;
  /** The effect with `id` if it belongs to `tenantId`; another tenant's is `undefined`. */
  get(tenantId: string, id: string): Promise<StoredEffect | undefined>;
  /** A tenant's effects, newest first. */
  list(tenantId: string, filter: EffectFilter): Promise<StoredEffect[]>;
  /** Waits until every insert queued so far has been flushed. */
  drain(): Promise<void>;
}

/** Options of {@link createEffectStore}. */
export interface EffectStoreOptions {
  /** Rows per group-commit flush. Default 500 (see `createGroupCommitWriter`). */
  maxBatchRows?: number;
  /**
   * Flushes at once. Default 1 on PGlite (one connection) and 4 on PostgreSQL, which leaves the
   * rest of a 10-connection pool to reads.
   */
  maxConcurrentFlushes?: number;
}

const INSERT = `insert into effects
  (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates)
  select t, i, c, s, k, e::jsonb, ct::jsonb, cd::jsonb
  from unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
    as u(t, i, c, s, k, e, ct, cd)`;

const COLUMNS = 'tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates';

/**
 * The effects table behind a group-commit writer: one multi-row insert per flush (a fixed
 * statement over arrays, so the server plans it once), each request awaiting its own row.
 */
export function createEffectStore(db: Database, options: EffectStoreOptions = {}): EffectStore {
  const writer: GroupCommitWriter<StoredEffect> = createGroupCommitWriter<StoredEffect>({
    maxBatchRows: options.maxBatchRows ?? 500,
    maxConcurrentFlushes: options.maxConcurrentFlushes ?? (db.kind === 'pglite' ? 1 : 4),
    flush: async (rows) => {
      await db.query(INSERT, [
        rows.map((r) => r.tenantId),
        rows.map((r) => r.id),
        rows.map((r) => r.createdAt.toISOString()),
        rows.map((r) => r.status),
        rows.map((r) => r.interactionKind),
        rows.map((r) => JSON.stringify(r.effect)),
        rows.map((r) => JSON.stringify(r.contract)),
        rows.map((r) => JSON.stringify(r.candidates)),
      ]);
    },
  });
  return {
    insert: (effect) => writer.write(effect),
    drain: () => writer.drain(),
    async get(tenantId, id) {
      const [row] = await db.query(`select ${COLUMNS} from effects where tenant_id = $1 and id = $2`, [tenantId, id]);
      return row ? fromRow(row) : undefined;
    },
    async list(tenantId, { status, interactionKind, since, until, beforeId, limit }) {
      const where = ['tenant_id = $1'];
      const params: unknown[] = [tenantId];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (status !== undefined) add('status = ?', status);
      if (interactionKind !== undefined) add('interaction_kind = ?', interactionKind);
      if (since !== undefined) add('created_at >= ?', since.toISOString());
      if (until !== undefined) add('created_at < ?', until.toISOString());
      if (beforeId !== undefined) add('id < ?', beforeId);
      params.push(limit);
      const rows = await db.query(
        `select ${COLUMNS} from effects where ${where.join(' and ')} order by id desc limit $${params.length}`,
        params,
      );
      return rows.map(fromRow);
    },
  };
}

function fromRow(row: Record<string, unknown>): StoredEffect {
  return {
    tenantId: row.tenant_id as string,
    id: row.id as string,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    status: row.status as string,
    interactionKind: row.interaction_kind as string,
    effect: row.effect as Record<string, unknown>,
    contract: row.contract,
    candidates: row.candidates as string[],
  };
}
