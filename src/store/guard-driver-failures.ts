import { WarrantError } from '../errors.js';
import { classifyDriverError, sqlState, type Database, type Queryable } from './database.js';

/**
 * `undefined_table`, `invalid_schema_name` and `undefined_function` (the effects writer's
 * `warrant_insert_effects`, migration 092, is the first thing a verification calls): the schema is
 * gone (a database recreated empty, a schema dropped).
 */
const SCHEMA_GONE = new Set(['42P01', '3F000', '42883']);

/** Options of {@link guardDriverFailures}. */
export interface GuardOptions {
  /** Where the store is, for messages: `PostgreSQL at …`, `PGlite in …`. */
  readonly where: string;
  /**
   * Re-creates the schema (migrations, under their advisory lock) on the raw store. Called when a
   * statement finds the schema gone, at most once per `recoverIntervalMs`.
   */
  readonly recover?: () => Promise<void>;
  /** Shortest time between two recoveries, in ms. Default 5 000: a table a bug dropped does not make every query migrate. */
  readonly recoverIntervalMs?: number;
}

/**
 * Wraps a store so that every error of the driver is classified once, here (see
 * `classifyDriverError`): a value the store refused (SQLSTATE class 22, 54) is an
 * `UnstorableValueError`, the caller's input; anything else — a SQLSTATE, connection refused or
 * reset, `Connection terminated`, a closed PGlite — a `StoreError` (503, a CLI store failure),
 * never a bug. Each keeps the SQLSTATE as its `code`, so callers still test it (`23505`).
 * Whatever a transaction's own work throws passes unchanged. A statement that finds the schema gone starts a
 * re-migration; a plain query (not inside a transaction) is then run once more, so a database
 * recreated empty serves again without a restart.
 */
export function guardDriverFailures(db: Database, { where, recover, recoverIntervalMs = 5_000 }: GuardOptions): Database {
  let recovering: Promise<boolean> | undefined;
  let lastRecovery = -Infinity;
  /** Re-migrates once for everyone waiting; `true` when a recovery ran and succeeded. */
  const recoverOnce = (): Promise<boolean> => {
    if (recover === undefined) return Promise.resolve(false);
    if (recovering) return recovering;
    if (Date.now() - lastRecovery < recoverIntervalMs) return Promise.resolve(false);
    lastRecovery = Date.now();
    return (recovering = recover()
      .then(
        () => true,
        () => false,
      )
      .finally(() => (recovering = undefined)));
  };
  const convert = (error: unknown): WarrantError => (WarrantError.isInstance(error) ? error : classifyDriverError(error, `${where} failed`));
  const guarded = (q: Queryable): Queryable => ({
    query: async (sql, params) => {
      try {
        return await q.query(sql, params);
      } catch (error) {
        if (SCHEMA_GONE.has(sqlState(error) ?? '')) void recoverOnce();
        throw convert(error);
      }
    },
  });
  return {
    kind: db.kind,
    sealer: db.sealer,
    query: async (sql, params) => {
      try {
        return await db.query(sql, params);
      } catch (error) {
        // Nothing ran (the statement did not get past analysis): safe to run once more.
        if (SCHEMA_GONE.has(sqlState(error) ?? '') && (await recoverOnce())) {
          try {
            return await db.query(sql, params);
          } catch (again) {
            throw convert(again);
          }
        }
        throw convert(error);
      }
    },
    transaction: async (work) => {
      const thrownByWork = new Set<unknown>();
      try {
        return await db.transaction(async (tx) => {
          try {
            return await work(guarded(tx));
          } catch (error) {
            thrownByWork.add(error);
            throw error;
          }
        });
      } catch (error) {
        if (thrownByWork.has(error)) throw error;
        throw convert(error); // begin, commit, or getting a connection failed
      }
    },
    close: () => db.close(),
  };
}
