import { join } from 'node:path';
import { StoreError, type Database } from './database.js';
import { migrate } from './migration.js';
import { migrations } from './migrations/index.js';
import { openPgliteDatabase } from './pglite-database.js';
import { openPostgresDatabase } from './postgres-database.js';

/** Where the store lives. Read from the environment once by {@link storeOptionsFromEnv}. */
export interface StoreOptions {
  /** A `postgres://` URL. When set, a real server is used and `dataDir` is ignored. */
  databaseUrl?: string;
  /** PGlite data folder. Default `.warrant/pgdata` under the working directory. `':memory:'` keeps nothing. */
  dataDir?: string;
  /** PostgreSQL schema (real server only). Default `public`. */
  schema?: string;
}

/**
 * Reads `DATABASE_URL` and `WARRANT_DATA_DIR` from `env`. The only place the store looks at the
 * environment, so tests pass their own.
 */
export function storeOptionsFromEnv(env: Record<string, string | undefined>, cwd = process.cwd()): StoreOptions {
  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) return { databaseUrl };
  return { dataDir: env.WARRANT_DATA_DIR?.trim() || defaultDataDir(cwd) };
}

/** The embedded store's folder when none is named: `.warrant/pgdata` under `cwd`. */
function defaultDataDir(cwd = process.cwd()): string {
  return join(cwd, '.warrant', 'pgdata');
}

/**
 * Opens the store and applies every pending migration before returning it. A store that cannot
 * be reached or migrated is a {@link StoreError} naming where it was looked for (the password of
 * a URL left out), so the CLI and the server report it as a store failure, not a bug.
 */
export async function openStore({ databaseUrl, dataDir = defaultDataDir(), schema }: StoreOptions = {}): Promise<Database> {
  const where = databaseUrl ? `PostgreSQL at ${redactUrl(databaseUrl)}` : dataDir === ':memory:' ? 'in-memory PGlite' : `PGlite in ${dataDir}`;
  let db: Database;
  try {
    db = databaseUrl
      ? await openPostgresDatabase({ url: databaseUrl, ...(schema ? { schema } : {}) })
      : await openPgliteDatabase(dataDir === ':memory:' ? {} : { dataDir });
  } catch (error) {
    throw new StoreError(`cannot open ${where}: ${(error as Error)?.message ?? String(error)}`, error);
  }
  try {
    await migrate(db, migrations);
  } catch (error) {
    await db.close().catch(() => {});
    throw StoreError.isInstance(error) ? error : new StoreError(`cannot migrate ${where}: ${(error as Error)?.message ?? String(error)}`, error);
  }
  return db;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}
