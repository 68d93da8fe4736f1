import type { Migration } from '../migration.js';
import { effectsMigration } from './010-effects.js';
import { effectsJsonMigration } from './011-effects-json.js';
import { turnsMigration } from './020-turns.js';
import { apiKeysMigration } from './050-api-keys.js';
import { suggestionsMigration } from './060-suggestions.js';
import { suggestionsListingMigration } from './061-suggestions-listing.js';
import { idempotencyKeysMigration } from './070-idempotency-keys.js';
import { traceIdsMigration } from './071-trace-ids.js';
import { evidenceSealsMigration } from './080-evidence-seals.js';
import { evidencePartitionsMigration } from './090-evidence-partitions.js';
import { evidenceCheckpointMacsMigration } from './091-evidence-checkpoint-macs.js';
import { effectsInsertFunctionMigration } from './092-effects-insert-function.js';
import { evidenceCheckpointSpansMigration } from './093-evidence-checkpoint-spans.js';

/**
 * Every migration of the schema, in id order. A layer that needs tables adds one file here and
 * one line below; ids are never renumbered once they have landed.
 */
export const migrations: readonly Migration[] = [
  effectsMigration,
  effectsJsonMigration,
  turnsMigration,
  apiKeysMigration,
  suggestionsMigration,
  suggestionsListingMigration,
  idempotencyKeysMigration,
  traceIdsMigration,
  evidenceSealsMigration,
  evidencePartitionsMigration,
  evidenceCheckpointMacsMigration,
  effectsInsertFunctionMigration,
  evidenceCheckpointSpansMigration,
];
