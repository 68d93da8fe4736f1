/**
 * Pruning a month of evidence on PostgreSQL (W13, retention): a month holding `BENCH_PRUNE_ROWS`
 * effects (default 1,000,000, ten tenants, a seal per five rows, about what group commit writes) and,
 * after it, a tenth as many in the next month that stay. The same `pruneEvidence` call (every
 * tenant, cutoff at the next month's start) runs on two fresh schemas filled alike: one migrated
 * fully (the month's partitions are dropped), one with every migration but 090, unpartitioned (the
 * `DELETE` that 090 replaces; the later migrations, which add checkpoint columns the prune writes,
 * do not need partitions). Both are timed in this run; the rows are filled with `generate_series` and
 * the schemas are vacuumed and checkpointed before each prune and dropped afterwards. Seals carry stand-in hashes: nothing here is verified.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { pruneEvidence } from '../src/evidence/prune-evidence.js';
import { ensureEvidencePartitions, monthStart } from '../src/store/evidence-partitions.js';
import { migrate, migrations, openPostgresDatabase, type Database } from '../src/store/index.js';
import { report, round } from './measure.js';

const ROWS = Number(process.env.BENCH_PRUNE_ROWS ?? 1_000_000);
const TENANTS = 10;
const PER_SEAL = 5;
const STEP_MS = 2_000; // 1,000,000 rows over 23 days

/** `count` effects from effect number `first` on, from `from` on, with their seals (`first - 1` a multiple of PER_SEAL × TENANTS). */
async function fill(db: Database, from: Date, first: number, count: number): Promise<void> {
  await db.query(
    `insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates)
     select 't' || (((i - 1) / ${PER_SEAL}) % ${TENANTS}), 'eff_' || lpad(to_hex(i), 28, '0'), $1::timestamptz + (i - $2) * interval '${STEP_MS} ms', 'accepted', 'chat',
            json_build_object('body', 'reply ' || i, 'status', 'accepted'), '{"contract_version":"v0","must_ask":["a"]}'::json, json_build_array('reply ' || i, 'other ' || i)
       from generate_series($2::int, $2::int + $3::int - 1) i`,
    [from.toISOString(), first, count],
  );
  const firstSeal = (first - 1) / PER_SEAL + 1;
  await db.query(
    `insert into evidence_seals (tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to)
     select 't' || ((g - 1) % ${TENANTS}), 'bench.0', (g - 1) / ${TENANTS} + 1, md5((g - 1)::text) || md5(g::text), md5(g::text) || md5((g + 1)::text),
            (select json_agg(json_build_object('t', 'effects', 'id', 'eff_' || lpad(to_hex(${PER_SEAL} * (g - 1) + k), 28, '0'), 'd', md5(k::text) || md5(g::text))) from generate_series(1, ${PER_SEAL}) k),
            $1::timestamptz + (${PER_SEAL} * (g - 1) + 1 - $4) * interval '${STEP_MS} ms', $1::timestamptz + (${PER_SEAL} * g - $4) * interval '${STEP_MS} ms'
       from generate_series($2::int, $2::int + $3::int - 1) g`,
    [from.toISOString(), firstSeal, count / PER_SEAL, first],
  );
  // A month old enough to prune has long been vacuumed by autovacuum, and written out by the
  // checkpoints since: without this, the prune's first reads of the month evict the fill's dirty
  // pages and pay for writing them.
  await db.query('vacuum analyze effects');
  await db.query('vacuum analyze evidence_seals');
  await db.query('checkpoint');
}

async function measure(db: Database, partitioned: boolean): Promise<{ ms: number; effects: number; kept: number }> {
  const now = new Date();
  const month = monthStart(now, -3);
  const next = monthStart(now, -2);
  if (partitioned) await ensureEvidencePartitions(db, { from: month, now });
  const start = new Date(month.getTime() + 86_400_000);
  await fill(db, start, 1, ROWS);
  await fill(db, new Date(next.getTime() + 86_400_000), ROWS + 1, ROWS / 10);
  const t0 = performance.now();
  const pruned = await pruneEvidence(db, { before: next, rule: 'bench' });
  const ms = performance.now() - t0;
  const kept = Number((await db.query<{ n: number }>('select count(*) as n from effects'))[0]!.n);
  return { ms, effects: pruned.reduce((a, p) => a + p.rows.effects, 0), kept };
}

const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const tag = randomBytes(4).toString('hex');
const schemas = { partitioned: `bench_prune_${tag}_p`, deleted: `bench_prune_${tag}_d` };
const loadBefore = loadavg()[0]!;
const results: Record<string, { ms: number; effects: number; kept: number }> = {};
try {
  for (const [name, schema] of Object.entries(schemas)) {
    process.stderr.write(`evidence-prune: filling ${schema}\n`);
    const db = await openPostgresDatabase({ url, schema });
    try {
      const partitioned = name === 'partitioned';
      await migrate(db, partitioned ? migrations : migrations.filter((m) => !m.id.startsWith('090')));
      results[name] = await measure(db, partitioned);
    } finally {
      await db.close();
    }
  }
} finally {
  const admin = await openPostgresDatabase({ url });
  for (const schema of Object.values(schemas)) await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.close();
}
const { partitioned, deleted } = results as {
  partitioned: { ms: number; effects: number; kept: number };
  deleted: { ms: number; effects: number; kept: number };
};
if (partitioned.effects !== ROWS || deleted.effects !== ROWS || partitioned.kept !== deleted.kept) {
  throw new Error(`the two prunes disagree: ${JSON.stringify(results)}`);
}
report('evidence-prune', {
  store: 'postgres',
  effects_in_month: ROWS,
  seals_in_month: ROWS / PER_SEAL,
  tenants: TENANTS,
  effects_kept: partitioned.kept,
  prune_ms_partition_drop: round(partitioned.ms, 0),
  prune_ms_delete: round(deleted.ms, 0),
  speedup: round(deleted.ms / partitioned.ms, 1),
  load_before: round(loadBefore, 1),
  load_after: round(loadavg()[0]!, 1),
});
