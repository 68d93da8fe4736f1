import { describe, expect, it } from 'vitest';
import { LOOSE_DISGUISE_CLASSES } from '../../contract/index.js';
import { disguiseCheck } from './disguise.js';
import { PROBE_CHECKS } from './index.js';
import { ticketContractWith } from './testing.js';

const contract = ticketContractWith({
  authority_status: 'payment_result_authoritative',
  fallback_body: 'The page shows two available tickets, but they are not held. Please complete checkout.',
  must_ask: [],
  forbidden_terms: ['reserved two tickets'],
});

describe('check disguise: a forbidden term the contract accepts in disguise', () => {
  it('is one of the probe checks', () => {
    expect(PROBE_CHECKS).toContain(disguiseCheck);
  });

  it('exact matching accepts the term in capitals, placed inside the fallback body after its first sentence', () => {
    const findings = disguiseCheck.run(contract({ contract_version: 'v0' }));
    const byCase = findings.find((f) => f.disguises?.length === 1 && f.disguises[0] === 'case');
    expect(byCase).toEqual({
      kind: 'disguise',
      terms: ['reserved two tickets'],
      paths: ['forbidden_terms[0]'],
      candidate: 'The page shows two available tickets, but they are not held. RESERVED TWO TICKETS. Please complete checkout.',
      disguises: ['case'],
      message: '"reserved two tickets" disguised by case ("RESERVED TWO TICKETS") inside the fallback body is accepted',
    });
  });

  it('tries combinations: a finding names every class its candidate uses, in DISGUISE_CLASSES order', () => {
    const findings = disguiseCheck.run(contract({ contract_version: 'v0' }));
    expect(findings.map((f) => f.disguises)).toContainEqual(['spacing', 'case', 'confusable']);
  });

  it('every candidate it reports passes the contract; folded matching leaves only the loose classes', () => {
    const folded = contract({});
    const findings = disguiseCheck.run(folded);
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) expect(folded.verify(f.candidate).passed).toBe(true);
    for (const f of findings)
      expect(
        f.disguises!.some((d) => (LOOSE_DISGUISE_CLASSES as readonly string[]).includes(d)),
        f.message,
      ).toBe(true);
  });

  it('loose matching: nothing to report', () => {
    expect(disguiseCheck.run(contract({ matching: { forbidden_terms: 'loose' } }))).toEqual([]);
  });
});
