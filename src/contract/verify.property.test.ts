import fc from 'fast-check';

/** Thousands of cases take tens of seconds on a loaded 2-core machine: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000;
import { describe, expect, it } from 'vitest';
import type { CandidateVerdict, NormalizationHint } from './candidate-verdict.js';
import { compileContract } from './compile-contract.js';
import { governReply } from './govern-reply.js';
import { readContract } from './read-contract.js';
import { contractTerms, TERM_LISTS, type ReplyContract, type ReplyContractJson } from './reply-contract.js';

/**
 * The naive reference the compiled verifier must agree with: one `includes` per term, every
 * `indexOf` occurrence of every forbidden term, and `normalize('NFC')` on both sides for hints.
 */
function naiveVerdict(contract: ReplyContract, candidate: string): CandidateVerdict {
  const unique = (terms: readonly string[]) => [...new Set(terms)];
  const missing = (terms: readonly string[]) => unique(terms).filter((t) => !candidate.includes(t));
  const forbidden = unique(contract.forbiddenTerms);
  const forbiddenTermsPresent = forbidden.filter((t) => candidate.includes(t));
  const forbiddenMatches = forbidden
    .flatMap((term, rank) => {
      const found: { term: string; start: number; end: number; rank: number }[] = [];
      for (let at = candidate.indexOf(term); at >= 0; at = candidate.indexOf(term, at + 1)) {
        found.push({ term, start: at, end: at + term.length, rank });
      }
      return found;
    })
    .sort((a, b) => a.start - b.start || a.rank - b.rank)
    .map(({ term, start, end }) => ({ term, start, end }));
  const nfcCandidate = candidate.normalize('NFC');
  const normalizationHints: NormalizationHint[] = TERM_LISTS.flatMap((list) =>
    unique(contractTerms(contract, list))
      .filter((t) => !candidate.includes(t) && nfcCandidate.includes(t.normalize('NFC')))
      .map((term) => ({ list, term })),
  );
  const missingMustInclude = missing(contract.mustInclude);
  const missingMustAsk = missing(contract.mustAsk);
  const missingCanonicalTerms = missing(contract.canonicalTerms);
  return {
    passed: [missingMustInclude, missingMustAsk, missingCanonicalTerms, forbiddenTermsPresent].every((l) => l.length === 0),
    missingMustInclude,
    missingMustAsk,
    missingCanonicalTerms,
    forbiddenTermsPresent,
    forbiddenMatches,
    normalizationHints,
  };
}

/**
 * Pieces text is drawn from: CJK, Latin with precomposed and combining accents (NFC matters),
 * fullwidth Latin, a compatibility ideograph, emoji with skin tones (surrogate pairs). A small
 * alphabet so terms really do occur, overlap and nest.
 */
const PIECES = ['車', '看', '約', '已', '。', 'a', 'e', 'é', 'e\u0301', '\u0301', 'A', 'ｅ', '\uF902', '😀', '👍🏽', ' '];
const piece = fc.constantFrom(...PIECES);
const term = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
const terms = (max: number) => fc.array(term, { maxLength: max });

/**
 * Random sound contracts: forbidden terms that would make the contract unsatisfiable or its
 * fallback unsafe are dropped, since `readContract` would refuse them; the fallback is every
 * required term in a row.
 */
const contractArb = (maxTerms: number): fc.Arbitrary<ReplyContract> =>
  fc
    .record({
      must_include: terms(maxTerms),
      must_ask: terms(maxTerms),
      canonical_terms: terms(maxTerms),
      forbidden_terms: terms(maxTerms * 2),
      filler: fc.array(piece, { maxLength: 3 }),
    })
    .map(({ filler, ...lists }) => {
      const required = [...lists.must_include, ...lists.must_ask, ...lists.canonical_terms];
      const fallback = [...required, filler.join('') || '。'].join('|');
      const json: ReplyContractJson = {
        contract_version: 'v0',
        interaction_kind: 'property',
        entity_roles: {},
        authority_status: 'property',
        fallback_body: fallback,
        ...lists,
        forbidden_terms: lists.forbidden_terms.filter((f) => !fallback.includes(f) && !required.some((r) => r.includes(f))),
      };
      return readContract(json).contract;
    });

/** Candidates that often contain the contract's own terms, and sometimes lone surrogates. */
const candidateFor = (contract: ReplyContract) => {
  const all = [...contract.mustInclude, ...contract.mustAsk, ...contract.canonicalTerms, ...contract.forbiddenTerms];
  const parts = all.length > 0 ? fc.oneof(piece, fc.constantFrom(...all), fc.constantFrom('\uD83D', '\uDE00')) : piece;
  return fc.array(parts, { maxLength: 24 }).map((p) => p.join(''));
};

const verdictFields = (v: CandidateVerdict) => ({ ...v });

describe('the compiled verifier agrees with the naive includes reference', () => {
  it(
    'in every list, offset and hint, with both strategies, on random contracts and candidates (6,000 cases)',
    () => {
      fc.assert(
        fc.property(
          contractArb(4).chain((contract) => fc.tuple(fc.constant(contract), fc.array(candidateFor(contract), { minLength: 1, maxLength: 3 }))),
          ([contract, candidates]) => {
            const byIncludes = compileContract(contract, { strategy: 'includes' });
            const byAutomaton = compileContract(contract, { strategy: 'automaton' });
            for (const candidate of candidates) {
              const expected = naiveVerdict(contract, candidate);
              expect(verdictFields(byIncludes.verify(candidate))).toEqual(expected);
              expect(verdictFields(byAutomaton.verify(candidate))).toEqual(expected);
            }
          },
        ),
        { numRuns: 6000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'on large contracts where the automaton is chosen by size (500 cases)',
    () => {
      fc.assert(
        fc.property(
          contractArb(30).chain((contract) => fc.tuple(fc.constant(contract), candidateFor(contract))),
          ([contract, candidate]) => {
            expect(compileContract(contract).verify(candidate)).toEqual(naiveVerdict(contract, candidate));
          },
        ),
        { numRuns: 500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'W2: the selected candidate is the first that passes, a failing one is never shown (3,500 cases)',
    () => {
      fc.assert(
        fc.property(
          contractArb(3).chain((contract) => fc.tuple(fc.constant(contract), fc.array(candidateFor(contract), { maxLength: 4 }))),
          ([contract, candidates]) => {
            const effect = governReply(contract, candidates);
            const first = candidates.findIndex((c) => naiveVerdict(contract, c).passed);
            if (first < 0) {
              expect(effect).toMatchObject({ status: 'fallback', selectedCandidate: null, body: contract.fallbackBody });
              expect(naiveVerdict(contract, effect.body).passed).toBe(true);
            } else {
              expect(effect).toMatchObject({ status: 'accepted', selectedCandidate: first, body: candidates[first] });
            }
            expect(effect.candidates.map((c) => c.index)).toEqual(candidates.map((_, i) => i));
          },
        ),
        { numRuns: 3500 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
