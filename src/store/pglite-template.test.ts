import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { StoreError, type Database, type Queryable } from './database.js';
import { migrate, type Migration } from './migration.js';
import { migrations } from './migrations/index.js';
import { openStore, openStoreFromTemplate } from './open-store.js';
import { openPgliteDatabase } from './pglite-database.js';
// @ts-expect-error -- plain JavaScript shared with the worker thread, no declarations
import { snapshotPath } from './pglite-snapshot.mjs';
import { makeMigratedTemplate, migratedTemplatePath, storeSourceDigest, writeClusterTarball } from './pglite-template.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-template-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Everything the schema is made of in `public`, in an order that does not depend on oids. */
async function describeSchema(db: Queryable): Promise<unknown[]> {
  const parts = await Promise.all([
    db.query(`select c.relname, c.relkind, a.attname, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull, pg_get_expr(d.adbin, d.adrelid) as def, a.attgenerated
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = 'public' order by c.relname, a.attname`),
    db.query(`select c.relname, pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relispartition order by c.relname`),
    db.query("select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname"),
    db.query(`select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def from pg_constraint
      where connamespace = 'public'::regnamespace order by rel, conname`),
    db.query(`select p.proname, pg_get_functiondef(p.oid) as def from pg_proc p where p.pronamespace = 'public'::regnamespace order by p.proname`),
    db.query(`select tgrelid::regclass::text as rel, tgname, pg_get_triggerdef(oid) as def from pg_trigger where not tgisinternal order by rel, tgname`),
    db.query('select id from warrant_migrations order by id'),
  ]);
  return parts;
}

/** A template of a cluster where `steps` (and nothing else) were migrated. */
async function templateOf(name: string, steps: readonly Migration[]): Promise<string> {
  const cluster = join(dir, `${name}-cluster`);
  const db = await openPgliteDatabase({ dataDir: cluster });
  try {
    await migrate(db, steps);
  } finally {
    await db.close();
  }
  const path = join(dir, `${name}.tar.gz`);
  await writeClusterTarball(cluster, path);
  return path;
}

describe('the tests’ migrated PGlite template', () => {
  // The one the global setup made (made here when this file runs without it).
  const template = migratedTemplatePath();
  beforeAll(() => makeMigratedTemplate(template), 180_000);

  it('a store started from it is the schema the migrations make on a fresh store, and finds nothing to apply', async () => {
    const stores: Database[] = [];
    try {
      stores.push(await openStoreFromTemplate(template), await openStore({ dataDir: ':memory:' }));
      const [fromTemplate, migrated] = stores as [Database, Database];
      expect(await migrate(fromTemplate, migrations)).toEqual({ applied: [], alreadyApplied: migrations.map((m) => m.id) });
      const schema = await describeSchema(fromTemplate);
      expect(schema).toEqual(await describeSchema(migrated));
      expect((schema.at(-1) as { id: string }[]).map((r) => r.id)).toEqual(migrations.map((m) => m.id));
      // Usable, and empty: it holds no data of the store it was made from.
      expect(await fromTemplate.query('select * from effects')).toEqual([]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }, 120_000);

  it('is made once: a template already there is left as it is', async () => {
    const before = await readFile(template);
    expect(await makeMigratedTemplate(template)).toBe(false);
    expect((await readFile(template)).equals(before)).toBe(true);
  });

  it('a template that lacks migrations fails the open, naming what it lacked', async () => {
    // The initdb snapshot: a cluster where nothing was migrated.
    const older = snapshotPath();
    const error = await openStoreFromTemplate(older).catch((e: unknown) => e);
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(`the template ${older} is not this schema: it lacked ${migrations.map((m) => m.id).join(', ')}`);
  }, 120_000);

  it('a template with a migration this schema does not know fails the open, naming it', async () => {
    const newer = await templateOf('newer', [...migrations, { id: '999_from_another_branch', sql: 'create table from_another_branch (v int)' }]);
    await expect(openStoreFromTemplate(newer)).rejects.toThrow(
      `the template ${newer} is not this schema: it has 999_from_another_branch, which this schema does not`,
    );
  }, 120_000);

  it('a template that cannot be read fails the open instead of starting another cluster', async () => {
    await expect(openStoreFromTemplate(join(dir, 'no-such-template.tar.gz'))).rejects.toThrow(/cannot read the PGlite snapshot .*no-such-template\.tar\.gz/);
  }, 60_000);

  it('a snapshot starts an in-memory store only', async () => {
    await expect(openPgliteDatabase({ dataDir: join(dir, 'folder'), snapshot: template })).rejects.toThrow(/in-memory store only/);
  });
});

describe('the template’s key', () => {
  it('changes with any source file of the store, never with its tests', async () => {
    const copy = join(dir, 'store-copy');
    await cp(join(packageRoot(), 'src', 'store'), copy, { recursive: true });
    const digest = storeSourceDigest(copy);
    expect(storeSourceDigest(copy)).toBe(digest);
    await writeFile(join(copy, 'database.test.ts'), '// a test changed\n', { flag: 'a' });
    expect(storeSourceDigest(copy)).toBe(digest);
    const migration = join(copy, 'migrations', '092-effects-insert-function.ts');
    const original = await readFile(migration, 'utf8');
    await writeFile(migration, original.replace('create', 'create '));
    const edited = storeSourceDigest(copy);
    expect(edited).not.toBe(digest);
    await writeFile(migration, original);
    await writeFile(join(copy, 'evidence-partitions.ts'), '// what a migration calls changed\n', { flag: 'a' });
    expect(storeSourceDigest(copy)).not.toBe(digest);
    expect(storeSourceDigest(copy)).not.toBe(edited);
  });

  it('names the PGlite version, the store sources’ digest and the UTC month', () => {
    const version = (JSON.parse(readFileSync(join(packageRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string })
      .version;
    const digest = storeSourceDigest(join(packageRoot(), 'src', 'store'));
    expect(migratedTemplatePath({ now: new Date('2026-12-31T23:59:59Z') })).toBe(
      join(packageRoot(), 'node_modules', '.cache', 'warrant', `pglite-${version}-migrated-${digest}-2026-12.tar.gz`),
    );
    expect(migratedTemplatePath({ now: new Date('2027-01-01T00:00:00Z') })).toMatch(/-2027-01\.tar\.gz$/);
  });
});
