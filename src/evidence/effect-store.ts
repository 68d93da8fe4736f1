import { acceptContractJson } from '../contract/accept-contract-json.js';
import { replyContractSchema, type ReplyContractJson } from '../contract/reply-contract.js';
import { replyEffectJsonSchema, type ReplyEffectJson } from '../contract/reply-effect.js';
import { StoreError } from '../store/database.js';
import type { Database } from '../store/index.js';
import { sealerOf, type SealEntry, type SealRow } from '../store/evidence-sealer.js';
import { DIGEST_VERSION, effectDigest } from './evidence-digest.js';
import { createGroupCommitWriter, type GroupCommitWriter } from './group-commit-writer.js';
import { isRowFailure } from './row-failure.js';
import { storeCall } from './store-call.js';
import { decodeStored } from './stored-json.js';
import { tenantPageQuery } from './tenant-page-query.js';

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
  /** The effect's wire JSON (snake_case, as `effectToJson` makes it); read back through `replyEffectJsonSchema`. */
  readonly effect: ReplyEffectJson;
  /** The contract's wire JSON as the caller sent it (as the contract schema read it); read back through `replyContractSchema`. */
  readonly contract: ReplyContractJson;
  /** The candidate texts, in the order given, so forbidden offsets can be shown on them. */
  readonly candidates: readonly string[];
  /** The W3C trace id (32 hex digits) of the request that made it; null or absent when made without one. */
  readonly traceId?: string | null;
}

/** Filters of {@link EffectStore.list}; every one optional. */
export interface EffectFilter {
  readonly status?: string | undefined;
  readonly interactionKind?: string | undefined;
  /** Only effects whose body or a candidate contains this text, ignoring case. */
  readonly text?: string | undefined;
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
   * Flushes at once. Default 1 on PGlite (one connection, in its worker: a second flush only
   * waits there, and measured slower, 0.7× at 2). Default 3 on PostgreSQL: with one flush at a
   * time, the requests answered by one flush come back while the next runs, so the in-flight
   * requests settle into two halves each waiting for a whole commit, and the rate is half of
   * them per commit; concurrent flushes let PostgreSQL group their commits instead (measured on
   * a loaded 2-core host, 16 connections, in alternating rounds: 1.37× the rate at 2, 1.5× at
   * 3, every round faster than at 1). Each flush holds one pooled connection.
   */
  maxConcurrentFlushes?: number;
  /** Called after every flush with its row count, duration in seconds and whether it committed: the server's metrics. */
  onFlush?: (rows: number, seconds: number, ok: boolean) => void;
}

// The whole batch travels as ONE JSON parameter, expanded into rows by the server: the driver
// sends a single string instead of escaping every JSON document into eight array literals,
// and the statement text is the same for any batch size. The batch's seals (W13) travel as a
// second one (null with integrity off), and the function (migration 092) inserts both in this one
// statement, so the rows and the seals that cover them commit together or not at all, in one round
// trip, with both inserts' plans kept by the session instead of planned again at every flush.
const INSERT = 'select warrant_insert_effects($1::json, $2::json)';

const COLUMNS = 'tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates, trace_id';

/**
 * The effects table behind a group-commit writer: one multi-row insert per flush (a fixed
 * statement over one JSON parameter), each request awaiting its own row. A flush the store
 * refuses because of a row's value is retried in halves, so only that row's insert fails.
 */
export function createEffectStore(db: Database, options: EffectStoreOptions = {}): EffectStore {
  const sealer = sealerOf(db);
  const writer: GroupCommitWriter<PreparedEffect> = createGroupCommitWriter<PreparedEffect>({
    maxBatchRows: options.maxBatchRows ?? 500,
    maxConcurrentFlushes: options.maxConcurrentFlushes ?? (db.kind === 'postgres' ? 3 : 1),
    // One tenant's unstorable row must not fail another's: such a batch is bisected (W10).
    mayBeRowFailure: isRowFailure,
    flush: async (rows) => {
      const batch = `[${rows.map((r) => r.json).join(',')}]`;
      // The flush's size, time and outcome go to the metrics hook (group-commit flush figures).
      const started = performance.now();
      let ok = false;
      try {
        if (!sealer.enabled) {
          await storeCall('effects could not be stored', () => db.query(INSERT, [batch, null]));
        } else {
          const lane = sealer.acquire();
          const byTenant = new Map<string, { entries: SealEntry[]; from: Date; to: Date }>();
          for (const r of rows) {
            const group = byTenant.get(r.tenantId);
            if (!group) byTenant.set(r.tenantId, { entries: [r.entry!], from: r.createdAt, to: r.createdAt });
            else {
              group.entries.push(r.entry!);
              if (r.createdAt < group.from) group.from = r.createdAt;
              if (r.createdAt > group.to) group.to = r.createdAt;
            }
          }
          const seals: SealRow[] = [...byTenant].map(([tenantId, g]) => lane.seal(tenantId, g.entries, g.from, g.to));
          try {
            await storeCall('effects could not be stored', () => db.query(INSERT, [batch, JSON.stringify(seals)]));
          } catch (error) {
            lane.retire();
            throw error;
          }
          lane.commit();
        }
        ok = true;
      } finally {
        options.onFlush?.(rows.length, (performance.now() - started) / 1000, ok);
      }
    },
  });
  return {
    // Serialised (and digested) as it is queued, not when its flush starts: a flush then only
    // joins texts, so what a row costs is spent while the flush before it is in the store.
    insert: async (effect) => writer.write(prepareEffect(effect, sealer.enabled)),
    drain: () => writer.drain(),
    async get(tenantId, id) {
      const [row] = await storeCall('effects could not be read', () =>
        db.query(`select ${COLUMNS} from effects where tenant_id = $1 and id = $2`, [tenantId, id]),
      );
      return row ? fromRow(row) : undefined;
    },
    async list(tenantId, { status, interactionKind, text: contains, since, until, beforeId, limit }) {
      const { text, params } = tenantPageQuery(
        `select ${COLUMNS} from effects`,
        tenantId,
        [
          ['status = ?', status],
          ['interaction_kind = ?', interactionKind],
          // strpos, not like: the searched text is the user's, and may hold % or _.
          [
            "exists (select 1 from (select effect->>'body' as t union all select json_array_elements_text(candidates)) s where strpos(lower(s.t), lower(?)) > 0)",
            contains,
          ],
          ['created_at >= ?', since?.toISOString()],
          ['created_at < ?', until?.toISOString()],
          ['id < ?', beforeId],
        ],
        'id desc',
        limit,
      );
      const rows = await storeCall('effects could not be listed', () => db.query(text, params));
      return rows.map(fromRow);
    },
  };
}

/**
 * Whether `tenantId` has stored any effect yet: how a first start decides to load its recorded
 * scenarios once. Effects still queued in an {@link EffectStore}'s writer are not seen: drain it first.
 */
export async function hasEffects(db: Database, tenantId: string): Promise<boolean> {
  const [row] = await storeCall('effects could not be counted', () =>
    db.query<{ found: boolean }>('select exists (select 1 from effects where tenant_id = $1) as found', [tenantId]),
  );
  return row?.found === true;
}

/** An effect as a flush takes it: its row as the insert's JSON text, and its seal entry when sealing. */
interface PreparedEffect {
  readonly tenantId: string;
  readonly createdAt: Date;
  readonly json: string;
  readonly entry: SealEntry | undefined;
}

/**
 * Serialises each document of `r` once: the row's JSON for the insert is built from those texts,
 * and its digest (W13) is over the same bytes.
 */
function prepareEffect(r: StoredEffect, sealed: boolean): PreparedEffect {
  const effectText = JSON.stringify(r.effect);
  const contractText = JSON.stringify(r.contract) ?? 'null';
  const candidatesText = JSON.stringify(r.candidates);
  const createdAt = r.createdAt.toISOString();
  const json = `{"tenant_id":${JSON.stringify(r.tenantId)},"id":${JSON.stringify(r.id)},"created_at":${JSON.stringify(createdAt)},"status":${JSON.stringify(r.status)},"interaction_kind":${JSON.stringify(r.interactionKind)},"effect":${effectText},"contract":${contractText},"candidates":${candidatesText},"trace_id":${JSON.stringify(r.traceId ?? null)}}`;
  const entry: SealEntry | undefined = sealed
    ? {
        t: 'effects',
        id: r.id,
        d: effectDigest({
          createdAt: r.createdAt,
          status: r.status,
          interactionKind: r.interactionKind,
          effectText,
          contractText,
          candidatesText,
          traceId: r.traceId,
        }),
        v: DIGEST_VERSION,
      }
    : undefined;
  return { tenantId: r.tenantId, createdAt: r.createdAt, json, entry };
}

/**
 * A row as the store gives it back, its JSON columns decoded through the schemas they were
 * written from: the effect's (`replyEffectJsonSchema`) and the contract's (`replyContractSchema`,
 * after `acceptContractJson`, its fast path that accepts only what the schema accepts, since a
 * listing reads a page of contracts of maybe thousands of terms). A row that does not match is
 * the store's fault (`StoreError`), naming the effect and the path.
 */
function fromRow(row: Record<string, unknown>): StoredEffect {
  const id = row.id as string;
  return {
    tenantId: row.tenant_id as string,
    id,
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
    status: row.status as string,
    interactionKind: row.interaction_kind as string,
    effect: decodeStored(replyEffectJsonSchema, row.effect, `the stored effect ${id}`),
    contract: acceptContractJson(row.contract) ?? decodeStored(replyContractSchema, row.contract, `the stored contract of effect ${id}`),
    candidates: storedCandidates(id, row.candidates),
    traceId: (row.trace_id as string | null) ?? null,
  };
}

/** The candidate texts of effect `id` as stored: a list of strings, or the store's fault. */
function storedCandidates(id: string, json: unknown): string[] {
  if (Array.isArray(json) && json.every((c) => typeof c === 'string')) return json;
  throw new StoreError(`the stored candidates of effect ${id} are not a list of strings`);
}
