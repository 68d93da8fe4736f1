import type { DisguiseClass } from './fold-text.js';
import type { TermListName } from './reply-contract.js';

/** One occurrence of a forbidden term in a candidate, for highlighting. */
export interface ForbiddenMatch {
  /** The forbidden term as the contract spells it. */
  readonly term: string;
  /** UTF-16 offset of the first code unit of the occurrence (inclusive). */
  readonly start: number;
  /**
   * UTF-16 offset just past the occurrence (exclusive). For an exact list,
   * `candidate.slice(start, end) === term`; for a folded list, the slice folds to the folded term.
   */
  readonly end: number;
  /**
   * Folded lists only (v1): the disguises between the slice and the term as written, e.g.
   * `["fullwidth", "case"]`; empty when the slice is the term exactly. Absent for exact lists.
   */
  readonly disguises?: readonly DisguiseClass[];
}

/**
 * A term whose verdict would have differed had both the term and the candidate been
 * NFC-normalized: a required term that only matches after normalization, or a forbidden term
 * that only appears after it. Usually a host-side encoding bug worth seeing; it never changes
 * the verdict, which stays exact.
 */
export interface NormalizationHint {
  /** Which list of the contract the term belongs to. */
  readonly list: TermListName;
  /** The term as the contract spells it. */
  readonly term: string;
}

/**
 * What verifying one candidate against a contract found. Each list keeps the contract's order
 * and names each term at most once; the candidate passes when all four lists are empty.
 */
export interface CandidateVerdict {
  /** True when no required term is missing and no forbidden term is present. */
  readonly passed: boolean;
  /** `must_include` terms the candidate lacks. */
  readonly missingMustInclude: readonly string[];
  /** `must_ask` terms the candidate lacks. */
  readonly missingMustAsk: readonly string[];
  /** `canonical_terms` the candidate lacks. */
  readonly missingCanonicalTerms: readonly string[];
  /** `forbidden_terms` the candidate contains. */
  readonly forbiddenTermsPresent: readonly string[];
  /** Every occurrence of every forbidden term, overlapping ones included, by start then contract order. */
  readonly forbiddenMatches: readonly ForbiddenMatch[];
  /** Terms that would have matched had both sides been NFC-normalized, by list then contract order. */
  readonly normalizationHints: readonly NormalizationHint[];
  /**
   * v1 contracts only: every disguise seen on this candidate's forbidden occurrences, in the
   * order of `DISGUISE_CLASSES`. Absent for v0, whose verdicts stay exactly as specified.
   */
  readonly disguisesSeen?: readonly DisguiseClass[];
}

/** A {@link CandidateVerdict} with the candidate's position in the order it was given. */
export interface IndexedCandidateVerdict extends CandidateVerdict {
  /** 0-based position of the candidate among those handed to `governReply`. */
  readonly index: number;
}
