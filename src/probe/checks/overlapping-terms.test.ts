import { describe, expect, it } from 'vitest';
import { PROBE_CHECKS } from './index.js';
import { ticketContractWith } from './testing.js';
import { overlappingTermsCheck } from './overlapping-terms.js';

const contract = ticketContractWith({ forbidden_terms: ['reserved two tickets'] });

describe('check overlapping_terms: a term holding another on its side', () => {
  it('is one of the probe checks', () => {
    expect(PROBE_CHECKS).toContain(overlappingTermsCheck);
  });

  it('a forbidden term inside another already forbids it: the outer one first', () => {
    expect(overlappingTermsCheck.run(contract({ forbidden_terms: ['reserved', 'reserved two tickets'] }))).toEqual([
      {
        kind: 'overlapping_terms',
        terms: ['reserved two tickets', 'reserved'],
        paths: ['forbidden_terms[1]', 'forbidden_terms[0]'],
        candidate: 'reserved two tickets',
        message: 'forbidden_terms[0] "reserved" already forbids forbidden_terms[1] "reserved two tickets", which holds it',
      },
    ]);
  });

  it('a required term holding another already requires it', () => {
    const [finding, ...rest] = overlappingTermsCheck.run(contract({ must_ask: ['complete checkout'], canonical_terms: ['checkout'] }));
    expect(rest).toEqual([]);
    expect(finding!.paths).toEqual(['must_ask[0]', 'canonical_terms[0]']);
    expect(finding!.message).toBe('must_ask[0] "complete checkout" already requires canonical_terms[0] "checkout", which it holds');
  });

  it('duplicates are not overlaps, and terms on no common side are left alone', () => {
    expect(overlappingTermsCheck.run(contract({ forbidden_terms: ['reserved two tickets', 'Reserved Two Tickets'] }))).toEqual([]);
    expect(overlappingTermsCheck.run(contract({}))).toEqual([]);
  });
});
