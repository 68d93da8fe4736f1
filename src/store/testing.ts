import { randomBytes } from 'node:crypto';
import type { Database } from './database.js';
import { openStore, openStoreFromTemplate } from './open-store.js';
import { existingMigratedTemplate } from './pglite-template.js';

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
  const targets: StoreTarget[] = [{ name: 'pglite', open: openMemoryStore }];
  const url = env.DATABASE_URL?.trim();
  if (url) {
    targets.push({
      name: 'postgres',
      open: () => openStore({ databaseUrl: url, schema: `t_${randomBytes(6).toString('hex')}` }),
    });
  }
  return targets;
}

/**
 * A fresh, migrated, empty in-memory PGlite store, as `openStore({ dataDir: ':memory:' })` opens
 * one, started from the migrated template when the tests' global setup made it (the migrations
 * then run and find nothing to do), the usual way otherwise. Tests of the migrations and of the
 * initdb snapshot open their stores the usual way instead.
 */
export function openMemoryStore(): Promise<Database> {
  const template = existingMigratedTemplate();
  return template === undefined ? openStore({ dataDir: ':memory:' }) : openStoreFromTemplate(template);
}
