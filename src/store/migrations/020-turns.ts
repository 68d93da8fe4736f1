import type { Migration } from '../migration.js';

/**
 * Governed turns. Records hold their latest state and revision; events are append-only and one
 * per (record, revision), so two turns can never both commit the same revision of a record; a
 * turn row is inserted once per (tenant, id), which makes the turn id an idempotency key. The
 * turn's `commit` is written in the same transaction as its events; its `result` (the composed
 * blocks, snake_case JSON) is set once, afterwards.
 */
export const turnsMigration: Migration = {
  id: '020_turns',
  sql: `
create table turn_records (
  tenant_id text not null,
  id text not null,
  workflow text not null,
  revision integer not null,
  state jsonb not null,
  created_by_turn text not null,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create table turn_events (
  tenant_id text not null,
  record_id text not null,
  revision integer not null,
  type text not null,
  payload jsonb not null,
  turn_id text not null,
  position integer not null,
  committed_at timestamptz not null default now(),
  primary key (tenant_id, record_id, revision)
);
create index turn_events_turn on turn_events (tenant_id, turn_id);
create table turns (
  tenant_id text not null,
  id text not null,
  conversation_id text not null,
  seq bigint generated always as identity,
  input jsonb not null,
  commit jsonb not null,
  result jsonb,
  committed_at timestamptz not null default now(),
  composed_at timestamptz,
  primary key (tenant_id, id)
);
create index turns_conversation on turns (tenant_id, conversation_id, seq);
`,
};
