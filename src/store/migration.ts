import { StoreError, type Database, type Queryable } from './database.js';

/**
 * One step of the schema. Plain SQL that runs unchanged on PGlite and PostgreSQL. Every table
 * that holds a tenant's data has a `tenant_id text not null` column, so the sidecar can keep
 * tenants apart with a `where` clause and nothing else.
 */
export interface Migration {
  /** Sortable, unique, never reused: `001_core`, `020_turns`. Applied in this order. */
  readonly id: string;
  /** Statements separated by `;`, run in one transaction with the bookkeeping row. */
  readonly sql: string;
  /**
   * A step the SQL cannot say (statements that depend on the data found, such as a partition per
   * month present), run after `sql` in the same transaction.
   */
  readonly run?: (tx: Queryable) => Promise<void>;
}

/** Result of {@link migrate}. */
export interface MigrationReport {
  /** Ids applied by this call, in order. */
  readonly applied: readonly string[];
  /** Ids that were already present. */
  readonly alreadyApplied: readonly string[];
}

/**
 * Brings the schema up to date. Safe to call from several replicas at once: a transaction-scoped
 * advisory lock makes them take turns, and each migration is applied in the same transaction
 * that records it, so a crash never leaves one half-applied.
 */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<MigrationReport> {
  const ids = migrations.map((m) => m.id);
  const sorted = [...ids].sort();
  if (ids.some((id, i) => id !== sorted[i]) || new Set(ids).size !== ids.length) {
    throw new StoreError(`migrations must be listed once each in id order; got ${ids.join(', ')}`);
  }
  await db.query('create table if not exists warrant_migrations (id text primary key, applied_at timestamptz not null default now())');
  // Read once without the lock: an id recorded stays recorded, so only the others need the lock
  // and a second look (another replica may apply one meanwhile). A migrated store, the usual
  // case at every start, is then one statement instead of a transaction per migration.
  const recorded = new Set((await db.query<{ id: string }>('select id from warrant_migrations')).map((r) => r.id));
  const applied: string[] = [];
  const alreadyApplied: string[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.id)) {
      alreadyApplied.push(migration.id);
      continue;
    }
    try {
      const done = await db.transaction(async (tx) => {
        await tx.query("select pg_advisory_xact_lock(hashtext('warrant_migrations'))");
        const seen = await tx.query('select 1 from warrant_migrations where id = $1', [migration.id]);
        if (seen.length > 0) return false;
        for (const statement of splitStatements(migration.sql)) await tx.query(statement);
        await migration.run?.(tx);
        await tx.query('insert into warrant_migrations (id) values ($1)', [migration.id]);
        return true;
      });
      (done ? applied : alreadyApplied).push(migration.id);
    } catch (error) {
      throw new StoreError(`migration ${migration.id} failed: ${(error as Error).message}`, error);
    }
  }
  return { applied, alreadyApplied };
}

/**
 * Splits on `;` at line ends, outside `$$`-quoted function bodies (whose statements end in `;`
 * too). Migrations keep to that form.
 */
function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  // Even parts are SQL, odd parts are the bodies between a pair of `$$`.
  sql.split('$$').forEach((part, i) => {
    if (i % 2 === 1) {
      current += `$$${part}$$`;
      return;
    }
    const pieces = part.split(/;\s*(?:\n|$)/);
    current += pieces[0];
    for (const piece of pieces.slice(1)) {
      statements.push(current);
      current = piece;
    }
  });
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}
