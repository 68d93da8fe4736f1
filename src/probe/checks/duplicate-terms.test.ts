import { describe, expect, it } from 'vitest';
import { duplicateTermsCheck } from './duplicate-terms.js';
import { PROBE_CHECKS } from './index.js';
import { ticketContractWith } from './testing.js';

const contract = ticketContractWith({ forbidden_terms: ['reserved two tickets'] });

describe('check duplicate_terms: two terms on one side that match as one', () => {
  it('is one of the probe checks', () => {
    expect(PROBE_CHECKS).toContain(duplicateTermsCheck);
  });

  it('folded forbidden terms differing only in case are one term', () => {
    expect(duplicateTermsCheck.run(contract({ forbidden_terms: ['reserved two tickets', 'Reserved Two Tickets'] }))).toEqual([
      {
        kind: 'duplicate_terms',
        terms: ['reserved two tickets', 'Reserved Two Tickets'],
        paths: ['forbidden_terms[0]', 'forbidden_terms[1]'],
        candidate: 'Reserved Two Tickets',
        message:
          'forbidden_terms[0] "reserved two tickets" and forbidden_terms[1] "Reserved Two Tickets" are the same term as matched; one of them checks nothing',
      },
    ]);
  });

  it('exact lists compare as written; required terms across lists count', () => {
    expect(
      duplicateTermsCheck.run(contract({ forbidden_terms: ['reserved two tickets', 'Reserved Two Tickets'], matching: { forbidden_terms: 'exact' } })),
    ).toEqual([]);
    expect(duplicateTermsCheck.run(contract({ canonical_terms: ['not held'] })).map((f) => f.paths)).toEqual([['must_include[0]', 'canonical_terms[0]']]);
  });
});
