import type { Database, Queryable } from '../store/index.js';
import { evidenceMonths, type EvidenceMonth } from '../store/evidence-partitions.js';
import { StoreError } from '../store/database.js';
import {
  CHAIN_PERIOD_MS,
  chainPeriodEnd,
  CHECKPOINT_FORM,
  canonicalSpans,
  checkpointMac,
  sealerOf,
  type CheckpointRow,
  type EvidenceSealer,
  type SealSpan,
} from '../store/evidence-sealer.js';
import { isoMicrosSql } from './evidence-digest.js';
import { prunedSpans } from './pruned-spans.js';

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
 * Writes the checkpoints of chains cut, stamped `prunedAt`, in form {@link CHECKPOINT_FORM} (no
 * spans: a chain's checkpoint only carries its link), each with its MAC under the seals' key
 * (`checkpointMac`; none when integrity is off).
 */
export async function writeChainCheckpoints(tx: Queryable, sealer: EvidenceSealer, cuts: readonly ChainCut[], prunedAt: Date): Promise<void> {
  if (cuts.length === 0) return;
  const rows = cuts.map((c) => {
    const row: CheckpointRow = {
      ...c,
      through_seq: Number(c.through_seq),
      pruned_before: isoMicros(c.pruned_before),
      pruned_at: isoMicros(prunedAt),
      form: CHECKPOINT_FORM,
      spans: null,
    };
    return { ...row, mac: sealer.enabled ? checkpointMac(sealer.key, row) : null };
  });
  await tx.query(
    `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, pruned_at, row_count, mac, form, spans)
     select c.tenant_id, c.chain_id, c.through_seq, c.hash, c.rule, c.pruned_before, c.pruned_at, c.row_count, c.mac, c.form, c.spans
       from json_populate_recordset(null::evidence_checkpoints, $1::json) c`,
    [JSON.stringify(rows)],
  );
}

/** A checkpoint as stored, read back as its MAC covers it. */
type StoredCheckpoint = { [K in keyof CheckpointRow]: CheckpointRow[K] } & {
  readonly form: number;
  readonly spans: readonly SealSpan[] | null;
  readonly mac: string | null;
};

const CHECKPOINT_COLUMNS = `tenant_id, chain_id, through_seq, hash, rule, ${isoMicrosSql('pruned_before')} as pruned_before, ${isoMicrosSql('pruned_at')} as pruned_at,
  row_count, form, spans, mac`;

function storedCheckpoint(c: StoredCheckpoint): StoredCheckpoint {
  const spans = typeof c.spans === 'string' ? (JSON.parse(c.spans) as SealSpan[]) : c.spans;
  return { ...c, through_seq: Number(c.through_seq), row_count: Number(c.row_count), form: Number(c.form), spans: spans ?? null };
}

/** True when `c` matches its MAC (every checkpoint does with integrity off, where none has one). */
function intact(sealer: EvidenceSealer, c: StoredCheckpoint): boolean {
  return sealer.enabled ? c.mac !== null && c.mac === checkpointMac(sealer.key, c) : true;
}

/**
 * Writes the tenant-wide checkpoint of a prune — chain `*`, numbered by its cutoff — with the rows
 * it removed from seals it left in place (`spans`, see `prunedSpans`), or adds `rows` and `spans`
 * to the one of the same cutoff (a month's drop and the `DELETE` after it prune under one cutoff),
 * and MACs it as it then stands. One of that cutoff that does not match its MAC is never MACed
 * again (that would launder an edit): the prune stops.
 */
export async function writePruneCheckpoint(
  tx: Queryable,
  sealer: EvidenceSealer,
  { tenantId, before, rule, rows, prunedAt, spans }: { tenantId: string; before: Date; rule: string; rows: number; prunedAt: Date; spans: readonly SealSpan[] },
): Promise<void> {
  const [found] = await tx.query<StoredCheckpoint>(
    `select ${CHECKPOINT_COLUMNS} from evidence_checkpoints where tenant_id = $1 and chain_id = '*' and through_seq = $2 for update`,
    [tenantId, before.getTime()],
  );
  if (found === undefined) {
    const row: CheckpointRow = {
      tenant_id: tenantId,
      chain_id: '*',
      through_seq: before.getTime(),
      hash: '',
      rule,
      pruned_before: isoMicros(before),
      pruned_at: isoMicros(prunedAt),
      row_count: rows,
      form: CHECKPOINT_FORM,
      spans: canonicalSpans(spans),
    };
    await tx.query(
      `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, pruned_at, row_count, form, spans, mac)
       values ($1, '*', $2, '', $3, $4, $5, $6, $7, $8::json, $9)`,
      [
        tenantId,
        row.through_seq,
        rule,
        row.pruned_before,
        row.pruned_at,
        rows,
        row.form,
        JSON.stringify(row.spans),
        sealer.enabled ? checkpointMac(sealer.key, row) : null,
      ],
    );
    return;
  }
  const was = storedCheckpoint(found);
  if (!intact(sealer, was)) throw new StoreError(`the prune checkpoint *#${was.through_seq} of ${tenantId} does not match its MAC: it is not added to`);
  // One written by a replica not yet upgraded (form 1) accounts by its cutoff, which covers these rows too.
  const grown = { ...was, row_count: was.row_count + rows, spans: was.form === 1 ? null : canonicalSpans([...(was.spans ?? []), ...spans]) };
  await tx.query(`update evidence_checkpoints set row_count = $3, spans = $4::json, mac = $5 where tenant_id = $1 and chain_id = '*' and through_seq = $2`, [
    tenantId,
    was.through_seq,
    grown.row_count,
    grown.spans === null ? null : JSON.stringify(grown.spans),
    sealer.enabled ? checkpointMac(sealer.key, grown) : null,
  ]);
}

/**
 * Collapses the checkpoints of `tenantId` that newer ones supersede, so they do not pile up at
 * one per chain cut and one per cutoff (an hourly retention run cuts every live chain and moves
 * the cutoff every hour):
 *
 * - Of each chain's checkpoints only the last (highest `through_seq`) is ever linked to — its
 *   chain's first remaining seal names it — so the earlier ones go, their rows counted into it.
 * - A chain's last checkpoint goes too, its rows counted into the tenant's latest, once the chain
 *   is closed — the day its id names ({@link chainPeriodEnd}) ended a whole day ago, so no write
 *   that took the chain's lane then is still running — and none of its seals is left: nothing can
 *   link to it any more. Should a seal be added to such a chain after all, verification reports
 *   the chain starting after no checkpoint (`seal_missing`): a false alarm, never an excuse.
 *   Chains whose ids name no day (written before chains rotated) keep theirs.
 * - Of the tenant-wide checkpoints (`*`), the one with the latest cutoff is where the others'
 *   rows and spans go, and the earliest shows when pruning began and by which rule: both stay,
 *   and so does the latest in form 1 (written before spans: it accounts by its cutoff for seals
 *   older prunes left in place); the others go. The latest's spans keep only seals that still
 *   exist.
 *
 * Verification thus accepts the same rows as before. Only checkpoints that match their MAC
 * collapse (with integrity off, none has one, and all do): an edited one stays where
 * verification reports it, and one written before checkpoints had MACs stays as it was. Each
 * checkpoint that changes is MACed again.
 */
export async function collapseCheckpoints(tx: Queryable, sealer: EvidenceSealer, tenantId: string, now = new Date()): Promise<void> {
  const all = (
    await tx.query<StoredCheckpoint>(`select ${CHECKPOINT_COLUMNS} from evidence_checkpoints where tenant_id = $1 order by chain_id, through_seq`, [tenantId])
  ).map(storedCheckpoint);
  const whole = all.filter((c) => intact(sealer, c));
  const stars = whole.filter((c) => c.chain_id === '*');
  const latest = stars.at(-1);
  const gone: StoredCheckpoint[] = [];
  const grown: StoredCheckpoint[] = [];

  const byChain = new Map<string, StoredCheckpoint[]>();
  for (const c of whole) if (c.chain_id !== '*') byChain.set(c.chain_id, [...(byChain.get(c.chain_id) ?? []), c]);
  const ended = [...byChain.keys()].filter((chain) => {
    const end = chainPeriodEnd(chain);
    return end !== undefined && end.getTime() + CHAIN_PERIOD_MS <= now.getTime();
  });
  const sealed = new Set(
    ended.length === 0 || latest?.form !== CHECKPOINT_FORM
      ? ended
      : (
          await tx.query<{ chain_id: string }>('select distinct chain_id from evidence_seals where tenant_id = $1 and chain_id = any($2::text[])', [
            tenantId,
            ended,
          ])
        ).map((r) => r.chain_id),
  );
  let intoLatest = 0;
  for (const [chain, list] of byChain) {
    const last = list.at(-1)!;
    const earlier = list.slice(0, -1);
    if (ended.includes(chain) && !sealed.has(chain)) {
      gone.push(...list);
      intoLatest += list.reduce((n, c) => n + c.row_count, 0);
    } else if (earlier.length > 0) {
      gone.push(...earlier);
      grown.push({ ...last, row_count: last.row_count + earlier.reduce((n, c) => n + c.row_count, 0) });
    }
  }

  if (latest !== undefined) {
    // Ordered by through_seq (the cutoff): the first, the latest, and the latest in form 1 stay.
    const keptForm1 = stars.filter((c) => c.form === 1).at(-1);
    const collapsed = stars.filter((c) => c !== stars[0] && c !== latest && c !== keptForm1 && (latest.form !== 1 || c.form === 1));
    gone.push(...collapsed);
    intoLatest += collapsed.reduce((n, c) => n + c.row_count, 0);
    let spans = latest.spans;
    if (latest.form !== 1) {
      const listed = canonicalSpans([...collapsed.flatMap((c) => c.spans ?? []), ...(latest.spans ?? [])]);
      const left =
        listed.length === 0
          ? new Set<string>()
          : new Set(
              (
                await tx.query<{ chain_id: string; seq: number }>(
                  `select s.chain_id, s.seq from evidence_seals s join json_to_recordset($2::json) l(chain_id text, seq bigint)
                      on s.chain_id = l.chain_id and s.seq = l.seq where s.tenant_id = $1`,
                  [tenantId, JSON.stringify(listed.map(([chain_id, seq]) => ({ chain_id, seq })))],
                )
              ).map((r) => `${r.chain_id}#${Number(r.seq)}`),
            );
      spans = listed.filter(([chain, seq]) => left.has(`${chain}#${seq}`));
    }
    if (intoLatest > 0 || JSON.stringify(spans) !== JSON.stringify(latest.spans)) grown.push({ ...latest, row_count: latest.row_count + intoLatest, spans });
  }
  if (gone.length > 0)
    await tx.query(
      `delete from evidence_checkpoints c using json_to_recordset($2::json) g(chain_id text, through_seq bigint)
        where c.tenant_id = $1 and c.chain_id = g.chain_id and c.through_seq = g.through_seq`,
      [tenantId, JSON.stringify(gone.map(({ chain_id, through_seq }) => ({ chain_id, through_seq })))],
    );
  for (const c of grown) {
    await tx.query('update evidence_checkpoints set row_count = $4, spans = $5::json, mac = $6 where tenant_id = $1 and chain_id = $2 and through_seq = $3', [
      tenantId,
      c.chain_id,
      c.through_seq,
      c.row_count,
      c.spans === null ? null : JSON.stringify(c.spans),
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
    // Seals of later months that start in this one lose the rows they list here.
    const spans = await prunedSpans(tx, t, { before: month.to, from: month.from, tables: 'partitioned' }, true);
    await writePruneCheckpoint(tx, sealer, { tenantId: t, before: cut.before, rule: cut.rule, rows: n.effects + n.suggestions, prunedAt, spans });
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
