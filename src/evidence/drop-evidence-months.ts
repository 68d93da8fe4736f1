import type { Database, Queryable } from '../store/index.js';
import { evidenceMonths, type EvidenceMonth } from '../store/evidence-partitions.js';
import { checkpointMac, sealerOf, type CheckpointRow, type EvidenceSealer } from '../store/evidence-sealer.js';
import { isoMicrosSql } from './evidence-digest.js';

/** Where one tenant's evidence is cut, and by which rule (kept in its checkpoints). */
export interface TenantCutoff {
  readonly tenantId: string;
  /** Everything written before this goes. */
  readonly before: Date;
  readonly rule: string;
}

/** What dropping whole months removed of one tenant. */
export interface DroppedMonths {
  effects: number;
  suggestions: number;
  seals: number;
  checkpoints: number;
  /** The months dropped that held its rows (`2026-10`). */
  months: string[];
}

/** `at` as ISO text to the microsecond, as `isoMicrosSql` reads a stored time back. */
function isoMicros(at: Date): string {
  return `${at.toISOString().slice(0, -1)}000Z`;
}

/** A checkpoint of a chain cut: the last removed seal (its seq and hash), why, and the rows its removed seals listed. */
export interface ChainCut {
  readonly tenant_id: string;
  readonly chain_id: string;
  readonly through_seq: number;
  readonly hash: string;
  readonly rule: string;
  readonly pruned_before: Date;
  readonly row_count: number;
}

/**
 * Writes the checkpoints of chains cut, stamped `prunedAt`, each with its MAC under the seals' key
 * (`checkpointMac`; none when integrity is off).
 */
export async function writeChainCheckpoints(tx: Queryable, sealer: EvidenceSealer, cuts: readonly ChainCut[], prunedAt: Date): Promise<void> {
  if (cuts.length === 0) return;
  const rows = cuts.map((c) => {
    const row: CheckpointRow = { ...c, through_seq: Number(c.through_seq), pruned_before: isoMicros(c.pruned_before), pruned_at: isoMicros(prunedAt) };
    return { ...row, mac: sealer.enabled ? checkpointMac(sealer.key, row) : null };
  });
  await tx.query(
    `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, pruned_at, row_count, mac)
     select c.tenant_id, c.chain_id, c.through_seq, c.hash, c.rule, c.pruned_before, c.pruned_at, c.row_count, c.mac from json_populate_recordset(null::evidence_checkpoints, $1::json) c`,
    [JSON.stringify(rows)],
  );
}

/**
 * Writes (or adds `rows` to) the tenant-wide checkpoint of a prune — chain `*`, numbered by its
 * cutoff, added to when a month's drop and the `DELETE` after it both prune under the same cutoff —
 * and MACs it as it then stands.
 */
export async function writePruneCheckpoint(
  tx: Queryable,
  sealer: EvidenceSealer,
  { tenantId, before, rule, rows, prunedAt }: { tenantId: string; before: Date; rule: string; rows: number; prunedAt: Date },
): Promise<void> {
  const [c] = await tx.query<{ rule: string; pruned_before: string; pruned_at: string; row_count: number }>(
    `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, pruned_at, row_count)
     values ($1, '*', $2, '', $3, $4, $5, $6)
     on conflict (tenant_id, chain_id, through_seq) do update set row_count = evidence_checkpoints.row_count + excluded.row_count
     returning rule, ${isoMicrosSql('pruned_before')} as pruned_before, ${isoMicrosSql('pruned_at')} as pruned_at, row_count`,
    [tenantId, before.getTime(), rule, before.toISOString(), prunedAt.toISOString(), rows],
  );
  if (!sealer.enabled) return;
  const row: CheckpointRow = { tenant_id: tenantId, chain_id: '*', through_seq: before.getTime(), hash: '', ...c!, row_count: Number(c!.row_count) };
  await tx.query(`update evidence_checkpoints set mac = $3 where tenant_id = $1 and chain_id = '*' and through_seq = $2`, [
    tenantId,
    before.getTime(),
    checkpointMac(sealer.key, row),
  ]);
}

/**
 * Collapses the checkpoints of `tenantId` that newer ones supersede, so they do not pile up at
 * one per chain cut and one per cutoff (an hourly retention run cuts every live chain and moves
 * the cutoff every hour). Of each chain's checkpoints only the last (highest `through_seq`) is
 * ever linked to — its chain's first remaining seal names it — so the earlier ones go, their
 * rows counted into it. Of the tenant-wide checkpoints (`*`), the one with the latest cutoff is
 * what lets verification accept rows as pruned, and the earliest is what shows when pruning began
 * and by which rule: both stay, and the ones between go, their rows counted into the latest.
 * Verification thus accepts the same rows as before. Only checkpoints that match their MAC
 * collapse (with integrity off, none has one, and all do): an edited one stays where
 * verification reports it, and one written before checkpoints had MACs stays as it was (there
 * are only those a store had then). Each checkpoint that gains rows is MACed again.
 */
export async function collapseCheckpoints(tx: Queryable, sealer: EvidenceSealer, tenantId: string): Promise<void> {
  type Stored = { [K in keyof CheckpointRow]: CheckpointRow[K] } & { mac: string | null };
  const rows = await tx.query<Stored>(
    `select tenant_id, chain_id, through_seq, hash, rule, ${isoMicrosSql('pruned_before')} as pruned_before, ${isoMicrosSql('pruned_at')} as pruned_at, row_count, mac
       from evidence_checkpoints where tenant_id = $1 order by chain_id, through_seq`,
    [tenantId],
  );
  const intact = rows
    .map((c) => ({ ...c, through_seq: Number(c.through_seq), row_count: Number(c.row_count) }))
    .filter((c) => (sealer.enabled ? c.mac !== null && c.mac === checkpointMac(sealer.key, c) : true));
  const byChain = new Map<string, typeof intact>();
  for (const c of intact) byChain.set(c.chain_id, [...(byChain.get(c.chain_id) ?? []), c]);
  const gone: { chain_id: string; through_seq: number }[] = [];
  const grown: CheckpointRow[] = [];
  for (const [chain, list] of byChain) {
    // Ordered by through_seq: a chain's last cut, and for `*` (numbered by its cutoff) the latest cutoff, is last.
    const kept = chain === '*' ? [list[0]!, list.at(-1)!] : [list.at(-1)!];
    const collapsed = list.filter((c) => !kept.includes(c));
    if (collapsed.length === 0) continue;
    const into = list.at(-1)!;
    gone.push(...collapsed.map(({ chain_id, through_seq }) => ({ chain_id, through_seq })));
    grown.push({ ...into, row_count: into.row_count + collapsed.reduce((n, c) => n + c.row_count, 0) });
  }
  if (gone.length === 0) return;
  await tx.query(
    `delete from evidence_checkpoints c using json_to_recordset($2::json) g(chain_id text, through_seq bigint)
      where c.tenant_id = $1 and c.chain_id = g.chain_id and c.through_seq = g.through_seq`,
    [tenantId, JSON.stringify(gone)],
  );
  for (const c of grown) {
    await tx.query('update evidence_checkpoints set row_count = $4, mac = $5 where tenant_id = $1 and chain_id = $2 and through_seq = $3', [
      tenantId,
      c.chain_id,
      c.through_seq,
      c.row_count,
      sealer.enabled ? checkpointMac(sealer.key, c) : null,
    ]);
  }
}

/**
 * Drops whole months of partitioned evidence (effects, suggestion results, seals; see
 * `ensureEvidencePartitions`), oldest first, while a month can go whole: every tenant with a row
 * in it has a cutoff at or after the month's end, and every chain with seals in it has no earlier
 * seal left anywhere else (so the chain still starts at a checkpoint). The first month that
 * cannot go stops the drops — tenants sharing it with a tenant that keeps its rows longer, or
 * without a retention period, have their rows there deleted by `pruneEvidence`'s `DELETE`
 * instead. Each month goes in one transaction, under an advisory lock (replicas pruning together
 * take turns), with the same checkpoints a `DELETE` leaves: per chain cut (its last dropped seal's
 * hash, so the next seal still links) and per tenant (the rule, its cutoff, the rows).
 */
export async function dropEvidenceMonths(db: Database, cutoffs: readonly TenantCutoff[]): Promise<Map<string, DroppedMonths>> {
  const dropped = new Map<string, DroppedMonths>();
  if (cutoffs.length === 0) return dropped;
  const latest = Math.max(...cutoffs.map((c) => c.before.getTime()));
  const byTenant = new Map(cutoffs.map((c) => [c.tenantId, c]));
  for (const month of await evidenceMonths(db)) {
    if (month.to.getTime() > latest) break;
    const outcome = await db.transaction((tx) => dropMonth(tx, month, byTenant, sealerOf(db)));
    if (outcome === 'kept') break;
    if (outcome === 'gone') continue;
    for (const [tenantId, n] of outcome) {
      const sum = dropped.get(tenantId) ?? { effects: 0, suggestions: 0, seals: 0, checkpoints: 0, months: [] };
      sum.effects += n.effects;
      sum.suggestions += n.suggestions;
      sum.seals += n.seals;
      sum.checkpoints += n.checkpoints;
      sum.months.push(month.month);
      dropped.set(tenantId, sum);
    }
  }
  return dropped;
}

type MonthChain = { tenant_id: string; chain_id: string; through_seq: number; seals: number; rows: number; hash: string };

async function dropMonth(
  tx: Queryable,
  month: EvidenceMonth,
  byTenant: ReadonlyMap<string, TenantCutoff>,
  sealer: EvidenceSealer,
): Promise<Map<string, DroppedMonths> | 'kept' | 'gone'> {
  await tx.query("select pg_advisory_xact_lock(hashtext('warrant_evidence_prune'))");
  const parts = Object.values(month.tables);
  const present = await tx.query(
    'select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname = any($1::text[])',
    [parts],
  );
  if (present.length !== parts.length) return 'gone';
  // No row comes into the month while it is counted and dropped.
  await tx.query(`lock table ${parts.join(', ')} in share mode`);
  // The month's counts below read whole indexes in key order; parallel workers only add their
  // start and a merge (on two loaded cores the effects count took 4x as long with them).
  await tx.query('set local max_parallel_workers_per_gather = 0');
  const tenants = new Set<string>();
  for (const part of parts) for (const t of await tenantsIn(tx, part)) tenants.add(t);
  for (const t of tenants) if ((byTenant.get(t)?.before.getTime() ?? -Infinity) < month.to.getTime()) return 'kept';

  const seals = month.tables.evidence_seals;
  const chains =
    seals === undefined
      ? []
      : await tx.query<MonthChain>(
          `select g.tenant_id, g.chain_id, g.through_seq, g.seals, g.rows, s.hash
       from (select tenant_id, chain_id, max(seq) as through_seq, count(*) as seals, coalesce(sum(entry_count), 0) as rows from ${seals} group by tenant_id, chain_id) g
       join ${seals} s on s.tenant_id = g.tenant_id and s.chain_id = g.chain_id and s.seq = g.through_seq`,
        );
  if (chains.length > 0) {
    const broken = await tx.query(
      `select 1 from json_to_recordset($1::json) c(tenant_id text, chain_id text, through_seq bigint)
        where exists (select 1 from evidence_seals e where e.tenant_id = c.tenant_id and e.chain_id = c.chain_id and e.seq < c.through_seq and (e.covers_to < $2 or e.covers_to >= $3))
        limit 1`,
      [
        JSON.stringify(chains.map(({ tenant_id, chain_id, through_seq }) => ({ tenant_id, chain_id, through_seq }))),
        month.from.toISOString(),
        month.to.toISOString(),
      ],
    );
    if (broken.length > 0) return 'kept';
  }
  const counts = async (part: string | undefined) =>
    new Map(
      part === undefined
        ? []
        : (await tx.query<{ tenant_id: string; n: number }>(`select tenant_id, count(*) as n from ${part} group by tenant_id`)).map((r) => [
            r.tenant_id,
            Number(r.n),
          ]),
    );
  const effects = await counts(month.tables.effects);
  const suggestions = await counts(month.tables.suggestions);

  const out = new Map<string, DroppedMonths>();
  for (const t of tenants) {
    const own = chains.filter((c) => c.tenant_id === t);
    out.set(t, {
      effects: effects.get(t) ?? 0,
      suggestions: suggestions.get(t) ?? 0,
      seals: own.reduce((a, c) => a + Number(c.seals), 0),
      checkpoints: own.length,
      months: [],
    });
  }
  const prunedAt = new Date();
  await writeChainCheckpoints(
    tx,
    sealer,
    chains.map((c) => {
      const cut = byTenant.get(c.tenant_id)!;
      return {
        tenant_id: c.tenant_id,
        chain_id: c.chain_id,
        through_seq: Number(c.through_seq),
        hash: c.hash,
        rule: cut.rule,
        pruned_before: cut.before,
        row_count: Number(c.rows),
      };
    }),
    prunedAt,
  );
  for (const [t, n] of out) {
    const cut = byTenant.get(t)!;
    await writePruneCheckpoint(tx, sealer, { tenantId: t, before: cut.before, rule: cut.rule, rows: n.effects + n.suggestions, prunedAt });
    await collapseCheckpoints(tx, sealer, t);
  }
  await tx.query(`drop table ${parts.join(', ')}`);
  return out;
}

/** The tenants with a row in `part`: a skip over its primary key (which starts with the tenant), one probe per tenant. */
async function tenantsIn(tx: Queryable, part: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `with recursive t(id) as (select min(tenant_id) from ${part} union all select (select min(tenant_id) from ${part} where tenant_id > t.id) from t where t.id is not null)
     select id from t where id is not null`,
  );
  return rows.map((r) => r.id);
}
