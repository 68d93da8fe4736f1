import { describe, expect, it } from 'vitest';
import { genericRequiredTermCheck } from './generic-required-term.js';
import { PROBE_CHECKS } from './index.js';
import { ticketContractWith } from './testing.js';

const contract = ticketContractWith({ fallback_body: 'The tickets are not held for you. Please complete checkout.' });

describe('check generic_required_term: a required term unrelated replies hold', () => {
  it('is one of the probe checks', () => {
    expect(PROBE_CHECKS).toContain(genericRequiredTermCheck);
  });

  it('"you" is held by most generic replies: the first of them demonstrates it', () => {
    expect(genericRequiredTermCheck.run(contract({ must_include: ['not held', 'you'] }))).toEqual([
      {
        kind: 'generic_required_term',
        terms: ['you'],
        paths: ['must_include[1]'],
        candidate: 'Thank you for your message. We will get back to you as soon as possible.',
        message: '"you" is so generic that 4 of 12 unrelated replies hold it; require the words that carry the turn\'s meaning',
      },
    ]);
  });

  it('a folded list compares folded: "PLEASE" is held as "please"', () => {
    const findings = genericRequiredTermCheck.run(
      contract({
        fallback_body: 'The tickets are not held. PLEASE complete checkout.',
        must_include: ['not held', 'PLEASE'],
        matching: { must_include: 'folded' },
      }),
    );
    expect(findings.map((f) => f.paths)).toEqual([['must_include[1]']]);
  });

  it('a single character is generic even when no sample holds it; specific terms are not', () => {
    expect(
      genericRequiredTermCheck
        .run(contract({ fallback_body: 'Ticket #4 is not held. Please complete checkout.', canonical_terms: ['#'] }))
        .map((f) => f.candidate),
    ).toEqual(['#']);
    expect(genericRequiredTermCheck.run(contract({}))).toEqual([]);
  });
});
