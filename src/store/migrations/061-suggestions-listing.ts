import type { Migration } from '../migration.js';

/**
 * `GET /v0/suggestions` filters by time range and by match like the effects listing: the primary
 * key (tenant, time-ordered id) serves newest-first pages; these serve the filters.
 */
export const suggestionsListingMigration: Migration = {
  id: '061_suggestions_listing',
  sql: `
create index suggestions_tenant_created on suggestions (tenant_id, created_at);
create index suggestions_tenant_match on suggestions (tenant_id, match_id, id);
`,
};
