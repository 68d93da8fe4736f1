import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.js';
import { StoreError } from './database.js';
import { migrate } from './migration.js';
import { openStore } from './open-store.js';
import { openMemoryStore, storeTargets } from './testing.js';

describe.each(storeTargets())('store on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('normalises int8 to a number', async () => {
    const [row] = await db.query<{ n: number }>('select 9007199254740991::int8 as n');
    expect(row?.n).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('a transaction that throws writes nothing and rethrows the same error', async () => {
    await db.query('create table t_rollback (v int)');
    const boom = new Error('boom');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t_rollback values (1)');
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await db.query('select * from t_rollback')).toEqual([]);
  });

  it('migrations apply once and are skipped the second time', async () => {
    const steps = [{ id: '900_probe', sql: 'create table probe (v int);\ninsert into probe values (1);' }];
    expect(await migrate(db, steps)).toEqual({ applied: ['900_probe'], alreadyApplied: [] });
    expect(await migrate(db, steps)).toEqual({ applied: [], alreadyApplied: ['900_probe'] });
    expect(await db.query('select v from probe')).toEqual([{ v: 1 }]);
  });

  it('a store with every migration recorded is checked in one read, without a transaction or a lock', async () => {
    const steps = [
      { id: '902_first', sql: 'create table t_first (v int)' },
      { id: '903_second', sql: 'create table t_second (v int)' },
    ];
    await migrate(db, steps);
    const sent: string[] = [];
    const counting: Database = {
      ...db,
      query: (sql, params) => (sent.push(sql), db.query(sql, params)),
      transaction: (work) => (sent.push('transaction'), db.transaction(work)),
    };
    expect(await migrate(counting, steps)).toEqual({ applied: [], alreadyApplied: ['902_first', '903_second'] });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe('select id from warrant_migrations');
    // One not recorded yet still takes the lock and looks again inside it.
    sent.length = 0;
    expect(await migrate(counting, [...steps, { id: '904_third', sql: 'create table t_third (v int)' }])).toEqual({
      applied: ['904_third'],
      alreadyApplied: ['902_first', '903_second'],
    });
    expect(sent.filter((s) => s === 'transaction')).toHaveLength(1);
  });

  it('a failing migration leaves nothing behind', async () => {
    const steps = [{ id: '901_broken', sql: 'create table broken (v int);\nselect no_such_function();' }];
    await expect(migrate(db, steps)).rejects.toThrow(/migration 901_broken failed/);
    expect(await db.query("select 1 from information_schema.tables where table_name = 'broken'")).toEqual([]);
  });

  it('refuses migrations listed out of order', async () => {
    await expect(
      migrate(db, [
        { id: '2', sql: '' },
        { id: '1', sql: '' },
      ]),
    ).rejects.toThrow(/id order/);
  });
});

describe('the embedded store on disk', () => {
  it('creates the data folder and the folders above it (a fresh clone has no .warrant/)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'warrant-store-'));
    try {
      const db = await openStore({ dataDir: join(root, '.warrant', 'nested', 'pgdata') });
      await db.query('select 1');
      await db.close();
      expect((await stat(join(root, '.warrant', 'nested', 'pgdata'))).isDirectory()).toBe(true);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('closing an in-memory store', () => {
  it('lets every statement sent before it finish, then refuses the next', async () => {
    const db = await openMemoryStore();
    await db.query('create table t_close (v int)');
    const pending = [
      db.transaction(async (tx) => {
        await tx.query('insert into t_close values (1)');
        await tx.query('select pg_sleep(0.2)');
        return (await tx.query<{ n: number }>('select count(*)::int8 as n from t_close'))[0]!.n;
      }),
      db.query<{ v: number }>('select v from t_close'),
    ] as const;
    await db.close();
    expect(await pending[0]).toBe(1);
    expect(await pending[1]).toEqual([{ v: 1 }]);
    await expect(db.query('select 1')).rejects.toThrow(/closed/);
  });
});

describe('a store that cannot be opened', () => {
  it('is a StoreError naming where it was looked for, never leaking a password', async () => {
    const error = await openStore({ databaseUrl: 'postgres://warrant:s3cret@127.0.0.1:1/none' }).catch((e: unknown) => e);
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^cannot (open|migrate) PostgreSQL at postgres:\/\/warrant:\*\*\*@127\.0\.0\.1:1\/none/);
    expect((error as Error).message).not.toContain('s3cret');
  });
});
