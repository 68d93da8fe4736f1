import type { Migration } from '../migration.js';

/**
 * Tamper-evident evidence (W13). A seal lists the rows one write committed (table, id, digest of
 * the content) and links to the previous seal of its chain with an HMAC; one chain per writer lane
 * and tenant (see `createEvidenceSealer`), so replicas and concurrent flushes never contend for a
 * head. Erasures are records of their own (who, when, how many rows, digests of the keys erased,
 * no content), sealed like any evidence; checkpoints record the chain heads a prune cut away.
 * Every key starts with the tenant, so the tables distribute by tenant like the rest.
 */
export const evidenceSealsMigration: Migration = {
  id: '080_evidence_seals',
  sql: `
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
  primary key (tenant_id, chain_id, seq)
);
create index evidence_seals_tenant_covers on evidence_seals (tenant_id, covers_to);
create table evidence_erasures (
  tenant_id text not null,
  id text not null,
  requested_by text not null,
  requested_at timestamptz not null,
  subject_sha256 text not null,
  row_count integer not null,
  erased json not null,
  primary key (tenant_id, id)
);
create table evidence_checkpoints (
  tenant_id text not null,
  chain_id text not null,
  through_seq bigint not null,
  hash text not null,
  rule text not null,
  pruned_before timestamptz not null,
  pruned_at timestamptz not null default now(),
  row_count integer not null,
  primary key (tenant_id, chain_id, through_seq)
);
`,
};
