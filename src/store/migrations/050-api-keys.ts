import type { Migration } from '../migration.js';

/**
 * The sidecar's API keys, stored as SHA-256 digests only: a leaked table does not leak a key.
 * Each key belongs to exactly one tenant.
 */
export const apiKeysMigration: Migration = {
  id: '050_api_keys',
  sql: `
create table api_keys (
  key_sha256 text primary key,
  tenant_id text not null,
  label text not null default '',
  created_at timestamptz not null default now()
);
create index api_keys_tenant on api_keys (tenant_id);
`,
};
