import type { CandidateVerdict, ForbiddenMatch, NormalizationHint } from './candidate-verdict.js';
import type { ReplyContract, TermListName } from './reply-contract.js';
import { automatonMatcher, includesMatcher, type TermMatcher } from './term-matcher.js';

/**
 * How a compiled contract searches a candidate for its terms. `auto` (the default) picks by
 * size: the `includes` loop up to {@link INCLUDES_MAX_TERMS} distinct terms, the automaton above.
 */
export type MatchStrategy = 'auto' | 'includes' | 'automaton';

/**
 * Up to this many distinct terms, a loop of `includes` is used; above, the automaton.
 * `includes` is native code, while the automaton pays a few nanoseconds per code unit in
 * JavaScript, so the loop wins while terms are few. Measured on Node 20 with Chinese text: for
 * seed 000's automotive contract (8 terms) against 200 characters the loop takes 0.67 µs and the
 * automaton 0.96 µs; the crossover lies between 20 and 40 distinct terms, lower for longer
 * candidates. `npm run bench contract` reports the automaton's time on the small contract too.
 */
export const INCLUDES_MAX_TERMS = 32;

/** Verifies candidates against one contract; built once, used for any number of candidates. */
export interface ContractVerifier {
  /** The strategy actually in use. */
  readonly strategy: 'includes' | 'automaton';
  /** Checks one candidate. Pure and deterministic; never throws for any string. */
  verify(candidate: string): CandidateVerdict;
}

interface TermTable {
  readonly terms: string[];
  readonly ids: Map<string, number>;
}

/**
 * Builds the verifier of `contract`. Does not check that the contract is sound (that its
 * fallback obeys it, that it is satisfiable): `compileContract` and `readContract` do.
 */
export function createVerifier(contract: ReplyContract, strategy: MatchStrategy = 'auto'): ContractVerifier {
  const table: TermTable = { terms: [], ids: new Map() };
  const listIds = (list: readonly string[]) => {
    const seen = new Set<number>();
    for (const term of list) {
      let id = table.ids.get(term);
      if (id === undefined) {
        id = table.terms.length;
        table.terms.push(term);
        table.ids.set(term, id);
      }
      seen.add(id);
    }
    return Int32Array.from(seen);
  };
  const mustInclude = listIds(contract.mustInclude);
  const mustAsk = listIds(contract.mustAsk);
  const canonical = listIds(contract.canonicalTerms);
  const forbidden = listIds(contract.forbiddenTerms);
  const lists: readonly (readonly [TermListName, Int32Array])[] = [
    ['must_include', mustInclude],
    ['must_ask', mustAsk],
    ['canonical_terms', canonical],
    ['forbidden_terms', forbidden],
  ];
  const { terms } = table;
  const record = new Uint8Array(terms.length);
  const forbiddenRank = new Int32Array(terms.length);
  forbidden.forEach((id, rank) => {
    record[id] = 1;
    forbiddenRank[id] = rank;
  });
  const matcher = chooseMatcher(terms, record, strategy);

  // NFC hints need a second matcher over the normalized terms; build it only when first needed.
  const nfcTerms = terms.map((term) => term.normalize('NFC'));
  const termsAreNfc = nfcTerms.every((term, i) => term === terms[i]);
  let nfc: { matcher: TermMatcher; idOf: Int32Array; found: Uint8Array } | undefined;
  const nfcMatcher = () => {
    if (nfc) return nfc;
    const unique = [...new Set(nfcTerms)];
    const position = new Map(unique.map((term, i) => [term, i]));
    nfc = {
      matcher: chooseMatcher(unique, new Uint8Array(unique.length), matcher.strategy),
      idOf: Int32Array.from(nfcTerms, (term) => position.get(term)!),
      found: new Uint8Array(unique.length),
    };
    return nfc;
  };

  // One scratch table, zeroed per call: verification is synchronous, so calls never overlap.
  const found = new Uint8Array(terms.length);
  const missing = (ids: Int32Array) => {
    const out: string[] = [];
    for (const id of ids) if (found[id] === 0) out.push(terms[id]!);
    return out;
  };

  return {
    strategy: matcher.strategy,
    verify(candidate) {
      found.fill(0);
      const pairs: number[] = [];
      const inert = matcher.scan(candidate, found, pairs);

      // Only forbidden terms are recorded, so the occurrences name every forbidden term present:
      // no need to walk a list of thousands of absent ones.
      const forbiddenTermsPresent: string[] = [];
      const forbiddenMatches: ForbiddenMatch[] = [];
      if (pairs.length > 0) {
        const present = new Set<number>();
        const order: number[] = [];
        for (let i = 0; i < pairs.length; i += 2) {
          order.push(i);
          present.add(pairs[i]!);
        }
        for (const id of [...present].sort((a, b) => forbiddenRank[a]! - forbiddenRank[b]!)) forbiddenTermsPresent.push(terms[id]!);
        order.sort((a, b) => pairs[a + 1]! - pairs[b + 1]! || forbiddenRank[pairs[a]!]! - forbiddenRank[pairs[b]!]!);
        for (const i of order) {
          const term = terms[pairs[i]!]!;
          const start = pairs[i + 1]!;
          forbiddenMatches.push({ term, start, end: start + term.length });
        }
      }

      const normalizationHints: NormalizationHint[] = [];
      // Inert text is NFC; anything else is asked of `normalize` (once), which is slower but rare.
      const nfcCandidate = inert ? candidate : candidate.normalize('NFC');
      if (!termsAreNfc || nfcCandidate !== candidate) {
        const n = nfcMatcher();
        n.found.fill(0);
        n.matcher.scan(nfcCandidate, n.found, []);
        for (const [list, ids] of lists) {
          for (const id of ids) {
            if (found[id] === 0 && n.found[n.idOf[id]!] === 1) normalizationHints.push({ list, term: terms[id]! });
          }
        }
      }

      const missingMustInclude = missing(mustInclude);
      const missingMustAsk = missing(mustAsk);
      const missingCanonicalTerms = missing(canonical);
      return {
        passed:
          missingMustInclude.length === 0 &&
          missingMustAsk.length === 0 &&
          missingCanonicalTerms.length === 0 &&
          forbiddenTermsPresent.length === 0,
        missingMustInclude,
        missingMustAsk,
        missingCanonicalTerms,
        forbiddenTermsPresent,
        forbiddenMatches,
        normalizationHints,
      };
    },
  };
}

function chooseMatcher(terms: readonly string[], record: Uint8Array, strategy: MatchStrategy): TermMatcher {
  const wantAutomaton = strategy === 'automaton' || (strategy === 'auto' && terms.length > INCLUDES_MAX_TERMS);
  return (wantAutomaton && automatonMatcher(terms, record)) || includesMatcher(terms, record);
}
