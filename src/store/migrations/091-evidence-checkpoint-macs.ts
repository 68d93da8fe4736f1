import type { Migration } from '../migration.js';

/**
 * Prune checkpoints carry their own HMAC (W13), under the seals' key, over every column: the
 * cutoff a checkpoint names is what lets verification accept rows as pruned, so it must not be
 * editable (or forgeable) without the key. Null for checkpoints written before this migration,
 * which verification accepts only for rows sealed in digest form 1 (see `verifyEvidence`).
 */
export const evidenceCheckpointMacsMigration: Migration = {
  id: '091_evidence_checkpoint_macs',
  sql: `
alter table evidence_checkpoints add column mac text;
`,
};
