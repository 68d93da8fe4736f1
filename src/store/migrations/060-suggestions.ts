import type { Migration } from '../migration.js';

/**
 * Suggestion requests answered by the sidecar: the four-property result and, beside it, every
 * gate, audit and model call that decided it (W6). Ids are time-ordered, like effects.
 */
export const suggestionsMigration: Migration = {
  id: '060_suggestions',
  sql: `
create table suggestions (
  tenant_id text not null,
  id text not null,
  created_at timestamptz not null,
  match_id text not null,
  result_type text not null,
  result jsonb not null,
  evidence jsonb not null,
  primary key (tenant_id, id)
);
`,
};
