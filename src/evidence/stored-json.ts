import type { z } from 'zod';
import { StoreError } from '../store/database.js';

/**
 * JSON read back from the store, decoded through the schema that owns its wire form (the schema
 * it was written from). JSON that does not match it was not written by Warrant as it is now, or
 * was changed in the store: the store's fault, a `StoreError` (the sidecar's 503), never the
 * caller's, its message naming `what` was read and each issue's JSON path.
 */
export function decodeStored<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new StoreError(`${what} does not match its schema: ${parsed.error.issues.map((i) => `$.${i.path.map(String).join('.')}: ${i.message}`).join('; ')}`);
}
