import { z } from 'zod';
import { parseInput } from '../errors.js';
import { wireString } from '../wire-string.js';

/** One interpretation in the user's private Wiki: what a property value means to the user. */
export const wikiEntrySchema = z.strictObject({
  /** A property path in the Match, e.g. `details.smoking`. */
  path: wireString().regex(/^details\.[^.]+$/, 'a Wiki path names one flat detail: details.<key>'),
  /** The exact observed value this interpretation is about; absent: any value at the path. */
  value: z.union([wireString(), z.number(), z.boolean()]).optional(),
  /** The user's own reading of it, in their words. Private: it never reaches copy (W7). */
  interpretation: wireString(),
  /** The user's verdict. Private, and `blocker` closes the conversation. */
  label: z.enum(['good', 'bad', 'blocker']),
  /** A private note beside the interpretation. */
  note: wireString().default(''),
});

/** The user's private Wiki: property paths → interpretations with good/bad/blocker labels. */
export const wikiSchema = z.strictObject({ entries: z.array(wikiEntrySchema) });

/** One Wiki entry (library shape). */
export interface WikiEntry {
  readonly path: string;
  readonly value: string | number | boolean | null;
  readonly interpretation: string;
  readonly label: 'good' | 'bad' | 'blocker';
  readonly note: string;
}
/** The user's private Wiki. */
export interface Wiki {
  readonly entries: readonly WikiEntry[];
}

/** An empty Wiki: the default when the user has none. */
export const emptyWiki: Wiki = { entries: [] };

/** The reading of a Wiki as one schema: {@link wikiSchema} in (and in the OpenAPI document), the library's shape out. */
export const wikiInputSchema = wikiSchema.transform((wire): Wiki => ({ entries: wire.entries.map((e) => ({ ...e, value: e.value ?? null })) }));

/** Reads a Wiki, refusing a malformed one with the path of each problem (W9). */
export function parseWiki(value: unknown): Wiki {
  return parseInput(wikiInputSchema, value, 'wiki');
}
