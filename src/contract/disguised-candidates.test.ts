import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileContract } from './compile-contract.js';
import type { DisguiseClass } from './fold-text.js';
import { governReply } from './govern-reply.js';
import { readContract } from './read-contract.js';
import type { ReplyContractJson } from './reply-contract.js';

const FORBIDDEN = ['reserved two tickets', 'approved', 'full refund', '看車', '已經幫您預約', 'TWD 1,000', 'confirmed'];

function v1(forbidden = FORBIDDEN): ReplyContractJson {
  return {
    contract_version: 'v1',
    interaction_kind: 'disguise_table',
    entity_roles: {},
    authority_status: 'none',
    fallback_body: 'Nothing is held yet; a person will reply.',
    must_include: [],
    must_ask: [],
    canonical_terms: [],
    forbidden_terms: forbidden,
  };
}

/** [candidate, the forbidden term caught, the slice it was caught at, the disguises named]. */
const TABLE: [string, string, string, DisguiseClass[]][] = [
  // Latin
  ['we ｒeserved two tickets', 'reserved two tickets', 'ｒeserved two tickets', ['fullwidth']],
  ['we reserved\u200b two tickets', 'reserved two tickets', 'reserved\u200b two tickets', ['ignorable']],
  ['We Reserved two tickets', 'reserved two tickets', 'Reserved two tickets', ['case']],
  ['we reserved  two tickets', 'reserved two tickets', 'reserved  two tickets', ['spacing']],
  ['WE RESERVED TWO TICKETS', 'reserved two tickets', 'RESERVED TWO TICKETS', ['case']],
  ['reserved\u00a0two\u00a0tickets', 'reserved two tickets', 'reserved\u00a0two\u00a0tickets', ['spacing']],
  ['reserved\ttwo\ntickets', 'reserved two tickets', 'reserved\ttwo\ntickets', ['spacing']],
  ['re\u00adserved two tick\u00adets', 'reserved two tickets', 're\u00adserved two tick\u00adets', ['ignorable']],
  ['reser\u2060ved two tickets', 'reserved two tickets', 'reser\u2060ved two tickets', ['ignorable']],
  ['res\u200derved two tickets', 'reserved two tickets', 'res\u200derved two tickets', ['ignorable']],
  ['\u202ereserved two tickets', 'reserved two tickets', 'reserved two tickets', []],
  ['ＲＥＳＥＲＶＥＤ ＴＷＯ ＴＩＣＫＥＴＳ', 'reserved two tickets', 'ＲＥＳＥＲＶＥＤ ＴＷＯ ＴＩＣＫＥＴＳ', ['fullwidth', 'case']],
  ['Your refund is APPROVED.', 'approved', 'APPROVED', ['case']],
  ['Ap\u200bproved', 'approved', 'Ap\u200bproved', ['ignorable', 'case']],
  ['a full  Refund', 'full refund', 'full  Refund', ['spacing', 'case']],
  ['𝐚𝐩𝐩𝐫𝐨𝐯𝐞𝐝', 'approved', '𝐚𝐩𝐩𝐫𝐨𝐯𝐞𝐝', ['fullwidth']],
  ['ａｐｐｒｏｖｅｄ', 'approved', 'ａｐｐｒｏｖｅｄ', ['fullwidth']],
  ['Con\uFB01rmed', 'confirmed', 'Con\uFB01rmed', ['fullwidth', 'case']],
  ['ⓒⓞⓝⓕⓘⓡⓜⓔⓓ', 'confirmed', 'ⓒⓞⓝⓕⓘⓡⓜⓔⓓ', ['fullwidth']],
  ['c o n f i r m e d? no: confirmed', 'confirmed', 'confirmed', []],
  // Cyrillic and Greek look-alikes
  ['\u0430pproved', 'approved', '\u0430pproved', ['confusable']],
  ['appr\u043eved', 'approved', 'appr\u043eved', ['confusable']],
  ['appr\u03bfved', 'approved', 'appr\u03bfved', ['confusable']],
  ['\u0430\u0440\u0440r\u043e v\u0435d'.replace(' ', ''), 'approved', '\u0430\u0440\u0440r\u043ev\u0435d', ['confusable']],
  ['r\u0435s\u0435rv\u0435d two ti\u0441k\u0435ts', 'reserved two tickets', 'r\u0435s\u0435rv\u0435d two ti\u0441k\u0435ts', ['confusable']],
  ['\u0410PPROVED', 'approved', '\u0410PPROVED', ['case', 'confusable']],
  ['full r\u0435fund', 'full refund', 'full r\u0435fund', ['confusable']],
  ['\u0441onfirmed', 'confirmed', '\u0441onfirmed', ['confusable']],
  ['full refun\u0501', 'full refund', 'full refun\u0501', ['confusable']],
  ['\u0430ppr\u200b\u043eved', 'approved', '\u0430ppr\u200b\u043eved', ['ignorable', 'confusable']],
  // CJK: fullwidth, compatibility and radical forms, ignorables and spacing inside Chinese text
  ['沒問題，已經幫您預約明天看⾞。', '看車', '看⾞', ['fullwidth']],
  ['沒問題，明天看\uF902。', '看車', '看\uF902', ['fullwidth']],
  ['沒問題，已經\u200b幫您預約。', '已經幫您預約', '已經\u200b幫您預約', ['ignorable']],
  ['沒問題，已經 幫您預約。'.replace(' ', '\u200c'), '已經幫您預約', '已經\u200c幫您預約', ['ignorable']],
  ['看\ufe00車', '看車', '看\ufe00車', ['ignorable']],
  ['將補償ＴＷＤ　１，０００。', 'TWD 1,000', 'ＴＷＤ　１，０００', ['spacing', 'fullwidth']],
  ['將補償 twd 1,000。', 'TWD 1,000', 'twd 1,000', ['case']],
  ['將補償TWD  1,000。', 'TWD 1,000', 'TWD  1,000', ['spacing']],
  ['將補償 TWD 1，000 元', 'TWD 1,000', 'TWD 1，000', ['fullwidth']],
  // Emoji contexts: the term beside or inside emoji sequences, variation selectors, tags
  ['👍 We Reserved two tickets 🎟️', 'reserved two tickets', 'Reserved two tickets', ['case']],
  ['🎉approved🎉', 'approved', 'approved', []],
  ['approved\ufe0f✅', 'approved', 'approved', []],
  ['appro\ufe0fved 👍🏽', 'approved', 'appro\ufe0fved', ['ignorable']],
  ['👨\u200d👩\u200d👧 看\u200d車', '看車', '看\u200d車', ['ignorable']],
  ['🏴\u{E0067}\u{E0062} ap\u{E0070}proved', 'approved', 'ap\u{E0070}proved', ['ignorable']],
  ['✅ ＡＰＰＲＯＶＥＤ ✅', 'approved', 'ＡＰＰＲＯＶＥＤ', ['fullwidth', 'case']],
];

describe('disguised candidates (v1, forbidden terms folded by default)', () => {
  const compiled = compileContract(readContract(v1()).contract);
  const exact = compileContract(readContract({ ...v1(), contract_version: 'v0' }).contract);

  it('the table holds at least 40 disguised candidates', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)('%j: caught as %j at that slice, wearing %j', (candidate, term, slice, disguises) => {
    const verdict = compiled.verify(candidate);
    expect(verdict.passed).toBe(false);
    const match = verdict.forbiddenMatches.find((m) => m.term === term);
    expect(match).toBeDefined();
    expect(candidate.slice(match!.start, match!.end)).toBe(slice);
    expect(match!.disguises).toEqual(disguises);
    // Whatever v0 found, it found exactly: the disguised ones are holes in v0, closed by v1.
    if (disguises.length > 0) expect(exact.verify(candidate).forbiddenMatches.some((m) => m.start === match!.start && m.term === term)).toBe(false);
  });

  it('diacritics are not stripped: a term does not match the same letters with a diacritic', () => {
    const c = compileContract(readContract(v1(['kas', 'sala', 'ca', 'pirk'])).contract);
    for (const candidate of ['kaš', 'ka\u0161', 'ka\u200bš', 'šala', 'sąla', 'cà', 'pírk']) expect(c.verify(candidate).forbiddenTermsPresent).toEqual([]);
    expect(c.verify('Kas čia?').forbiddenTermsPresent).toEqual(['kas']);
  });

  it('a combining mark after a term written exactly does not hide it: folded catches all that exact catches', () => {
    const c = compileContract(readContract(v1(['ca', 'guarantee', 'refund approved'])).contract);
    // `ca` + U+0300 holds `ca` exactly (v0 rejects it), so folded must too.
    expect(c.verify('ca\u0300').forbiddenMatches).toEqual([{ term: 'ca', start: 0, end: 2, disguises: [] }]);
    expect(c.verify('we guarantee\u0301 it').forbiddenMatches).toEqual([{ term: 'guarantee', start: 3, end: 12, disguises: [] }]);
    expect(c.verify('refund approved\u0336').forbiddenTermsPresent).toEqual(['refund approved']);
  });

  it('capital I for l is caught: the skeleton maps I to l, so folding reads i as l', () => {
    const c = compileContract(readContract(v1(['already shipped', 'Geld'])).contract);
    expect(c.verify('It is aIready shipped.').forbiddenMatches).toEqual([{ term: 'already shipped', start: 6, end: 21, disguises: ['case', 'confusable'] }]);
    expect(c.verify('Das GeId ist da').forbiddenTermsPresent).toEqual(['Geld']);
    expect(c.verify('a\ua4f2ready shipped').forbiddenTermsPresent).toEqual(['already shipped']);
    // Case still folds: STILL and still are one word.
    expect(compileContract(readContract(v1(['still'])).contract).verify('STILL here').forbiddenTermsPresent).toEqual(['still']);
  });

  it.each(['\u3164', '\uffa0', '\u115f', '\u2800'])('a blank filler U+%s between words acts as a space', (filler) => {
    const c = compileContract(readContract(v1(['refund approved'])).contract);
    const candidate = `Your refund${filler}approved today`;
    expect(c.verify(candidate).forbiddenMatches).toEqual([{ term: 'refund approved', start: 5, end: 20, disguises: ['spacing'] }]);
  });
});

/** Every string recorded in fixtures/ (zh-TW contracts, English and Italian turns, English and Lithuanian matches). */
function corpusTexts(): string[] {
  const root = join(import.meta.dirname, '../../fixtures');
  const texts = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      // Prose only: ids and codes (`act_0`) are no reply text, and the skeleton rightly reads 0 as o.
      if (/\p{L}/u.test(value) && value.length >= 3 && !/^[\w.:-]+$/u.test(value)) texts.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  // The disguise corpus holds disguises by design; its benign half has a test of its own
  // (disguise-corpus.test.ts).
  for (const dir of readdirSync(root).filter((d) => d !== 'disguise-corpus')) {
    for (const file of readdirSync(join(root, dir))) {
      if (file.endsWith('.json')) walk(JSON.parse(readFileSync(join(root, dir, file), 'utf8')));
    }
  }
  return [...texts];
}

/**
 * The folding a human would call "the same words": NFKC, lower case, no invisible characters,
 * one space per run, and a typographic apostrophe read as the typewriter one (`user’s` and
 * `user's` are one word to a reader). Plus the look-alikes the skeleton finds among plain
 * ASCII letters and punctuation, which docs/contract.md names as the price of UTS #39 (`m` ≡
 * `rn`, so `turn` is found in `autumn`; `"` ≡ `''`; `i` ≡ `l` ≡ `1`, the closure of `I` ≡ `l` under case: `says v1` is found in `says visit`). No others: a folded match that this does
 * not also find would be the confusable skeleton inventing a term across scripts in honest text.
 */
function plainFold(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(/[\u2018\u2019\u02BC`]/gu, "'")
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/m/gu, 'rn')
    .replace(/"/gu, "''")
    .replace(/%/gu, 'o/o')
    .replace(/\|/gu, 'l')
    .replace(/i/gu, 'l')
    .replace(/1/gu, 'l');
}

describe('benign corpus: folded forbidden terms invent nothing in honest text', () => {
  const texts = corpusTexts();
  // Terms: every recorded forbidden term, and every two-word window of every recorded text.
  const terms = new Set<string>();
  for (const file of readdirSync(join(import.meta.dirname, '../../fixtures/reply-contracts'))) {
    const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/reply-contracts', file), 'utf8'));
    for (const t of fixture.contract.forbidden_terms as string[]) terms.add(t);
  }
  for (const text of texts) {
    const words = text.split(/\s+/u).filter((w) => /\p{L}/u.test(w));
    for (let i = 0; i + 1 < words.length; i++) terms.add(`${words[i]} ${words[i + 1]}`);
  }
  const termList = [...terms].filter((t) => !plainFold('-').includes(plainFold(t)));
  const compiled = compileContract(readContract({ ...v1(termList), fallback_body: '-' }).contract);

  it('covers zh-TW, English, Italian and Lithuanian recordings', () => {
    expect(texts.some((t) => /[\u4e00-\u9fff]/u.test(t))).toBe(true);
    expect(texts.some((t) => /[ąčęėįšųūž]/iu.test(t))).toBe(true);
    expect(texts.some((t) => /\b(il|della|grazie|viaggio)\b/iu.test(t))).toBe(true);
    expect(texts.some((t) => /\b(the|and)\b/u.test(t))).toBe(true);
    expect(termList.length).toBeGreaterThan(500);
  });

  it('every folded match in a recorded text is there in plain words too (no false positive)', () => {
    for (const text of texts) {
      const plain = plainFold(text);
      for (const term of compiled.verify(text).forbiddenTermsPresent) expect([text, plain.includes(plainFold(term))]).toEqual([text, true]);
    }
  }, 180_000);

  it('and in generated text from the same words (1,000 cases)', () => {
    // Words of letters and punctuation: a digit beside a letter is the look-alike the skeleton is for (0 and o, 1 and l).
    const words = [...new Set(texts.flatMap((t) => t.split(/\s+/u)))].filter((w) => /^[\p{L}\p{M}\p{P}]+$/u.test(w));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 40 }), fc.constantFrom(' ', '  ', '\n'), (ws, sep) => {
        const text = ws.join(sep);
        const plain = plainFold(text);
        for (const term of compiled.verify(text).forbiddenTermsPresent) expect([term, plain.includes(plainFold(term))]).toEqual([term, true]);
      }),
      { numRuns: 1000 },
    );
  }, 180_000);

  it('finds a term across `m` ≡ `rn` in honest text, as documented (seed 1641926776 of the property above)', () => {
    expect(compiled.verify('rekomenduotum says. en:').forbiddenTermsPresent).toContain('turn says');
  });
});

describe('the four disguised candidates an attacker tried first', () => {
  const candidates = ['we ｒeserved two tickets', 'we reserved\u200b two tickets', 'We Reserved two tickets', 'we reserved  two tickets'];
  const contract = (version: 'v0' | 'v1') => readContract({ ...v1(['reserved two tickets']), contract_version: version }).contract;

  it.each(candidates)('%j is accepted under v0, exactly as before', (candidate) => {
    const effect = governReply(contract('v0'), [candidate]);
    expect(effect.status).toBe('accepted');
    expect(effect.candidates[0]!.disguisesSeen).toBeUndefined();
  });

  it.each(candidates)('%j falls back under v1', (candidate) => {
    const effect = governReply(contract('v1'), [candidate]);
    expect(effect.status).toBe('fallback');
    expect(effect.candidates[0]!.forbiddenTermsPresent).toEqual(['reserved two tickets']);
    expect(effect.candidates[0]!.disguisesSeen!.length).toBe(1);
  });
});
