import { join, resolve } from 'node:path';
import { lockDataDir, makePrivate, type DataDirLock } from './data-dir-lock.js';
import { WarrantError } from '../errors.js';
import { StoreError, type Database } from './database.js';
import { createEvidenceSealer } from './evidence-sealer.js';
import { guardDriverFailures } from './guard-driver-failures.js';
import { ensureEvidencePartitions } from './evidence-partitions.js';
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
  /**
   * PostgreSQL settings for the embedded store (ignored with `databaseUrl`). Default for
   * `':memory:'`: `shared_buffers` 16MB, because its files are already in memory and PGlite's
   * default 128 MB would hold a second copy of them; for a folder, PGlite's own.
   */
  pgliteSettings?: Readonly<Record<string, string>>;
  /**
   * The secret the evidence seals are keyed with (W13). Default a published key, which detects
   * any change made without recomputing the seals; a secret kept out of the database makes a
   * recomputed chain detectable too. Every replica and `warrant evidence verify` need the same one.
   */
  evidenceKey?: string;
  /** Seal evidence as it is written. Default true; false only to measure what sealing costs. */
  evidenceIntegrity?: boolean;
  /** Fault injection for tests (a PGlite data folder only): see `diskFull` of `openPgliteDatabase`. */
  pgliteDiskFull?: SharedArrayBuffer;
}

/** The settings an in-memory PGlite starts with unless told otherwise (see {@link StoreOptions.pgliteSettings}). */
const IN_MEMORY_SETTINGS = { shared_buffers: '16MB' } as const;

/**
 * Reads `DATABASE_URL`, `WARRANT_DATABASE_SCHEMA` (the PostgreSQL schema, default `public`: one
 * database can hold several deployments) and `WARRANT_DATA_DIR` from `env`. The only place the
 * store looks at the environment, so tests pass their own.
 */
export function storeOptionsFromEnv(env: Record<string, string | undefined>, cwd = process.cwd()): StoreOptions {
  const databaseUrl = env.DATABASE_URL?.trim();
  const schema = env.WARRANT_DATABASE_SCHEMA?.trim();
  const evidence = evidenceOptionsFromEnv(env);
  if (databaseUrl) return schema ? { databaseUrl, schema, ...evidence } : { databaseUrl, ...evidence };
  return { dataDir: env.WARRANT_DATA_DIR?.trim() || defaultDataDir(cwd), ...evidence };
}

/**
 * `WARRANT_EVIDENCE_KEY` (the seals' secret) and `WARRANT_EVIDENCE_INTEGRITY` (`off` stops
 * sealing; anything else, or nothing, keeps it on).
 */
function evidenceOptionsFromEnv(env: Record<string, string | undefined>): Pick<StoreOptions, 'evidenceKey' | 'evidenceIntegrity'> {
  const key = env.WARRANT_EVIDENCE_KEY;
  const off = env.WARRANT_EVIDENCE_INTEGRITY?.trim().toLowerCase() === 'off';
  return { ...(key ? { evidenceKey: key } : {}), ...(off ? { evidenceIntegrity: false } : {}) };
}

/** The embedded store's folder when none is named: `.warrant/pgdata` under `cwd`. */
function defaultDataDir(cwd = process.cwd()): string {
  return join(cwd, '.warrant', 'pgdata');
}

/**
 * Opens the store and applies every pending migration before returning it. A store that cannot
 * be reached or migrated is a {@link StoreError} naming where it was looked for (the password of
 * a URL left out), so the CLI and the server report it as a store failure, not a bug.
 *
 * A PGlite data folder belongs to one process (W10): it is locked before PGlite opens it (see
 * `lockDataDir`; a live holder refuses with its pid, a dead one's lock is taken over), and its
 * folders and files are made private to the owner (0700, 0600). Every driver failure of the
 * returned store is a `StoreError`, and a schema found gone is migrated again (see
 * `guardDriverFailures`).
 */
export async function openStore(options: StoreOptions = {}): Promise<Database> {
  return openStoreFrom(options, undefined);
}

/**
 * An in-memory store started from `template`, a tarball of a cluster with every migration
 * applied (the tests', see `pglite-template.ts`), instead of the initdb snapshot: the migrations
 * run all the same and must find nothing to do, so a template that is not this schema fails the
 * open (a {@link StoreError}) instead of being trusted. Not part of `warrant/store`: the tests'
 * stores start this way, a host's through {@link openStore}.
 */
export async function openStoreFromTemplate(
  template: string,
  options: Pick<StoreOptions, 'pgliteSettings' | 'evidenceKey' | 'evidenceIntegrity'> = {},
): Promise<Database> {
  return openStoreFrom({ ...options, dataDir: ':memory:' }, template);
}

async function openStoreFrom(
  { databaseUrl, dataDir = defaultDataDir(), schema, pgliteSettings, evidenceKey, evidenceIntegrity = true, pgliteDiskFull }: StoreOptions,
  template: string | undefined,
): Promise<Database> {
  const folder = databaseUrl || dataDir === ':memory:' ? undefined : resolve(dataDir);
  const where = databaseUrl ? `PostgreSQL at ${redactUrl(databaseUrl)}` : folder === undefined ? 'in-memory PGlite' : `PGlite in ${folder}`;
  const lock = folder === undefined ? undefined : await lockDataDir(folder);
  let raw: Database;
  try {
    raw = databaseUrl
      ? await openPostgresDatabase({ url: databaseUrl, ...(schema ? { schema } : {}) })
      : folder === undefined
        ? await openPgliteDatabase({ settings: pgliteSettings ?? IN_MEMORY_SETTINGS, ...(template === undefined ? {} : { snapshot: template }) })
        : await openPrivately(folder, pgliteSettings, pgliteDiskFull);
  } catch (error) {
    lock?.release();
    // A setting refused before connecting (a schema name) stays the configuration's fault.
    throw WarrantError.isInstance(error) ? error : new StoreError(`cannot open ${where}: ${(error as Error)?.message ?? String(error)}`, error);
  }
  try {
    const { applied } = await migrate(raw, migrations);
    if (template !== undefined) await checkTemplate(raw, template, applied);
    // The months ahead, so evidence written until the next start or prune lands in its month.
    await ensureEvidencePartitions(raw);
  } catch (error) {
    await raw.close().catch(() => {});
    lock?.release();
    throw StoreError.isInstance(error) ? error : new StoreError(`cannot migrate ${where}: ${(error as Error)?.message ?? String(error)}`, error);
  }
  const schemaName = databaseUrl ? (schema ?? 'public') : 'public';
  const db = guardDriverFailures(withLock(raw, lock), {
    where,
    recover: async () => {
      await raw.query(`create schema if not exists ${schemaName}`).catch(() => {});
      await migrate(raw, migrations);
    },
  });
  return { ...db, sealer: createEvidenceSealer({ key: evidenceKey, enabled: evidenceIntegrity }) };
}

/**
 * Refuses a store started from `template` unless the template held exactly this schema's
 * migrations: none left for `migrate` to apply (`applied`), none it does not know.
 */
async function checkTemplate(db: Database, template: string, applied: readonly string[]): Promise<void> {
  const known = new Set(migrations.map((m) => m.id));
  const unknown = (await db.query<{ id: string }>('select id from warrant_migrations order by id')).map((r) => r.id).filter((id) => !known.has(id));
  if (applied.length === 0 && unknown.length === 0) return;
  const missing = applied.length === 0 ? '' : ` it lacked ${applied.join(', ')}`;
  const extra = unknown.length === 0 ? '' : `${missing ? ';' : ''} it has ${unknown.join(', ')}, which this schema does not`;
  throw new StoreError(`the template ${template} is not this schema:${missing}${extra}`);
}

/**
 * Opens PGlite on `folder` with a private umask (the folders and files initdb creates are the
 * owner's alone), then fixes the modes of whatever exists, including files PGlite unpacked with
 * its own modes. The umask is the process's, so it is restored as soon as PGlite is open.
 */
async function openPrivately(
  folder: string,
  settings: Readonly<Record<string, string>> | undefined,
  diskFull: SharedArrayBuffer | undefined,
): Promise<Database> {
  const previous = setUmask(0o077);
  let db: Database;
  try {
    db = await openPgliteDatabase({ dataDir: folder, ...(settings ? { settings } : {}), ...(diskFull ? { diskFull } : {}) });
  } finally {
    if (previous !== undefined) setUmask(previous);
  }
  try {
    await makePrivate(folder);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}

/** Sets the process umask, returning the previous one; `undefined` where it cannot be set (a worker thread). */
function setUmask(mask: number): number | undefined {
  try {
    return process.umask(mask);
  } catch {
    return undefined;
  }
}

/** `db`, whose `close` also releases the data folder's lock once PGlite has let go of its files. */
function withLock(db: Database, lock: DataDirLock | undefined): Database {
  if (lock === undefined) return db;
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    transaction: (work) => db.transaction(work),
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
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
