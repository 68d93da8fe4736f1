import { describe, expect, it } from 'vitest';
import { compileContract } from './compile-contract.js';
import { governReply } from './govern-reply.js';
import { readContract } from './read-contract.js';
import { relayBody } from './relay-body.js';
import { effectFromJson, effectToJson, replyEffectJsonSchema } from './reply-effect.js';
import { automotiveContractJson, SAFE_AUTOMOTIVE_CANDIDATE as SAFE, UNSAFE_AUTOMOTIVE_CANDIDATE } from './testing-contracts.js';
import { traceOf } from './trace-of.js';

const automotive = readContract(automotiveContractJson()).contract;
const fallback = automotive.fallbackBody;

describe.each(['includes', 'automaton'] as const)('governReply with the %s strategy', (strategy) => {
  const compiled = compileContract(automotive, { strategy });

  it('W2: the unsafe automotive candidate is rejected and the approved fallback is selected', () => {
    const effect = governReply(compiled, [UNSAFE_AUTOMOTIVE_CANDIDATE]);
    expect(effect.status).toBe('fallback');
    expect(effect.selectedCandidate).toBeNull();
    expect(effect.body).toBe(fallback);
    expect(effect.candidates[0]).toMatchObject({
      index: 0,
      passed: false,
      missingMustInclude: ['已記下希望到府估車的時段', '時間尚未確認，需由真人顧問回覆'],
      missingMustAsk: ['待估車輛的車牌與里程'],
      missingCanonicalTerms: ['到府估車', '待估車輛'],
      forbiddenTermsPresent: ['看車', '已經幫您預約'],
      forbiddenMatches: [
        { term: '已經幫您預約', start: 4, end: 10 },
        { term: '看車', start: 16, end: 18 },
      ],
    });
  });

  it("the trace carries the Reply Contract v0 specification's evidence for the unsafe automotive candidate", () => {
    const trace = traceOf(governReply(compiled, [UNSAFE_AUTOMOTIVE_CANDIDATE]));
    expect(trace).toMatchObject({
      contract_version: 'v0',
      interaction_kind: 'seller_home_valuation',
      authority_status: 'awaiting_human_confirmation',
      status: 'fallback',
      missing_canonical_terms: ['到府估車', '待估車輛'],
      forbidden_terms_present: ['看車', '已經幫您預約'],
    });
  });

  it('the first passing candidate in the order given is selected, and later ones are still verified', () => {
    const effect = governReply(compiled, [UNSAFE_AUTOMOTIVE_CANDIDATE, SAFE, fallback]);
    expect(effect).toMatchObject({ status: 'accepted', selectedCandidate: 1, body: SAFE });
    expect(effect.candidates.map((c) => c.passed)).toEqual([false, true, true]);
  });

  it('W2: a failing candidate is never selected, even when it is the only non-empty one', () => {
    const almost = `${SAFE}也可以順便看車。`;
    const effect = governReply(compiled, [almost]);
    expect(effect.candidates[0]!.forbiddenTermsPresent).toEqual(['看車']);
    expect(effect.status).toBe('fallback');
    expect(effect.body).toBe(fallback);
    expect(compiled.verify(effect.body).passed).toBe(true);
  });

  it('no candidate given: the fallback is selected with no verdicts', () => {
    const effect = governReply(compiled, []);
    expect(effect).toMatchObject({ status: 'fallback', selectedCandidate: null, body: fallback, candidates: [] });
    expect(traceOf(effect).forbidden_terms_present).toEqual([]);
  });

  it('matching is exact: no trimming, no case folding, no normalization', () => {
    const latin = compileContract(
      readContract({
        ...automotiveContractJson(),
        fallback_body: 'Café visit not confirmed.',
        must_include: ['Café'],
        must_ask: [],
        canonical_terms: ['visit'],
        forbidden_terms: ['Booked', ' confirmed '],
      }).contract,
      { strategy },
    );
    const v = latin.verify('café VISIT booked, confirmed.');
    expect(v.missingMustInclude).toEqual(['Café']);
    expect(v.missingCanonicalTerms).toEqual(['visit']);
    expect(v.forbiddenTermsPresent).toEqual([]);
    // "Cafe" + U+0301 is canonically equivalent to "Café" but not the same code units.
    const decomposed = latin.verify('Cafe\u0301 visit.');
    expect(decomposed.missingMustInclude).toEqual(['Café']);
    expect(decomposed.normalizationHints).toEqual([{ list: 'must_include', term: 'Café' }]);
  });

  it('a forbidden term hidden by a compatibility ideograph is reported as a hint, never as a verdict change', () => {
    const hidden = `${SAFE}歡迎來看\uF902。`; // U+F902 is a compatibility form of 車
    const v = compiled.verify(hidden);
    expect(v.passed).toBe(true);
    expect(v.forbiddenTermsPresent).toEqual([]);
    expect(v.normalizationHints).toEqual([{ list: 'forbidden_terms', term: '看車' }]);
  });

  it('every occurrence is reported with UTF-16 offsets, overlapping ones included, past surrogate pairs', () => {
    const c = compileContract(
      readContract({
        ...automotiveContractJson(),
        forbidden_terms: ['看車', '車車', '😀'],
      }).contract,
      { strategy },
    );
    const candidate = '😀看車車😀';
    const v = c.verify(candidate);
    expect(v.forbiddenMatches).toEqual([
      { term: '😀', start: 0, end: 2 },
      { term: '看車', start: 2, end: 4 },
      { term: '車車', start: 3, end: 5 },
      { term: '😀', start: 5, end: 7 },
    ]);
    for (const m of v.forbiddenMatches) expect(candidate.slice(m.start, m.end)).toBe(m.term);
  });
});

describe('the Reply Effect on the wire', () => {
  it('is snake_case, validates against replyEffectJsonSchema, and round-trips', () => {
    const effect = governReply(automotive, [UNSAFE_AUTOMOTIVE_CANDIDATE, SAFE]);
    const json = effectToJson(effect);
    expect(Object.keys(json)).toEqual([
      'contract_version',
      'interaction_kind',
      'authority_status',
      'entity_roles',
      'status',
      'selected_candidate',
      'body',
      'candidates',
    ]);
    expect(Object.keys(json.candidates[0]!)).toEqual([
      'index',
      'passed',
      'missing_must_include',
      'missing_must_ask',
      'missing_canonical_terms',
      'forbidden_terms_present',
      'forbidden_matches',
      'normalization_hints',
    ]);
    expect(replyEffectJsonSchema.parse(json)).toEqual(json);
    expect(effectFromJson(json)).toEqual(effect);
  });

  it('W9: candidates that are not strings are refused with their paths', () => {
    expect(() => governReply(automotive, ['好', 42, null] as unknown as string[])).toThrow(
      /candidates refused:\n {2}\$\[1\]: a candidate must be a string, not number\n {2}\$\[2\]: a candidate must be a string, not object/,
    );
    expect(() => governReply(automotive, '看車' as unknown as string[])).toThrow(/\$: candidates must be an array of strings/);
  });

  it('the relay receives the selected body and nothing else', () => {
    expect(relayBody(governReply(automotive, [SAFE]))).toBe(SAFE);
    expect(relayBody(governReply(automotive, [UNSAFE_AUTOMOTIVE_CANDIDATE]))).toBe(fallback);
  });

  it('the trace of an accepted second candidate blames only the rejected first one', () => {
    const trace = traceOf(governReply(automotive, [UNSAFE_AUTOMOTIVE_CANDIDATE, SAFE, '看車']));
    expect(trace.status).toBe('accepted');
    expect(trace.selected_candidate).toBe(1);
    expect(trace.forbidden_terms_present).toEqual(['看車', '已經幫您預約']);
  });
});
