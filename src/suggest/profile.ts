import { z } from 'zod';
import { parseInput } from '../errors.js';
import { wireString } from '../wire-string.js';

/** One fact about the user, with exactly what it does and does not let a reply say. */
export const profileFactSchema = z.strictObject({
  id: wireString().min(1),
  /** The fact as the user stated it. */
  statement: wireString(),
  /** Confirmed by the user (or a source the user trusts); unverified facts support nothing. */
  verified: z.boolean(),
  /** The user agreed it may appear in copy; a private fact supports nothing in copy. */
  disclosable: z.boolean(),
  /** Conversation topics it is relevant to, e.g. `hobbies`, `work` (lower case). */
  topics: z.array(wireString()).default([]),
  /** The exact claims it lets a reply make, e.g. `has held an air pistol`. */
  supports: z.array(wireString()).min(1),
  /** Claims a reader might infer but the fact does not carry, e.g. `has shooting-range experience`. */
  does_not_support: z.array(wireString()).default([]),
});

/** A private classification of the user (a portrait, a style label): never copy material. */
export const profileClassificationSchema = z.strictObject({ label: wireString(), text: wireString() });

/** The user's profile: facts, private classifications and private notes. */
export const profileSchema = z.strictObject({
  facts: z.array(profileFactSchema).default([]),
  classifications: z.array(profileClassificationSchema).default([]),
  private_notes: z.array(wireString()).default([]),
});

/** One profile fact (library shape). */
export interface ProfileFact {
  readonly id: string;
  readonly statement: string;
  readonly verified: boolean;
  readonly disclosable: boolean;
  readonly topics: readonly string[];
  readonly supports: readonly string[];
  readonly doesNotSupport: readonly string[];
}
/** The user's profile (library shape). */
export interface Profile {
  readonly facts: readonly ProfileFact[];
  readonly classifications: readonly { readonly label: string; readonly text: string }[];
  readonly privateNotes: readonly string[];
}

/** An empty profile: no fact supports anything about the user. */
export const emptyProfile: Profile = { facts: [], classifications: [], privateNotes: [] };

/**
 * The reading of a profile as one schema: {@link profileSchema} in (and in the OpenAPI document),
 * a duplicate fact id refused at its path, the library's shape out.
 */
export const profileInputSchema = profileSchema.transform((wire, ctx): Profile => {
  const duplicate = wire.facts.findIndex((f, i) => wire.facts.findIndex((g) => g.id === f.id) !== i);
  if (duplicate >= 0) {
    ctx.addIssue({ code: 'custom', path: ['facts', duplicate, 'id'], message: 'duplicate fact id', input: wire });
    return z.NEVER;
  }
  return {
    facts: wire.facts.map((f) => ({
      id: f.id,
      statement: f.statement,
      verified: f.verified,
      disclosable: f.disclosable,
      topics: f.topics.map((t) => t.toLowerCase()),
      supports: f.supports,
      doesNotSupport: f.does_not_support,
    })),
    classifications: wire.classifications,
    privateNotes: wire.private_notes,
  };
});

/** Reads a profile, refusing a malformed one with the path of each problem (W9). */
export function parseProfile(value: unknown): Profile {
  return parseInput(profileInputSchema, value, 'profile');
}
