import { StoreError, type Queryable } from './database.js';

/**
 * The evidence tables partitioned by time (W13), each by the column that says when its row was
 * written: Reply Effects and suggestion results by `created_at`, seals by `covers_to` (the last
 * row they cover, so a seal never outlives the rows it lists by more than its batch). One
 * partition per calendar month (UTC), and a default partition that catches what no month holds
 * (rows dated before the first month made or beyond those made ahead).
 */
export const PARTITIONED_EVIDENCE = { effects: 'created_at', suggestions: 'created_at', evidence_seals: 'covers_to' } as const;

export type PartitionedEvidenceTable = keyof typeof PARTITIONED_EVIDENCE;

/** Months made ahead of the current one, so the default partition stays empty between starts and pruning runs. */
export const MONTHS_AHEAD = 3;

/** One month of partitions: its bounds and the partition of each table that has one. */
export interface EvidenceMonth {
  /** `2026-12`. */
  readonly month: string;
  readonly from: Date;
  readonly to: Date;
  /** Partition name by table, for the tables that have this month. */
  readonly tables: Partial<Record<PartitionedEvidenceTable, string>>;
}

/** The first instant (UTC) of the month holding `at`, `offset` months on. */
export function monthStart(at: Date, offset = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

/** `effects_y2026m12`: a month's partition of `table`. */
export function monthPartitionName(table: PartitionedEvidenceTable, from: Date): string {
  return `${table}_y${from.getUTCFullYear()}m${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Makes the month partitions of every partitioned evidence table for the months from the one
 * holding `from` through {@link MONTHS_AHEAD} after the one holding `now`, where missing. A
 * month the default partition already holds rows of cannot be made (PostgreSQL refuses, SQLSTATE
 * 23514): it is left out, and its rows stay in the default partition, pruned by `DELETE`. Runs
 * under an advisory lock in its own transaction (replicas start together); a store whose evidence
 * tables are not partitioned (before migration 090) is left alone. Resolves with the partitions made.
 */
export async function ensureEvidencePartitions(
  db: Queryable & { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> },
  { now = new Date(), from = now }: { now?: Date; from?: Date } = {},
): Promise<string[]> {
  const months: Date[] = [];
  for (let m = monthStart(from); m <= monthStart(now, MONTHS_AHEAD); m = monthStart(m, 1)) months.push(m);
  // Usually every month is there already: seen without a lock or a transaction.
  const existing = new Set((await evidencePartitionNames(db)).map((p) => p.name));
  const tables = (Object.keys(PARTITIONED_EVIDENCE) as PartitionedEvidenceTable[]).filter((t) => existing.has(`${t}_default`));
  if (tables.every((t) => months.every((m) => existing.has(monthPartitionName(t, m))))) return [];
  return db.transaction((tx) => makeEvidenceMonths(tx, months));
}

/** Makes the partitions of `months` (each a month's first instant) inside the caller's transaction; see {@link ensureEvidencePartitions}. */
export async function makeEvidenceMonths(tx: Queryable, months: readonly Date[]): Promise<string[]> {
  await tx.query("select pg_advisory_xact_lock(hashtext('warrant_evidence_partitions'))");
  const existing = new Set((await evidencePartitionNames(tx)).map((p) => p.name));
  const made: string[] = [];
  for (const table of Object.keys(PARTITIONED_EVIDENCE) as PartitionedEvidenceTable[]) {
    if (!existing.has(`${table}_default`)) continue;
    for (const m of months) {
      const name = monthPartitionName(table, m);
      if (existing.has(name) || (await createMonth(tx, table, name, m)) === false) continue;
      made.push(name);
    }
  }
  return made;
}

/** Creates one month's partition inside a savepoint, so a refusal (the default partition holds rows of it) leaves the transaction usable. */
async function createMonth(tx: Queryable, table: PartitionedEvidenceTable, name: string, from: Date): Promise<boolean> {
  await tx.query('savepoint evidence_month');
  try {
    await tx.query(`create table ${name} partition of ${table} for values from ('${from.toISOString()}') to ('${monthStart(from, 1).toISOString()}')`);
  } catch (error) {
    await tx.query('rollback to savepoint evidence_month');
    if ((error as { code?: string }).code === '23514') return false;
    throw new StoreError(`evidence partition ${name} could not be made: ${(error as Error).message}`, error);
  }
  await tx.query('release savepoint evidence_month');
  return true;
}

/** Every partition of the partitioned evidence tables in the current schema, with its parent. */
async function evidencePartitionNames(db: Queryable): Promise<{ name: string; parent: string }[]> {
  return db.query<{ name: string; parent: string }>(
    `select c.relname as name, p.relname as parent
       from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent join pg_namespace n on n.oid = p.relnamespace
      where n.nspname = current_schema() and p.relkind = 'p' and p.relname = any($1::text[])`,
    [Object.keys(PARTITIONED_EVIDENCE)],
  );
}

/** The month partitions of the evidence tables, oldest month first (default partitions left out). */
export async function evidenceMonths(db: Queryable): Promise<EvidenceMonth[]> {
  const byMonth = new Map<string, { from: Date; tables: Partial<Record<PartitionedEvidenceTable, string>> }>();
  for (const { name, parent } of await evidencePartitionNames(db)) {
    const m = /_y(\d{4})m(\d{2})$/.exec(name);
    if (!m || name !== `${parent}${m[0]}`) continue;
    const key = `${m[1]}-${m[2]}`;
    const month = byMonth.get(key) ?? { from: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)), tables: {} };
    month.tables[parent as PartitionedEvidenceTable] = name;
    byMonth.set(key, month);
  }
  return [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1)).map(([month, { from, tables }]) => ({ month, from, to: monthStart(from, 1), tables }));
}
