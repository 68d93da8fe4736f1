import type { Queryable } from '../database.js';
import { makeEvidenceMonths, monthStart, MONTHS_AHEAD } from '../evidence-partitions.js';
import type { Migration } from '../migration.js';

/**
 * Evidence partitioned by time (W13, retention): Reply Effects and suggestion results by
 * `created_at`, seals by `covers_to`, one partition per UTC month and a default partition, so a
 * prune drops a whole month instead of deleting its rows one by one (`pruneEvidence`). A
 * partitioned table's primary key must hold its partition column, so each key becomes the old key
 * plus that column — still led by the tenant, so the tables distribute by tenant as before. The
 * ids stay unique in practice (time-ordered random ids, chains named by a random writer id); no
 * statement relies on `on conflict` over these three keys. Turns, their events and workflow
 * records stay unpartitioned: their keys are the turn id's commit-once guard and the per-record
 * revision guard, which PostgreSQL could enforce across partitions only with the time in the key,
 * which would defeat them.
 *
 * Seals gain `entry_count` (generated from `entries`), so a prune counts the rows a month's seals
 * covered without parsing them. Existing rows are copied into the partitions of their months in
 * this migration's transaction; the old tables are then dropped.
 */
export const evidencePartitionsMigration: Migration = {
  id: '090_evidence_partitions',
  sql: `
alter table effects rename to effects_080;
alter table effects_080 rename constraint effects_pkey to effects_080_pkey;
drop index effects_tenant_created;
create table effects (
  tenant_id text not null,
  id text not null,
  created_at timestamptz not null,
  status text not null,
  interaction_kind text not null,
  effect json not null,
  contract json not null,
  candidates json not null,
  trace_id text,
  primary key (tenant_id, id, created_at)
) partition by range (created_at);
create index effects_tenant_created on effects (tenant_id, created_at);
create table effects_default partition of effects default;
alter table suggestions rename to suggestions_080;
alter table suggestions_080 rename constraint suggestions_pkey to suggestions_080_pkey;
drop index suggestions_tenant_created;
drop index suggestions_tenant_match;
create table suggestions (
  tenant_id text not null,
  id text not null,
  created_at timestamptz not null,
  match_id text not null,
  result_type text not null,
  result jsonb not null,
  evidence jsonb not null,
  trace_id text,
  primary key (tenant_id, id, created_at)
) partition by range (created_at);
create index suggestions_tenant_created on suggestions (tenant_id, created_at);
create index suggestions_tenant_match on suggestions (tenant_id, match_id, id);
create table suggestions_default partition of suggestions default;
alter table evidence_seals rename to evidence_seals_080;
alter table evidence_seals_080 rename constraint evidence_seals_pkey to evidence_seals_080_pkey;
drop index evidence_seals_tenant_covers;
create table evidence_seals (
  tenant_id text not null,
  chain_id text not null,
  seq bigint not null,
  prev text not null,
  hash text not null,
  entries json not null,
  covers_from timestamptz not null,
  covers_to timestamptz not null,
  sealed_at timestamptz not null default now(),
  entry_count integer generated always as (json_array_length(entries)) stored,
  primary key (tenant_id, chain_id, seq, covers_to)
) partition by range (covers_to);
create index evidence_seals_tenant_covers on evidence_seals (tenant_id, covers_to);
create table evidence_seals_default partition of evidence_seals default;
`,
  run: copyIntoMonths,
};

/** Makes the months the existing rows fall in (and the months ahead), then moves the rows over. */
async function copyIntoMonths(tx: Queryable): Promise<void> {
  const found = await tx.query<{ m: string }>(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM') as m from effects_080
     union select to_char(created_at at time zone 'UTC', 'YYYY-MM') from suggestions_080
     union select to_char(covers_to at time zone 'UTC', 'YYYY-MM') from evidence_seals_080`,
  );
  const months = new Map<number, Date>();
  for (const { m } of found) {
    const from = new Date(`${m}-01T00:00:00Z`);
    months.set(from.getTime(), from);
  }
  for (let i = 0; i <= MONTHS_AHEAD; i++) months.set(monthStart(new Date(), i).getTime(), monthStart(new Date(), i));
  await makeEvidenceMonths(
    tx,
    [...months.values()].sort((a, b) => a.getTime() - b.getTime()),
  );
  const columns = {
    effects: 'tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates, trace_id',
    suggestions: 'tenant_id, id, created_at, match_id, result_type, result, evidence, trace_id',
    evidence_seals: 'tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to, sealed_at',
  };
  for (const [table, list] of Object.entries(columns)) {
    await tx.query(`insert into ${table} (${list}) select ${list} from ${table}_080`);
    await tx.query(`drop table ${table}_080`);
  }
}
