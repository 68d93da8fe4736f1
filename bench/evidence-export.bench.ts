/**
 * Exporting a tenant's evidence from PostgreSQL (W13): `BENCH_EXPORT_ROWS` effects (default
 * 200,000, one per millisecond, a seal per five rows as group commit writes them, filled with
 * `generate_series` into a fresh schema dropped afterwards) streamed by `exportEvidence` as NDJSON
 * with their proofs, in alternating rounds against the floor: the same rows and columns read by
 * the same keyset pages of 2,000 through the same driver (effects, then seals), with nothing
 * digested, looked up or serialised. Prints records per second of each (medians over the rounds) and their ratio.
 * A third measurement in the same rounds, `validated`, is the export with every line also parsed
 * back through the line's schema (`exportLineSchema`), the cost the export does not pay: it writes
 * each line through an encoder compiled from that schema, and the tests do the parsing.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { exportLineSchema } from '../src/evidence/export-line.js';
import { exportEvidence } from '../src/server/evidence-export.js';
import { openPostgresDatabase, openStore, type Database } from '../src/store/index.js';
import { median, report, round } from './measure.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 2_000;

async function fill(db: Database): Promise<void> {
  // One base time for rows and seals, as the writers stamp both from the same clock.
  const base = new Date(Date.now() - 3_600_000).toISOString();
  await db.query(
    `insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates)
     select 'big', 'eff_' || lpad(to_hex(i), 28, '0'), $2::timestamptz + i * interval '1 ms', 'accepted', 'chat',
            json_build_object('body', 'reply ' || i, 'status', 'accepted'), '{"contract_version":"v0","must_ask":["a"]}'::json, json_build_array('reply ' || i)
       from generate_series(1, $1::int) i`,
    [ROWS, base],
  );
  await db.query(
    `insert into evidence_seals (tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to)
     select 'big', 'bench.0', g, md5((g - 1)::text) || md5(g::text), md5(g::text) || md5((g + 1)::text),
            (select json_agg(json_build_object('t', 'effects', 'id', 'eff_' || lpad(to_hex(5 * (g - 1) + k), 28, '0'), 'd', md5(k::text) || md5(g::text))) from generate_series(1, 5) k),
            $2::timestamptz + (5 * (g - 1) + 1) * interval '1 ms', $2::timestamptz + (5 * g) * interval '1 ms'
       from generate_series(1, $1::int / 5) g`,
    [ROWS, base],
  );
  await db.query('vacuum analyze effects');
  await db.query('vacuum analyze evidence_seals');
}

/**
 * Records per second of `exportEvidence` over the whole tenant, every line checked to carry its
 * seal; with `validate`, every line also parsed through the line's schema.
 */
async function exportRate(db: Database, validate = false): Promise<number> {
  const t0 = performance.now();
  let effects = 0;
  for await (const line of exportEvidence(db, { tenantId: 'big', pageRows: PAGE })) {
    if (validate) exportLineSchema.parse(JSON.parse(line));
    if (line.startsWith('{"kind":"effects"')) {
      effects++;
      if (line.includes('"seal":null')) throw new Error(`an effect exported without its seal: ${line.slice(0, 200)}`);
    }
  }
  if (effects !== ROWS) throw new Error(`exported ${effects} effects of ${ROWS}`);
  return (ROWS + ROWS / 5) / ((performance.now() - t0) / 1000);
}

/** The floor: the same effect and seal rows and columns, same pages, same driver, nothing else. */
async function floorRate(db: Database): Promise<number> {
  const t0 = performance.now();
  let after = '';
  let n = 0;
  for (;;) {
    const rows = await db.query<{ id: string }>(
      `select id, created_at, status, interaction_kind, effect::text as effect, contract::text as contract, candidates::text as candidates
         from effects where tenant_id = $1 and created_at >= $2 and id > $3 order by id limit $4`,
      ['big', '-infinity', after, PAGE],
    );
    n += rows.length;
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  let seq = 0;
  for (;;) {
    const rows = await db.query<{ seq: number }>(
      `select chain_id, seq, prev, hash, entries::text as entries, covers_from, covers_to from evidence_seals
        where tenant_id = $1 and covers_to >= $2 and (chain_id, seq) > ($3, $4) order by chain_id, seq limit $5`,
      ['big', '-infinity', 'bench.0', seq, PAGE],
    );
    n += rows.length;
    if (rows.length < PAGE) break;
    seq = Number(rows.at(-1)!.seq);
  }
  return n / ((performance.now() - t0) / 1000);
}

const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_export_${randomBytes(4).toString('hex')}`;
const loadBefore = loadavg()[0]!;
const db = await openStore({ databaseUrl: url, schema });
type Measured = 'exported' | 'floor' | 'validated';
const rounds: Record<Measured, number>[] = [];
try {
  await fill(db);
  await exportRate(db); // warm-up: JIT, caches
  for (let r = 0; r < ROUNDS; r++) {
    const order = (['floor', 'exported', 'validated'] as const).map((_, i, all) => all[(i + r) % all.length]!);
    const round: Partial<Record<Measured, number>> = {};
    for (const which of order) round[which] = which === 'floor' ? await floorRate(db) : await exportRate(db, which === 'validated');
    rounds.push(round as Record<Measured, number>);
  }
} finally {
  await db.close();
  const admin = await openPostgresDatabase({ url });
  await admin.query(`drop schema ${schema} cascade`);
  await admin.close();
}
report('evidence-export', {
  store: 'postgres',
  effects: ROWS,
  seals: ROWS / 5,
  page_rows: PAGE,
  rounds: ROUNDS,
  export_records_per_s: round(median(rounds.map((r) => r.exported)), 0),
  export_records_per_s_rounds: rounds.map((r) => round(r.exported, 0)),
  validated_records_per_s: round(median(rounds.map((r) => r.validated)), 0),
  validated_records_per_s_rounds: rounds.map((r) => round(r.validated, 0)),
  // Below 1: what parsing every line through the schema would leave of the export's rate.
  validated_vs_export: round(median(rounds.map((r) => r.validated / r.exported)), 2),
  floor_rows_per_s: round(median(rounds.map((r) => r.floor)), 0),
  floor_rows_per_s_rounds: rounds.map((r) => round(r.floor, 0)),
  // Below 1: the export's share of what merely reading the rows allows.
  speedup: round(median(rounds.map((r) => r.exported / r.floor)), 2),
  load_before: round(loadBefore, 1),
  load_after: round(loadavg()[0]!, 1),
});
