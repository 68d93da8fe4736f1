import type { Migration } from '../migration.js';

/**
 * `Idempotency-Key` on `POST /v0/reply-contracts/verify` and `POST /v0/suggestions`: one row per
 * (tenant, key), holding a fingerprint of the request (operation and body) and, once the first
 * request has answered, its status and response text, so a retry on any replica, after any
 * restart, gets the same answer. `owner` and `locked_until` are the lease of the request running
 * under the key: a replica that dies mid-request leaves a row that the next retry takes over once
 * the lease has passed. Rows are pruned after `expires_at`.
 */
export const idempotencyKeysMigration: Migration = {
  id: '070_idempotency_keys',
  sql: `
create table idempotency_keys (
  tenant_id text not null,
  key text not null,
  fingerprint text not null,
  owner text not null,
  status integer,
  response text,
  created_at timestamptz not null default now(),
  locked_until timestamptz not null,
  expires_at timestamptz not null,
  primary key (tenant_id, key)
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);
`,
};
