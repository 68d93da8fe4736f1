import { describe, expect, it } from 'vitest';
import { createVerifier } from './contract-verifier.js';
import { forbiddenOnlyContract } from './testing-contracts.js';

const contract = forbiddenOnlyContract;

describe('the verifier orders occurrences itself', () => {
  // The automaton reports occurrences in no particular order: its walks by start, a shorter
  // term before a longer one at the same start; its failure links by end, a longer term first.
  // Neither is the verdict's order, so the verdict holds only if the verifier sorts.
  const forbidden = ['看車車', '車', '看車'];
  const candidate = '看車車看車';
  const expected = [
    { term: '看車車', start: 0, end: 3 },
    { term: '看車', start: 0, end: 2 },
    { term: '車', start: 1, end: 2 },
    { term: '車', start: 2, end: 3 },
    { term: '看車', start: 3, end: 5 },
    { term: '車', start: 4, end: 5 },
  ];

  for (const strategy of ['includes', 'automaton'] as const) {
    for (const version of ['v0', 'v1'] as const) {
      it(`forbidden matches by start, then contract order; present terms in contract order (${strategy}, ${version})`, () => {
        const verdict = createVerifier(contract(version, forbidden), strategy).verify(candidate);
        expect(verdict.forbiddenMatches.map(({ term, start, end }) => ({ term, start, end }))).toEqual(expected);
        expect(verdict.forbiddenTermsPresent).toEqual(forbidden);
      });
    }
  }
});
