import type { Migration } from '../migration.js';

/**
 * The W3C trace id (32 hex digits) of the request that made each stored effect, turn and
 * suggestion result, so a client holding a record finds its request in the trace store and an
 * operator holding a trace finds the records. Null for records stored before this migration or
 * made without a request (`WarrantServer.verify` in code).
 */
export const traceIdsMigration: Migration = {
  id: '071_trace_ids',
  sql: `
alter table effects add column trace_id text;
alter table turns add column trace_id text;
alter table suggestions add column trace_id text;
`,
};
