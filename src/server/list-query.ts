import { wireString, wireTimestamp } from '../wire-string.js';

/** Largest page a listing returns; a client asking for more gets a 400 naming `$.limit`. */
const MAX_PAGE_SIZE = 200;

/** Page size when the client names none. */
const DEFAULT_PAGE_SIZE = 50;

/** Query parameters every listing takes: time range, cursor and page size. Spread into a listing's own schema. */
export const listQueryShape = {
  since: wireTimestamp().optional().describe('inclusive lower bound on `created_at` (ISO 8601)'),
  until: wireTimestamp().optional().describe('exclusive upper bound on `created_at` (ISO 8601)'),
  cursor: wireString().optional().describe('`next_cursor` of the previous page, unchanged'),
  limit: wireString()
    .regex(/^[1-9]\d{0,8}$/, 'a whole number from 1')
    .refine((s) => Number(s) <= MAX_PAGE_SIZE, `at most ${MAX_PAGE_SIZE}`)
    .optional()
    .describe(`page size, 1–${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}`)
    // A query string is text, read here digit by digit (no `1e2`, no blanks); what a client
    // sends is a whole number, and the document says so, so generated clients take an integer.
    .meta({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
};

/** A listing's page request: bounds as dates; the cursor as sent, which each listing decodes (see `decodeCursor`). */
export interface ListQuery {
  readonly since?: Date | undefined;
  readonly until?: Date | undefined;
  readonly cursor?: string | undefined;
  readonly limit: number;
}

/** Turns validated listing parameters into a {@link ListQuery}. */
export function toListQuery(query: {
  since?: string | undefined;
  until?: string | undefined;
  cursor?: string | undefined;
  limit?: string | undefined;
}): ListQuery {
  return {
    since: query.since === undefined ? undefined : new Date(query.since),
    until: query.until === undefined ? undefined : new Date(query.until),
    cursor: query.cursor,
    limit: query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit),
  };
}
