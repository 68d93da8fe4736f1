import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database.js';

const INT8 = 20;

/** Options of {@link openPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /**
   * Folder holding the data, created with its parents when missing (PGlite makes the folder
   * itself but not the ones above it, such as `.warrant/` on a fresh clone). `undefined` keeps
   * everything in memory (tests, one-off replays).
   */
  dataDir?: string;
}

/**
 * Opens the embedded PostgreSQL. PGlite is a single connection: it serialises statements and
 * transactions itself, so callers may share one instance freely.
 */
export async function openPgliteDatabase({ dataDir }: PgliteDatabaseOptions = {}): Promise<Database> {
  if (dataDir !== undefined) await mkdir(dirname(dataDir), { recursive: true });
  const pg = new PGlite({
    ...(dataDir === undefined ? {} : { dataDir }),
    // int8 (counts, sequences) arrives as a string otherwise; every id we count fits a double.
    parsers: { [INT8]: (value: string) => Number(value) },
  });
  await pg.waitReady;
  let closed = false;
  const run = async <T extends Row>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly unknown[]) =>
    (await q.query<T>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    transaction: (work) =>
      pg.transaction((tx) => {
        const scoped: Queryable = { query: (sql, params) => run(tx, sql, params) };
        return work(scoped);
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
}
