import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { compileContract } from './compile-contract.js';
import { governReply } from './govern-reply.js';
import { readContract } from './read-contract.js';
import { contractToJson, type ReplyContractJson } from './reply-contract.js';
import { effectFromJson, effectToJson, replyEffectJsonSchema } from './reply-effect.js';
import { automotiveContractJson } from './testing-contracts.js';
import { traceOf } from './trace-of.js';

const automotiveV1 = (extra: Partial<ReplyContractJson> = {}): ReplyContractJson => ({ ...automotiveContractJson(), contract_version: 'v1', ...extra });

function refusal(input: unknown): readonly { path: string; message: string }[] {
  try {
    readContract(input);
  } catch (error) {
    if (InputError.isInstance(error)) return error.issues;
    throw error;
  }
  throw new Error('the contract was accepted');
}

describe('Reply Contract v1: reading', () => {
  it('v1 defaults: forbidden terms folded, the required lists exact', () => {
    const { contract } = readContract(automotiveV1());
    expect(contract.matching).toEqual({ mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: 'folded' });
    expect(contractToJson(contract).matching).toEqual({ must_include: 'exact', must_ask: 'exact', canonical_terms: 'exact', forbidden_terms: 'folded' });
  });

  it('each list can be set either way', () => {
    const { contract } = readContract(automotiveV1({ matching: { forbidden_terms: 'exact', canonical_terms: 'folded' } }));
    expect(contract.matching).toEqual({ mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'folded', forbiddenTerms: 'exact' });
  });

  it('an unknown mode is refused with its path', () => {
    expect(refusal(automotiveV1({ matching: { forbidden_terms: 'fuzzy' as 'folded' } }))).toEqual([
      { path: '$.matching.forbidden_terms', message: 'a match mode is "exact", "folded" or "loose"' },
    ]);
  });

  it('an unknown key in matching is refused with its path', () => {
    expect(refusal(automotiveV1({ matching: { forbiden_terms: 'folded' } as never })).map((i) => i.path)).toEqual(['$.matching.forbiden_terms']);
  });

  it('v0 stays as specified: matching is no field of v0', () => {
    expect(refusal({ ...automotiveContractJson(), matching: { forbidden_terms: 'folded' } }).map((i) => i.path)).toEqual(['$.matching']);
    expect(contractToJson(readContract(automotiveContractJson()).contract)).toEqual(automotiveContractJson());
  });

  it('W2 under v1: a fallback that holds a disguised forbidden term is refused', () => {
    const issues = refusal(automotiveV1({ forbidden_terms: ['真人顧問'], fallback_body: `${automotiveContractJson().fallback_body}（真\u200b人顧問）` }));
    expect(issues.map((i) => i.path)).toContain('$.fallback_body');
    expect(issues.find((i) => i.message.includes('真人顧問'))?.message).toMatch(/contains forbidden_terms\[0\]/);
  });

  it('the same fallback is accepted under v0, which matches exactly', () => {
    const fallback = `${automotiveContractJson().fallback_body}（真\u200b人顧問）`;
    expect(() => readContract({ ...automotiveContractJson(), fallback_body: fallback, forbidden_terms: ['真\u200b人顧問X'] })).not.toThrow();
  });

  it('a folded forbidden term inside a required term makes the contract unsatisfiable, named', () => {
    const issues = refusal(
      automotiveV1({
        forbidden_terms: ['ＴＩＭＥ'],
        must_include: [...automotiveContractJson().must_include, 'time'],
        fallback_body: `${automotiveContractJson().fallback_body} time`,
      }),
    );
    expect(issues).toContainEqual({
      path: '$.forbidden_terms[0]',
      message: 'unsatisfiable: "ＴＩＭＥ" occurs inside must_include[2] "time", so no reply can contain one without the other',
    });
  });

  it('a folded term of nothing but ignorable code points is refused', () => {
    expect(refusal(automotiveV1({ forbidden_terms: ['看車', '\u200b\u200d'] }))).toEqual([
      { path: '$.forbidden_terms[1]', message: 'folds to nothing: it holds only default-ignorable code points, invisible in any reply' },
    ]);
  });
});

describe('Reply Contract v1: the effect and the trace name the disguises', () => {
  const compiled = compileContract(readContract(automotiveV1()).contract);

  it('a disguised forbidden term is reported at its offsets in the original candidate', () => {
    const candidate = '沒問題，已經\u200b幫您預約明天下午兩點看⾞。';
    const effect = governReply(compiled, [candidate]);
    const [verdict] = effectToJson(effect).candidates;
    expect(verdict!.forbidden_matches).toEqual([
      { term: '已經幫您預約', start: 4, end: 11, disguises: ['ignorable'] },
      { term: '看車', start: 17, end: 19, disguises: ['fullwidth'] },
    ]);
    expect(candidate.slice(4, 11)).toBe('已經\u200b幫您預約');
    expect(verdict!.disguises_seen).toEqual(['ignorable', 'fullwidth']);
    expect(traceOf(effect).disguises_seen).toEqual(['ignorable', 'fullwidth']);
    expect(traceOf(effect).contract_version).toBe('v1');
    // The wire form round-trips and is valid against its schema.
    expect(replyEffectJsonSchema.parse(effectToJson(effect))).toEqual(effectToJson(effect));
    expect(effectToJson(effectFromJson(effectToJson(effect)))).toEqual(effectToJson(effect));
  });

  it('a lone high surrogate before a combining mark is no pair: an occurrence ending there counts, and nothing throws', () => {
    // U+DBFF with U+FE20 after it would make a code point beyond U+10FFFF: read as a pair, the
    // mark test threw a RangeError out of verify.
    const candidate = '已經幫您預約\udbff\ufe20。';
    const [verdict] = effectToJson(governReply(compiled, [candidate])).candidates;
    expect(verdict!.forbidden_matches).toEqual([{ term: '已經幫您預約', start: 0, end: 6, disguises: [] }]);
  });

  it('an undisguised occurrence names no disguise, and a v0 effect carries no disguise fields', () => {
    const v1 = effectToJson(governReply(compiled, ['已經幫您預約']));
    expect(v1.candidates[0]!.forbidden_matches[0]!.disguises).toEqual([]);
    const v0 = effectToJson(governReply(readContract(automotiveContractJson()).contract, ['已經幫您預約']));
    expect(v0.candidates[0]).not.toHaveProperty('disguises_seen');
    expect(v0.candidates[0]!.forbidden_matches[0]).not.toHaveProperty('disguises');
    expect(traceOf(governReply(readContract(automotiveContractJson()).contract, ['已經幫您預約']))).not.toHaveProperty('disguises_seen');
  });

  it('required lists stay exact by default: a required term in another case is missing', () => {
    const { contract } = readContract(
      automotiveV1({
        must_include: ['Nothing is held'],
        fallback_body: 'Nothing is held. 已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。',
      }),
    );
    expect(governReply(contract, ['nothing is held 到府估車 待估車輛的車牌與里程']).candidates[0]!.missingMustInclude).toEqual(['Nothing is held']);
  });

  it('a required list set to folded finds its term in any disguise', () => {
    const { contract } = readContract(
      automotiveV1({
        must_include: ['Nothing is held'],
        matching: { must_include: 'folded' },
        fallback_body: 'Nothing is held. 已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。',
      }),
    );
    const verdict = governReply(contract, ['ＮＯＴＨＩＮＧ  is\u200b held: 到府估車, 待估車輛的車牌與里程']).candidates[0]!;
    expect(verdict.missingMustInclude).toEqual([]);
    expect(verdict.passed).toBe(true);
  });

  it('a folded required list is judged by the folded search alone, whatever the exact lists found', () => {
    const { contract } = readContract(
      automotiveV1({
        must_include: ['Nothing is held'],
        matching: { must_include: 'folded' },
        fallback_body: 'Nothing is held. 已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。',
      }),
    );
    const foldedOnly = governReply(contract, ['ＮＯＴＨＩＮＧ is held']).candidates[0]!;
    expect(foldedOnly.missingMustInclude).toEqual([]);
    expect(foldedOnly.missingMustAsk).toEqual(['待估車輛的車牌與里程']);
    const exactOnly = governReply(contract, ['到府估車，待估車輛的車牌與里程']).candidates[0]!;
    expect(exactOnly.missingMustInclude).toEqual(['Nothing is held']);
    expect(exactOnly.missingMustAsk).toEqual([]);
  });

  it('NFC hints name the exact lists only: a folded list needs none, it finds the term itself', () => {
    const fallback = `${automotiveContractJson().fallback_body} café`;
    const { contract } = readContract(automotiveV1({ must_include: [...automotiveContractJson().must_include, 'caf\u00e9'], fallback_body: fallback }));
    const verdict = governReply(contract, [`${automotiveContractJson().fallback_body} cafe\u0301`]).candidates[0]!;
    expect(verdict.missingMustInclude).toEqual(['caf\u00e9']);
    expect(verdict.normalizationHints).toEqual([{ list: 'must_include', term: 'caf\u00e9' }]);
  });
});
