import type { Migration } from '../migration.js';

/**
 * Prune checkpoints name exactly the rows they pruned from seals they left in place (W13). A seal
 * spanning a prune's cutoff stays, and only its rows before the cutoff go; a seal lists digests,
 * not times, so a cutoff alone cannot say which of its missing rows the prune removed. `spans`
 * lists, per such seal, the indexes of its entries the prune removed, under the checkpoint's MAC;
 * `form` says which MAC a checkpoint carries: 1 (every checkpoint before this migration, and the
 * default, so a replica not yet upgraded still writes what it MACs) covers the columns of 091 and
 * accounts for rows by its cutoff, as before; 2 covers `spans` too and accounts for exactly the
 * entries it lists (see `verifyEvidence`).
 *
 * To list them a prune finds every seal that starts before its cutoff and stays: those ending
 * soon after it by the `(tenant_id, covers_to)` index, and the rare ones spanning more than five
 * minutes (rows dated far apart in one write; the sidecar's writers span milliseconds) by a
 * partial index holding only those, so the seal a flush writes costs no second index entry.
 */
export const evidenceCheckpointSpansMigration: Migration = {
  id: '093_evidence_checkpoint_spans',
  sql: `
alter table evidence_checkpoints add column form smallint not null default 1;
alter table evidence_checkpoints add column spans json;
create index evidence_seals_tenant_wide on evidence_seals (tenant_id, covers_from) where covers_to - covers_from > interval '5 minutes';
`,
};
