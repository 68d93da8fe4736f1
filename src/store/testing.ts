import { randomBytes } from 'node:crypto';
import type { Database } from './database.js';
import { openStore } from './open-store.js';

/** A store a test suite can run against. */
export interface StoreTarget {
  readonly name: 'pglite' | 'postgres';
  /** Opens a fresh, migrated, empty store: in-memory PGlite, or a new schema on the server. */
  open(): Promise<Database>;
}

/**
 * The stores a suite should run against: always in-memory PGlite, and PostgreSQL too when
 * `DATABASE_URL` is set (as `.ci/run` does). Use with `describe.each(storeTargets())`.
 */
export function storeTargets(env: Record<string, string | undefined> = process.env): StoreTarget[] {
  const targets: StoreTarget[] = [{ name: 'pglite', open: () => openStore({ dataDir: ':memory:' }) }];
  const url = env.DATABASE_URL?.trim();
  if (url) {
    targets.push({
      name: 'postgres',
      open: () => openStore({ databaseUrl: url, schema: `t_${randomBytes(6).toString('hex')}` }),
    });
  }
  return targets;
}
