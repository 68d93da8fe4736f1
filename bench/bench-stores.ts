import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openPostgresDatabase, openStore, type Database } from '../src/store/index.js';

/**
 * Runs `measure` on each store `BENCH_STORES` names (default `pglite,postgres`; one of them to
 * profile it alone): a PGlite data folder under `dir`, then a fresh schema on `DATABASE_URL`
 * (default the local server), dropped afterwards. A PostgreSQL that cannot be reached is reported
 * on stderr and fails the bench's exit code, without stopping the PGlite figures.
 */
export async function forEachBenchStore(bench: string, dir: string, measure: (store: 'pglite' | 'postgres', db: Database) => Promise<void>): Promise<void> {
  const stores = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',');
  if (stores.includes('pglite')) {
    const pglite = await openStore({ dataDir: join(dir, 'pgdata') });
    try {
      await measure('pglite', pglite);
    } finally {
      await pglite.close();
    }
  }
  if (!stores.includes('postgres')) return;
  const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  let pg: Database;
  try {
    pg = await openStore({ databaseUrl: url, schema });
  } catch (error) {
    process.stderr.write(`bench ${bench}: PostgreSQL at ${url} unavailable: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  try {
    await measure('postgres', pg);
  } finally {
    await pg.close();
    const admin = await openPostgresDatabase({ url });
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
  }
}
