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

/** Up to this many forbidden terms, {@link exactSuspects} searches each with `includes`; above, with the verifier. */
const DIRECT_TERMS = 32;

/**
 * For an exact forbidden list: the forbidden terms (in the list's order, each once) that occur
 * in the required terms joined by U+0000 — every forbidden term inside some required term is
 * among them, so the satisfiability check need look for no other. `undefined` for a folded or
 * loose list, whose terms are asked of the verifier per required term (a fold can join what the
 * separator parts). Nearly every contract has none, and the check then costs one search per
 * forbidden term, where a whole verdict per required term (every list, offsets, hints) cost a
 * large share of reading a contract written fresh for every turn.
 */
function exactSuspects(contract: ReplyContract, verifier: ContractVerifier): readonly string[] | undefined {
  if (matchModeOf(contract, 'forbidden_terms') !== 'exact') return undefined;
  const { mustInclude, mustAsk, canonicalTerms, forbiddenTerms } = contract;
  if (mustInclude.length + mustAsk.length + canonicalTerms.length === 0) return NONE;
  const joined = [...mustInclude, ...mustAsk, ...canonicalTerms].join('\u0000');
  if (forbiddenTerms.length > DIRECT_TERMS) return verifier.verify(joined).forbiddenTermsPresent;
  let suspects: string[] | undefined;
  for (let i = 0; i < forbiddenTerms.length; i++) {
    const term = forbiddenTerms[i]!;
    if (joined.includes(term) && forbiddenTerms.indexOf(term) === i) (suspects ??= []).push(term);
  }
  return suspects ?? NONE;
}

/**
 * The forbidden terms inside `required`, in the forbidden list's order, each once — the
 * verdict's `forbiddenTermsPresent` for that term: among `suspects` when the list is exact,
 * else by the verifier.
 */
function forbiddenInside(verifier: ContractVerifier, suspects: readonly string[] | undefined, required: string): readonly string[] {
  if (suspects === undefined) return verifier.verify(required).forbiddenTermsPresent;
  let inside: string[] | undefined;
  for (const term of suspects) if (required.includes(term)) (inside ??= []).push(term);
  return inside ?? NONE;
}

const NONE: readonly string[] = Object.freeze([]);

/** `list[i] "term"`, the first place `term` is listed, for messages. */
function named(contract: ReplyContract, list: TermListName, term: string): string {
  return `${list}[${contractTerms(contract, list).indexOf(term)}] ${JSON.stringify(term)}`;
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
  const fallback = verifier.verify(contract.fallbackBody);
  for (const term of fallback.missingMustInclude)
    issues.push({ path: '$.fallback_body', message: `the approved fallback lacks ${named(contract, 'must_include', term)}` });
  for (const term of fallback.missingMustAsk)
    issues.push({ path: '$.fallback_body', message: `the approved fallback lacks ${named(contract, 'must_ask', term)}` });
  for (const term of fallback.missingCanonicalTerms) {
    issues.push({ path: '$.fallback_body', message: `the approved fallback lacks ${named(contract, 'canonical_terms', term)}` });
  }
  for (const match of fallback.forbiddenMatches) {
    issues.push({
      path: '$.fallback_body',
      message: `the approved fallback contains ${named(contract, 'forbidden_terms', match.term)} at [${match.start}, ${match.end})`,
    });
  }

  const suspects = exactSuspects(contract, verifier);
  for (let l = 0; l < REQUIRED_LISTS.length && suspects?.length !== 0; l++) {
    const list = REQUIRED_LISTS[l]!;
    const terms = contractTerms(contract, list);
    // indexOf for short lists, a set for long ones (as the duplicate check below).
    const seen = terms.length > SHORT_LIST ? new Set<string>() : undefined;
    for (let i = 0; i < terms.length; i++) {
      const required = terms[i]!;
      if (seen === undefined ? terms.indexOf(required) !== i : seen.has(required)) continue;
      seen?.add(required);
      for (const forbidden of forbiddenInside(verifier, suspects, required)) {
        issues.push({
          path: `$.forbidden_terms[${contract.forbiddenTerms.indexOf(forbidden)}]`,
          message: `unsatisfiable: ${JSON.stringify(forbidden)} occurs inside ${named(contract, list, required)}, so no reply can contain one without the other`,
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
