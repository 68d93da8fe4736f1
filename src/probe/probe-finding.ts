import type { DisguiseClass } from '../contract/index.js';

/** What kind of hole a probe finding shows. */
export const PROBE_FINDING_KINDS = [
  'disguise',
  'blocks_denial',
  'generic_required_term',
  'duplicate_terms',
  'overlapping_terms',
  'accidental_fallback_term',
  'paraphrase',
] as const;

/** One kind of {@link ProbeFinding}. */
export type ProbeFindingKind = (typeof PROBE_FINDING_KINDS)[number];

/** One hole a probe found, with a candidate that demonstrates it. */
export interface ProbeFinding {
  readonly kind: ProbeFindingKind;
  /** The terms involved, as the contract spells them, each with its list (`forbidden_terms[2]`). */
  readonly terms: readonly string[];
  /** Where each term sits in the contract, e.g. `forbidden_terms[2]`, same order as `terms`. */
  readonly paths: readonly string[];
  /** A candidate reply that shows the hole (for `disguise` and `paraphrase`: one the contract accepts). */
  readonly candidate: string;
  /** The hole in a sentence. */
  readonly message: string;
  /** `disguise` only: the disguise classes the candidate uses. */
  readonly disguises?: readonly DisguiseClass[];
}
