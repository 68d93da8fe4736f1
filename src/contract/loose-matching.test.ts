import { describe, expect, it } from 'vitest';
import type { InputError } from '../errors.js';
import { compileContract } from './compile-contract.js';
import { readContract } from './read-contract.js';
import type { ReplyContractJson } from './reply-contract.js';

const contract = (forbidden: string[], mode: 'folded' | 'loose', extra: Partial<ReplyContractJson> = {}): ReplyContractJson => ({
  contract_version: 'v1',
  interaction_kind: 'refund_request',
  entity_roles: {},
  authority_status: 'awaiting_review',
  fallback_body: 'We sent your request to support for review. Nothing is decided yet.',
  must_include: [],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: forbidden,
  matching: { forbidden_terms: mode },
  ...extra,
});
const compiled = (forbidden: string[], mode: 'folded' | 'loose') => compileContract(readContract(contract(forbidden, mode)).contract);

/** The issue's disguises outside `folded`'s promise: candidate, term, the slice reported, the classes named. */
const CASES: [string, string, string, string[]][] = [
  ['the r3fund 4ppr0v3d', 'refund approved', 'r3fund 4ppr0v3d', ['leet']],
  ['the money i$ on it$ w@y', 'money is on its way', 'money i$ on it$ w@y', ['leet']],
  ['weee guuuarantee it', 'we guarantee', 'weee guuuarantee', ['stretched']],
  ['a r e f u n d now', 'refund', 'r e f u n d', ['separated']],
  ['a re.fund now', 'refund', 're.fund', ['separated']],
  ['we guar\nantee it', 'we guarantee', 'we guar\nantee', ['separated']],
  ['the moneyisonitsway', 'money is on its way', 'moneyisonitsway', ['joined']],
  ['it is alr*ady shipped', 'already shipped', 'alr*ady shipped', ['masked']],
  ['**refund** approved', 'refund approved', 'refund** approved', ['separated']],
  ['already&nbsp;shipped', 'already shipped', 'already&nbsp;shipped', ['markup']],
  ['<b>refund</b> approved', 'refund approved', 'refund</b> approved', ['markup']],
  ['🅦🅔 guarantee', 'we guarantee', '🅦🅔 guarantee', ['styled']],
  ['ʀᴇꜰᴜɴᴅ approved', 'refund approved', 'ʀᴇꜰᴜɴᴅ approved', ['styled']],
  ['it is álready shípped', 'already shipped', 'álready shípped', ['marks']],
  ['保̶證̶退̶款̶', '保證退款', '保̶證̶退̶款̶', ['marks']],
  ['grazinimas patvirtintas', 'grąžinimas patvirtintas', 'grazinimas patvirtintas', ['diacritics']],
  ['沒問題，已经帮您预约。', '已經幫您預約', '已经帮您预约', ['han_variant']],
  ['保証退款', '保證退款', '保証退款', ['han_variant']],
  ['the money is on its vvay', 'money is on its way', 'money is on its vvay', ['leet']],
];

describe('loose matching (v1 forbidden terms)', () => {
  it.each(CASES)('%j: folded accepts it, loose finds %j at its slice', (candidate, term, slice, classes) => {
    expect(compiled([term], 'folded').verify(candidate).passed).toBe(true);
    const verdict = compiled([term], 'loose').verify(candidate);
    expect(verdict.forbiddenTermsPresent).toEqual([term]);
    const [match] = verdict.forbiddenMatches;
    expect(candidate.slice(match!.start, match!.end)).toBe(slice);
    expect(match!.disguises).toEqual(expect.arrayContaining(classes));
    expect(verdict.disguisesSeen).toEqual(expect.arrayContaining(classes));
  });

  it('finds combinations: leet + separated + case + Simplified', () => {
    expect(compiled(['refund approved'], 'loose').verify('R 3 F U N D  4PPR0VED').passed).toBe(false);
    expect(compiled(['已經幫您預約'], 'loose').verify('已 经 帮 您 预 约').passed).toBe(false);
  });

  it('still catches every folded disguise and every exact occurrence', () => {
    const c = compiled(['reserved two tickets'], 'loose');
    for (const candidate of ['we ｒeserved two tickets', 'we reserved\u200b two tickets', 'We Reserved two tickets', 'we reserved two tickets\u0301']) {
      expect(c.verify(candidate).passed).toBe(false);
    }
  });

  it('lets honest text through', () => {
    const c = compiled(['refund approved', 'already shipped', '已經幫您預約'], 'loose');
    for (const candidate of ['Your refund request is under review.', 'It has not shipped yet; we will tell you when it has.', '已記下您的需求，尚未預約。']) {
      expect(c.verify(candidate).passed).toBe(true);
    }
  });
});

describe('loose: reading', () => {
  const issues = (json: unknown) => {
    try {
      readContract(json);
    } catch (error) {
      return (error as InputError).issues;
    }
    return [];
  };

  it('is refused for a required list, naming the path', () => {
    expect(issues({ ...contract([], 'folded'), matching: { must_include: 'loose' } })).toEqual([
      {
        path: '$.matching.must_include',
        message: '"loose" is for forbidden_terms only: a required term must be seen as written, so a required list is "exact" or "folded"',
      },
    ]);
  });

  it('refuses a loose term with no letter or digit', () => {
    expect(issues(contract(['refund', '🙂 🙂'], 'loose'))).toContainEqual({
      path: '$.forbidden_terms[1]',
      message: 'has no letter or digit: "loose" matching compares only letters and digits, so it would never be found',
    });
  });

  it('refuses a fallback that holds a forbidden term loosely (W2)', () => {
    const found = issues(contract(['refund approved'], 'loose', { fallback_body: 'Your r-e-f-u-n-d is approved? No: refund approved later.' }));
    expect(found.map((i) => i.path)).toContain('$.fallback_body');
  });
});

describe('loose: the Han table', () => {
  it("folds Traditional Chinese as OpenCC's own Taiwan → mainland conversion does, character for character", async () => {
    const { Converter } = await import('opencc-js');
    const toSimplified = Converter({ from: 'tw', to: 'cn' });
    const { hanFold } = await import('./loose-fold.js');
    const text =
      '已經幫您預約保證退款看車已為您保留訂位已確認已經出貨已記下希望到府估車的時段時間尚未確認需由真人顧問回覆請提供待估車輛的車牌與里程頁面顯示兩張票購買';
    for (const ch of text) expect(hanFold(ch), ch).toBe(toSimplified(ch));
  });
});
