import type { InputIssue } from '../errors.js';
import type { ContractVerifier } from './contract-verifier.js';
import { foldTerm } from './fold-text.js';
import { looseTerm } from './loose-fold.js';
import { contractTerms, matchModeOf, TERM_LISTS, type ReplyContract, type TermListName } from './reply-contract.js';

/** Something about a contract worth fixing that does not stop it from being used. */
export interface ContractWarning {
  /** Stable code: `duplicate_term` (a term listed twice in one list; it is checked once). */
  readonly code: 'duplicate_term';
  /** JSON path of the later copy, e.g. `$.forbidden_terms[3]`. */
  readonly path: string;
  /** The warning in a sentence. */
  readonly message: string;
}

/** What {@link lintContract} found: issues refuse the contract, warnings do not. */
export interface ContractLint {
  readonly issues: InputIssue[];
  readonly warnings: ContractWarning[];
}

const REQUIRED_LISTS = ['must_include', 'must_ask', 'canonical_terms'] as const;

/** Lists up to this long are searched for duplicates with indexOf; longer ones with a map. */
const SHORT_LIST = 16;

/**
 * Up to this many (required term, forbidden term) pairs, an exact forbidden list is searched in
 * each required term with `includes`; above, with the verifier.
 */
const DIRECT_PAIRS = 256;

/**
 * The forbidden terms inside `required`, in the forbidden list's order, each once — the
 * verdict's `forbiddenTermsPresent` for that term. A verification builds a whole verdict (every
 * list, offsets, hints) for each required term; for an exact forbidden list and a small
 * contract, `includes` per pair gives the same answer for a fraction of the cost, and a contract
 * written fresh for every turn pays this on every turn. `direct` says which way.
 */
function forbiddenInside(contract: ReplyContract, verifier: ContractVerifier, direct: boolean, required: string): readonly string[] {
  if (!direct) return verifier.verify(required).forbiddenTermsPresent;
  const forbidden = contract.forbiddenTerms;
  let inside: string[] | undefined;
  for (let i = 0; i < forbidden.length; i++) {
    const term = forbidden[i]!;
    if (required.includes(term) && forbidden.indexOf(term) === i) (inside ??= []).push(term);
  }
  return inside ?? NONE;
}

const NONE: readonly string[] = Object.freeze([]);

/** True when {@link forbiddenInside} may search each pair with `includes`. */
function searchesPairs(contract: ReplyContract): boolean {
  const required = contract.mustInclude.length + contract.mustAsk.length + contract.canonicalTerms.length;
  return matchModeOf(contract, 'forbidden_terms') === 'exact' && required * contract.forbiddenTerms.length <= DIRECT_PAIRS;
}

/**
 * Checks what a schema cannot: that the approved fallback obeys its own contract (W2: the
 * fallback is shown unverified, so it is verified here, once, by the same verifier that judges
 * candidates) and that the contract can be satisfied at all (no forbidden term inside a
 * required one). Both checks use each list's own matching, so under v1 a fallback holding a
 * disguised forbidden term is refused, and a folded forbidden term inside a required term makes
 * the contract unsatisfiable. A term of a folded list that folds to nothing (only
 * default-ignorable code points), or of a loose list with no letter or digit, is refused. Duplicate terms are warnings. Paths use the wire names.
 */
export function lintContract(contract: ReplyContract, verifier: ContractVerifier): ContractLint {
  const issues: InputIssue[] = [];
  for (const list of TERM_LISTS) {
    const mode = matchModeOf(contract, list);
    if (mode === 'exact') continue;
    contractTerms(contract, list).forEach((term, i) => {
      if (foldTerm(term) === '') {
        issues.push({ path: `$.${list}[${i}]`, message: 'folds to nothing: it holds only default-ignorable code points, invisible in any reply' });
      } else if (mode === 'loose' && looseTerm(term) === '') {
        issues.push({
          path: `$.${list}[${i}]`,
          message: 'has no letter or digit: "loose" matching compares only letters and digits, so it would never be found',
        });
      }
    });
  }
  const firstIndex = (list: TermListName, term: string) => contractTerms(contract, list).indexOf(term);
  const named = (list: TermListName, term: string) => `${list}[${firstIndex(list, term)}] ${JSON.stringify(term)}`;

  const fallback = verifier.verify(contract.fallbackBody);
  const lacks = (list: TermListName, terms: readonly string[]) => {
    for (const term of terms) {
      issues.push({ path: '$.fallback_body', message: `the approved fallback lacks ${named(list, term)}` });
    }
  };
  lacks('must_include', fallback.missingMustInclude);
  lacks('must_ask', fallback.missingMustAsk);
  lacks('canonical_terms', fallback.missingCanonicalTerms);
  for (const match of fallback.forbiddenMatches) {
    issues.push({
      path: '$.fallback_body',
      message: `the approved fallback contains ${named('forbidden_terms', match.term)} at [${match.start}, ${match.end})`,
    });
  }

  const direct = searchesPairs(contract);
  for (const list of REQUIRED_LISTS) {
    const terms = contractTerms(contract, list);
    // indexOf for short lists, a set for long ones (as the duplicate check below).
    const seen = terms.length > SHORT_LIST ? new Set<string>() : undefined;
    for (let i = 0; i < terms.length; i++) {
      const required = terms[i]!;
      if (seen === undefined ? terms.indexOf(required) !== i : seen.has(required)) continue;
      seen?.add(required);
      for (const forbidden of forbiddenInside(contract, verifier, direct, required)) {
        issues.push({
          path: `$.forbidden_terms[${firstIndex('forbidden_terms', forbidden)}]`,
          message: `unsatisfiable: ${JSON.stringify(forbidden)} occurs inside ${named(list, required)}, so no reply can contain one without the other`,
        });
      }
    }
  }

  const warnings: ContractWarning[] = [];
  for (const list of TERM_LISTS) {
    const terms = contractTerms(contract, list);
    // A map for long lists (a large contract has thousands of terms), indexOf for short ones,
    // where building the map cost more than the searches.
    const firstAt = terms.length > SHORT_LIST ? new Map<string, number>() : undefined;
    for (let i = 0; i < terms.length; i++) {
      const term = terms[i]!;
      let first: number | undefined;
      if (firstAt === undefined) {
        const at = terms.indexOf(term);
        if (at < i) first = at;
      } else {
        first = firstAt.get(term);
        if (first === undefined) firstAt.set(term, i);
      }
      if (first !== undefined) {
        warnings.push({
          code: 'duplicate_term',
          path: `$.${list}[${i}]`,
          message: `duplicate of ${list}[${first}] ${JSON.stringify(term)}; it is checked once`,
        });
      }
    }
  }
  return { issues, warnings };
}
