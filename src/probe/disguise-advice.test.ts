import { describe, expect, it } from 'vitest';
import { compileContract, readContract, type ReplyContractJson } from '../contract/index.js';
import { disguiseCheck } from './checks/disguise.js';
import { disguiseAdvice } from './disguise-advice.js';
import type { ProbeFinding } from './probe-finding.js';

const compiled = (extra: Partial<ReplyContractJson>) =>
  compileContract(
    readContract({
      contract_version: 'v1',
      interaction_kind: 'ticket_availability_inquiry',
      entity_roles: {},
      authority_status: 'none',
      fallback_body: 'The tickets are not held. Please complete checkout.',
      must_include: ['not held'],
      must_ask: [],
      canonical_terms: [],
      forbidden_terms: ['reserved'],
      ...extra,
    }).contract,
  );
const advise = (extra: Partial<ReplyContractJson>) => {
  const c = compiled(extra);
  return disguiseAdvice(c.contract, disguiseCheck.run(c));
};

describe('disguise advice: what would close the disguise holes', () => {
  it('v0: the folded classes pass, and v1 closes them', () => {
    expect(advise({ contract_version: 'v0' }).notes[0]).toMatch(
      /^contract_version "v0" matches exactly, so \d+ disguised candidates pass; "v1" \(forbidden_terms folded by default\) closes these holes$/,
    );
  });

  it('v1 with exact forbidden terms is told to fold them', () => {
    expect(advise({ matching: { forbidden_terms: 'exact' } }).notes[0]).toMatch(/set matching.forbidden_terms to "folded" to close these holes$/);
  });

  it('folded leaves classes open that loose closes: each named, in DISGUISE_CLASSES order', () => {
    const advice = advise({ forbidden_terms: ['看車'], fallback_body: '尚未確認。not held' });
    expect(advice.openDisguises).toEqual(['separated', 'markup', 'marks', 'han_variant']);
    expect(advice.closedByLoose).toEqual(advice.openDisguises);
    expect(advice.notes).toEqual([
      'matching.forbidden_terms "folded" leaves separated, markup, marks, han_variant open; "loose" closes separated, markup, marks, han_variant',
    ]);
  });

  it('when loose would refuse the contract (its fallback holds a forbidden term loosely), nothing is claimed closed and the note says why', () => {
    const advice = advise({ fallback_body: 'The tickets are not held, nothing r3served. Please complete checkout.' });
    expect(advice.openDisguises.length).toBeGreaterThan(0);
    expect(advice.closedByLoose).toEqual([]);
    expect(advice.notes[0]).toContain(
      'stay open: matching.forbidden_terms "loose" would close disguise holes, but refuses this contract ($.fallback_body: the approved fallback contains forbidden_terms[0] "reserved"',
    );
  });

  it('loose: no advice without holes; a hole loose leaves is named', () => {
    expect(advise({ matching: { forbidden_terms: 'loose' } })).toEqual({ openDisguises: [], closedByLoose: [], notes: [] });
    const hole: ProbeFinding = { kind: 'disguise', terms: ['reserved'], paths: ['forbidden_terms[0]'], candidate: '-', message: '-', disguises: ['leet'] };
    const loose = compiled({ matching: { forbidden_terms: 'loose' } }).contract;
    expect(disguiseAdvice(loose, [hole]).notes).toEqual(['matching.forbidden_terms "loose" still lets 1 disguised candidates pass (leet)']);
  });
});
