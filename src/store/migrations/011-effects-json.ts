import type { Migration } from '../migration.js';

/**
 * Effects keep their documents as `json`, not `jsonb`: they are written on every governed reply
 * and read back whole, never searched inside (filters use their own columns), and `json` skips
 * the binary conversion — measured here at a third to a half more rows per second under group
 * commit.
 */
export const effectsJsonMigration: Migration = {
  id: '011_effects_json',
  sql: `
alter table effects alter column effect type json, alter column contract type json, alter column candidates type json;
`,
};
