import { describe, expect, it } from 'vitest';
import { ConfigurationError, WarrantError } from '../errors.js';
import { storeCall } from '../evidence/store-call.js';
import { classifyDriverError, StoreError, UnstorableValueError, sqlState, type Database } from './database.js';
import { guardDriverFailures } from './guard-driver-failures.js';
import { openStore } from './open-store.js';
import { openPostgresDatabase } from './postgres-database.js';

const driverError = (code: string | undefined, message = 'driver says no') => Object.assign(new Error(message), code === undefined ? {} : { code });

describe('driver errors are classified once, where they are wrapped', () => {
  it.each([
    ['22P05 (a NUL in text)', driverError('22P05'), 'UnstorableValueError', 'input'],
    ['54000 (a value too large)', driverError('54000'), 'UnstorableValueError', 'input'],
    ['23505 (unique violation)', driverError('23505'), 'StoreError', 'store'],
    ['57P01 (admin shutdown)', driverError('57P01'), 'StoreError', 'store'],
    ['ECONNREFUSED (no SQLSTATE)', driverError('ECONNREFUSED'), 'StoreError', 'store'],
    ['a closed store (no code)', driverError(undefined, 'the PGlite store is closed'), 'StoreError', 'store'],
  ])('%s becomes a %s (fault %s), keeping the SQLSTATE as its code', (_name, raw, name, fault) => {
    const error = classifyDriverError(raw, 'effects could not be stored');
    expect(error.name).toBe(name);
    expect(error.fault).toBe(fault);
    expect(error.message).toBe('effects could not be stored: driver says no'.replace('driver says no', raw.message));
    expect(sqlState(error)).toBe(/^[0-9A-Z]{5}$/.test((raw as { code?: string }).code ?? '') ? (raw as { code?: string }).code : undefined);
    expect(error.cause).toBe(raw);
  });

  it('an error already classified keeps its class: storeCall names what failed without classifying again', async () => {
    const refused = classifyDriverError(driverError('22021'), 'PGlite failed');
    const kept = await storeCall('effects could not be stored', () => Promise.reject(refused)).catch((e: unknown) => e);
    expect(UnstorableValueError.isInstance(kept)).toBe(true);
    const down = classifyDriverError(driverError('08006'), 'PostgreSQL failed');
    const relabelled = (await storeCall('effects could not be read', () => Promise.reject(down)).catch((e: unknown) => e)) as StoreError;
    expect(StoreError.isInstance(relabelled)).toBe(true);
    expect(relabelled.message).toMatch(/^effects could not be read: PostgreSQL failed: driver says no/);
    expect(relabelled.code).toBe('08006');
  });

  it('guardDriverFailures classifies a query’s and a transaction’s driver errors, and leaves the work’s own errors alone', async () => {
    let next: unknown;
    const raw: Database = {
      kind: 'postgres',
      query: async () => {
        throw next;
      },
      transaction: async (work) => work({ query: async () => Promise.reject(next) }),
      close: async () => {},
    };
    const db = guardDriverFailures(raw, { where: 'PostgreSQL at test' });
    next = driverError('22P02');
    await expect(db.query('select 1')).rejects.toSatisfy(UnstorableValueError.isInstance);
    next = driverError('23505');
    const unique = await db.transaction((tx) => tx.query('insert')).catch((e: unknown) => e);
    expect(StoreError.isInstance(unique) && unique.code).toBe('23505');
    const own = new Error('the work’s own bug');
    await expect(db.transaction(async () => Promise.reject(own))).rejects.toBe(own);
  });
});

describe('configuration mistakes of the store are configuration faults', () => {
  it('a schema name that is not a plain identifier is a ConfigurationError naming it, before any connection', async () => {
    const error = await openPostgresDatabase({ url: 'postgres://nobody@127.0.0.1:1/x', schema: 'Bad-Name' }).catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as ConfigurationError).issues).toEqual([
      { path: 'schema', message: expect.stringContaining('"Bad-Name" is not a plain lower-case identifier') },
    ]);
    const opened = await openStore({ databaseUrl: 'postgres://nobody@127.0.0.1:1/x', schema: 'Bad-Name' }).catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(opened)).toBe(true);
    expect(WarrantError.isInstance(opened) && opened.fault).toBe('configuration');
  });
});
