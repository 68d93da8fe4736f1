import type { Database } from '../store/index.js';
import { evidenceTenants } from './verify-evidence.js';
import { storeCall } from './store-call.js';

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
  /** Checkpoints written, one per chain cut. */
  readonly checkpoints: number;
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
 * their events, workflow records last changed before it, erasure records — in one transaction per
 * tenant, and the seals wholly before it, each chain's cut replaced by a checkpoint (the last
 * removed seal's hash, the rule, the cutoff, when, how many rows), so `verifyEvidence` still links
 * every remaining seal and reports what was pruned. A seal that straddles the cutoff stays; its
 * rows before the cutoff go, which verification accepts for that seal only.
 */
export async function pruneEvidence(db: Database, { before, tenantId, rule }: PruneEvidenceOptions): Promise<TenantPrune[]> {
  const tenants = tenantId !== undefined ? [tenantId] : await evidenceTenants(db);
  const out: TenantPrune[] = [];
  for (const tenant of tenants) out.push(await pruneTenant(db, tenant, before, rule));
  return out;
}

async function pruneTenant(db: Database, tenantId: string, before: Date, rule: string): Promise<TenantPrune> {
  const cutoff = before.toISOString();
  return storeCall('evidence could not be pruned', () =>
    db.transaction(async (tx) => {
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
      // Each chain's seals wholly before the cutoff, from its start up to the first that is not.
      const cut = await tx.query<{ chain_id: string; seq: number; hash: string; n: number }>(
        `delete from evidence_seals s
          where tenant_id = $1 and covers_to < $2
            and not exists (select 1 from evidence_seals e where e.tenant_id = s.tenant_id and e.chain_id = s.chain_id and e.seq < s.seq and e.covers_to >= $2)
        returning chain_id, seq, hash, json_array_length(entries) as n`,
        [tenantId, cutoff],
      );
      const chains = new Map<string, { seq: number; hash: string; rows: number }>();
      for (const s of cut) {
        const seq = Number(s.seq);
        const last = chains.get(s.chain_id);
        if (!last || seq > last.seq) chains.set(s.chain_id, { seq, hash: s.hash, rows: (last?.rows ?? 0) + Number(s.n) });
        else last.rows += Number(s.n);
      }
      if (chains.size > 0) {
        await tx.query(
          `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, row_count)
           select $1, c.chain_id, c.through_seq, c.hash, $2, $3, c.row_count from json_populate_recordset(null::evidence_checkpoints, $4::json) c`,
          [tenantId, rule, cutoff, JSON.stringify([...chains].map(([chain_id, c]) => ({ chain_id, through_seq: c.seq, hash: c.hash, row_count: c.rows })))],
        );
      }
      const rows = turnEvents + turns + turnRecords + effects + suggestions + erasures;
      if (rows > 0 || chains.size > 0) {
        // The prune itself, tenant-wide (chain `*`, numbered by its cutoff): what verification
        // shows, and what lets it accept rows gone from a seal that straddles the cutoff.
        await tx.query(
          `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, row_count)
           values ($1, '*', $2, '', $3, $4, $5) on conflict (tenant_id, chain_id, through_seq) do update set row_count = evidence_checkpoints.row_count + excluded.row_count`,
          [tenantId, before.getTime(), rule, cutoff, rows],
        );
      }
      return {
        tenantId,
        before: cutoff,
        rule,
        rows: { effects, suggestions, turns, turn_events: turnEvents, turn_records: turnRecords, evidence_erasures: erasures },
        seals: cut.length,
        checkpoints: chains.size,
      };
    }),
  );
}
