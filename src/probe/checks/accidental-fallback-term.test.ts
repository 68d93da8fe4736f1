import { describe, expect, it } from 'vitest';
import { accidentalFallbackTermCheck } from './accidental-fallback-term.js';
import { PROBE_CHECKS } from './index.js';
import { ticketContractWith } from './testing.js';

const contract = ticketContractWith({ fallback_body: 'Tickets are not held. Please start and complete checkout.', must_ask: [] });

describe('check accidental_fallback_term: a required term the fallback holds only inside a longer word', () => {
  it('is one of the probe checks', () => {
    expect(PROBE_CHECKS).toContain(accidentalFallbackTermCheck);
  });

  it('"art" only inside "start": the fallback demonstrates it', () => {
    expect(accidentalFallbackTermCheck.run(contract({ canonical_terms: ['art'] }))).toEqual([
      {
        kind: 'accidental_fallback_term',
        terms: ['art'],
        paths: ['canonical_terms[0]'],
        candidate: 'Tickets are not held. Please start and complete checkout.',
        message: 'the fallback holds "art" only inside a longer word; a reply could satisfy it the same way without saying it',
      },
    ]);
  });

  it('a term the fallback also holds as a word, a Han term, or one starting with no letter is not reported', () => {
    expect(
      accidentalFallbackTermCheck.run(contract({ fallback_body: 'Tickets are not held. Start the art of checkout.', must_include: ['not held', 'art'] })),
    ).toEqual([]);
    expect(accidentalFallbackTermCheck.run(contract({ fallback_body: '票未保留。請完成結帳。', must_include: ['保留'] }))).toEqual([]);
    expect(accidentalFallbackTermCheck.run(contract({}))).toEqual([]);
  });
});
