import { describe, expect, it } from 'vitest';
import { compileContract, readContract, type ReplyContractJson } from '../../contract/index.js';
import { duplicateTermsCheck } from './duplicate-terms.js';
import { PROBE_CHECKS } from './index.js';

const contract = (extra: Partial<ReplyContractJson>) =>
  compileContract(
    readContract({
      contract_version: 'v1',
      interaction_kind: 'ticket_availability_inquiry',
      entity_roles: {},
      authority_status: 'none',
      fallback_body: 'The tickets are not held. Please complete checkout.',
      must_include: ['not held'],
      must_ask: ['complete checkout'],
      canonical_terms: [],
      forbidden_terms: ['reserved two tickets'],
      ...extra,
    }).contract,
  );

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
