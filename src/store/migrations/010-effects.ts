import type { Migration } from '../migration.js';

/**
 * Reply Effects, one row per governed reply (W6). Ids are time-ordered, so the primary key also
 * serves newest-first listings and cursor pages; the second index serves time-range filters.
 */
export const effectsMigration: Migration = {
  id: '010_effects',
  sql: `
create table effects (
  tenant_id text not null,
  id text not null,
  created_at timestamptz not null,
  status text not null,
  interaction_kind text not null,
  effect jsonb not null,
  contract jsonb not null,
  candidates jsonb not null,
  primary key (tenant_id, id)
);
create index effects_tenant_created on effects (tenant_id, created_at);
`,
};
