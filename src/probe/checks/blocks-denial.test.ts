import { describe, expect, it } from 'vitest';
import { blocksDenialCheck } from './blocks-denial.js';
import { PROBE_CHECKS } from './index.js';
import { ticketContractWith } from './testing.js';

const contract = ticketContractWith({
  interaction_kind: 'refund_request',
  fallback_body: 'Nothing is decided yet. Someone will reply.',
  must_include: ['Nothing is decided yet'],
  must_ask: [],
});

describe('check blocks_denial: a forbidden bare state blocks a correct denial of it', () => {
  it('is one of the probe checks', () => {
    expect(PROBE_CHECKS).toContain(blocksDenialCheck);
  });

  it('a one-word state: the English denial inside the fallback, and the assertion to forbid instead', () => {
    expect(blocksDenialCheck.run(contract({ forbidden_terms: ['approved'] }))).toEqual([
      {
        kind: 'blocks_denial',
        terms: ['approved'],
        paths: ['forbidden_terms[0]'],
        candidate: 'Nothing is decided yet. It has not been approved. Someone will reply.',
        message: '"approved" also blocks a correct denial ("It has not been approved."); forbid the assertion instead (e.g. "has been approved")',
      },
    ]);
  });

  it('a short Han state: the Chinese denial and assertion', () => {
    const [finding] = blocksDenialCheck.run(contract({ forbidden_terms: ['預約'] }));
    expect(finding!.candidate).toBe('Nothing is decided yet.目前尚未預約。 Someone will reply.');
    expect(finding!.message).toContain('forbid the assertion instead (e.g. "已預約")');
  });

  it('up to three Han characters are a bare state; an assertion, a phrase, or a longer Han phrase carries its own claim', () => {
    expect(blocksDenialCheck.run(contract({ forbidden_terms: ['預約車'] })).map((f) => f.terms)).toEqual([['預約車']]);
    expect(blocksDenialCheck.run(contract({ forbidden_terms: ['we approved', 'approved in full', '確認時段', '已經幫您預約', 'è approvato'] }))).toEqual([]);
  });
});
