import type { Database } from '../store/index.js';
import { sealerOf } from '../store/evidence-sealer.js';
import {
  collapseCheckpoints,
  dropEvidenceMonths,
  writeChainCheckpoints,
  writePruneCheckpoint,
  type DroppedMonths,
  type TenantCutoff,
} from './drop-evidence-months.js';
import { evidenceTenants } from './verify-evidence.js';
import { storeCall } from './store-call.js';
import { prunedSpans } from './pruned-spans.js';

export type { TenantCutoff } from './drop-evidence-months.js';

/** What {@link pruneEvidence} removed for one tenant. */
export interface TenantPrune {
  readonly tenantId: string;
  /** The cutoff applied: everything written before it is gone. */
  readonly before: string;
  readonly rule: string;
  /** Rows deleted, by table. */
  readonly rows: Readonly<Record<'effects' | 'suggestions' | 'turns' | 'turn_events' | 'turn_records' | 'evidence_erasures', number>>;
  /** Seals removed (each replaced by its chain's checkpoint). */
  readonly seals: number;
  /** Checkpoints written, one per chain cut (a chain cut by a month's drop and by a `DELETE` counts twice). */
  readonly checkpoints: number;
  /** Months dropped whole (partitions, `2026-10`) that held rows of this tenant. */
  readonly months: readonly string[];
}

/** Options of {@link pruneEvidence}. */
export interface PruneEvidenceOptions {
  /** Remove evidence written before this time. */
  readonly before: Date;
  /** Only this tenant. Default every tenant with evidence. */
  readonly tenantId?: string | undefined;
  /** Why, kept in each checkpoint: `retention 90 days`, `warrant evidence prune --before …`. */
  readonly rule: string;
}

/**
 * Removes a tenant's evidence written before `before` — effects, suggestion results, turns with
 * their events, workflow records last changed before it, erasure records — and the seals wholly
 * before it, each chain's cut replaced by a checkpoint (the last removed seal's hash, the rule,
 * the cutoff, when, how many rows), so `verifyEvidence` still links every remaining seal and
 * reports what was pruned. A seal that straddles the cutoff stays; its rows before the cutoff go,
 * and the tenant-wide checkpoint lists exactly those (the seal and its entries' indexes, under its
 * MAC), which verification accepts and nothing else of that seal. See {@link pruneTenants}.
 */
export async function pruneEvidence(db: Database, { before, tenantId, rule }: PruneEvidenceOptions): Promise<TenantPrune[]> {
  const tenants = tenantId !== undefined ? [tenantId] : await evidenceTenants(db);
  return pruneTenants(
    db,
    tenants.map((t) => ({ tenantId: t, before, rule })),
  );
}

/**
 * Prunes each tenant to its own cutoff. First whole months of partitioned evidence go at once
 * where every tenant with rows in them is past them (`dropEvidenceMonths`: a partition dropped,
 * whatever its rows); then, per tenant in one transaction, a `DELETE` of the rest before its
 * cutoff — rows in months shared with a tenant that keeps them longer, turns, events, records and
 * erasure records (not partitioned), and rows in the default partition.
 */
export async function pruneTenants(db: Database, cutoffs: readonly TenantCutoff[]): Promise<TenantPrune[]> {
  const dropped = await storeCall('evidence could not be pruned', () => dropEvidenceMonths(db, cutoffs));
  const out: TenantPrune[] = [];
  for (const cut of cutoffs) out.push(withDropped(await pruneTenant(db, cut.tenantId, cut.before, cut.rule), dropped.get(cut.tenantId)));
  return out;
}

function withDropped(p: TenantPrune, d: DroppedMonths | undefined): TenantPrune {
  if (d === undefined) return p;
  return {
    ...p,
    rows: { ...p.rows, effects: p.rows.effects + d.effects, suggestions: p.rows.suggestions + d.suggestions },
    seals: p.seals + d.seals,
    checkpoints: p.checkpoints + d.checkpoints,
    months: d.months,
  };
}

async function pruneTenant(db: Database, tenantId: string, before: Date, rule: string): Promise<TenantPrune> {
  const cutoff = before.toISOString();
  return storeCall('evidence could not be pruned', () =>
    db.transaction(async (tx) => {
      // Each chain's seals wholly before the cutoff, from its start up to the first that is not.
      const cut = await tx.query<{ chain_id: string; seq: number; hash: string; n: number }>(
        `delete from evidence_seals s
          where tenant_id = $1 and covers_to < $2
            and not exists (select 1 from evidence_seals e where e.tenant_id = s.tenant_id and e.chain_id = s.chain_id and e.seq < s.seq and e.covers_to >= $2)
        returning chain_id, seq, hash, json_array_length(entries) as n`,
        [tenantId, cutoff],
      );
      // The rows the deletes below take from the seals that stay: what the checkpoint lists.
      const spans = await prunedSpans(tx, tenantId, { before, tables: 'all' });
      const count = async (sql: string) => Number((await tx.query<{ n: number }>(`with d as (${sql}) select count(*) as n from d`, [tenantId, cutoff]))[0]!.n);
      // Events go with their turn whenever the turn goes, so a turn is never left half.
      const turnEvents = await count(
        `delete from turn_events where tenant_id = $1 and (committed_at < $2 or turn_id in (select id from turns where tenant_id = $1 and committed_at < $2)) returning 1`,
      );
      const turns = await count('delete from turns where tenant_id = $1 and committed_at < $2 returning 1');
      const turnRecords = await count('delete from turn_records where tenant_id = $1 and updated_at < $2 returning 1');
      const effects = await count('delete from effects where tenant_id = $1 and created_at < $2 returning 1');
      const suggestions = await count('delete from suggestions where tenant_id = $1 and created_at < $2 returning 1');
      const erasures = await count('delete from evidence_erasures where tenant_id = $1 and requested_at < $2 returning 1');
      const chains = new Map<string, { seq: number; hash: string; rows: number }>();
      for (const s of cut) {
        const seq = Number(s.seq);
        const last = chains.get(s.chain_id);
        if (!last || seq > last.seq) chains.set(s.chain_id, { seq, hash: s.hash, rows: (last?.rows ?? 0) + Number(s.n) });
        else last.rows += Number(s.n);
      }
      const sealer = sealerOf(db);
      const prunedAt = new Date();
      await writeChainCheckpoints(
        tx,
        sealer,
        [...chains].map(([chain_id, c]) => ({
          tenant_id: tenantId,
          chain_id,
          through_seq: c.seq,
          hash: c.hash,
          rule,
          pruned_before: before,
          row_count: c.rows,
        })),
        prunedAt,
      );
      const rows = turnEvents + turns + turnRecords + effects + suggestions + erasures;
      if (rows > 0 || chains.size > 0) {
        // The prune itself, tenant-wide (chain `*`, numbered by its cutoff): what verification
        // shows, and, listing them, what lets it accept rows gone from seals that stay.
        await writePruneCheckpoint(tx, sealer, { tenantId, before, rule, rows, prunedAt, spans });
        await collapseCheckpoints(tx, sealer, tenantId);
      }
      return {
        tenantId,
        before: cutoff,
        rule,
        rows: { effects, suggestions, turns, turn_events: turnEvents, turn_records: turnRecords, evidence_erasures: erasures },
        seals: cut.length,
        checkpoints: chains.size,
        months: [],
      };
    }),
  );
}
