import { describe, expect, it } from 'vitest';
import { isNfc, isNfcInert, NFC_INERT_UNITS, nfcInertRanges } from './is-nfc.js';

describe('isNfc', () => {
  it('every code unit of the fast path is a starter that NFC leaves alone, alone or after a base', () => {
    const bases = ['a', 'e', 'A', '\u1100', '\uAC00', '\u304B', '\u30AB', '\u4E00', '\u0915', '\u0B47'];
    const wrong: string[] = [];
    for (const [from, to] of nfcInertRanges()) {
      for (let unit = from; unit <= to; unit++) {
        const c = String.fromCharCode(unit);
        if (c.normalize('NFC') !== c || /\p{M}/u.test(c) || bases.some((b) => (b + c).normalize('NFC') !== b + c)) {
          wrong.push(unit.toString(16));
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every code point behind the fast path's high surrogates is an inert starter too", () => {
    const bases = ['a', 'e', '\u4E00', '\u{1F600}'];
    const wrong: string[] = [];
    for (const [from, to] of nfcInertRanges().filter(([from]) => from >= 0xd800 && from < 0xdc00)) {
      for (let high = from; high <= to; high++) {
        for (let low = 0xdc00; low <= 0xdfff; low++) {
          const c = String.fromCharCode(high, low);
          if (c.normalize('NFC') !== c || /\p{M}/u.test(c) || bases.some((b) => (b + c).normalize('NFC') !== b + c)) {
            wrong.push(c.codePointAt(0)!.toString(16));
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the fast path's regular expression and its table agree on every code unit, alone and inside text", () => {
    for (let unit = 0; unit < 65536; unit++) {
      const ch = String.fromCharCode(unit);
      expect([unit, isNfcInert(ch), isNfcInert(`看車${ch}看車`)]).toEqual([unit, NFC_INERT_UNITS[unit] === 1, NFC_INERT_UNITS[unit] === 1]);
    }
  });

  it('agrees with String.prototype.normalize on text outside the fast path', () => {
    for (const text of [
      'Cafe\u0301',
      'Café',
      '看\uF902',
      '看車',
      '😀👍🏽',
      '\u{1D15E}',
      '\u{2F800}',
      '\uD800',
      'a\uDC00',
      'e\u0301\u0323',
      'ｶﾞ',
      'か\u3099',
      '',
    ]) {
      expect(isNfc(text), JSON.stringify(text)).toBe(text.normalize('NFC') === text);
    }
  });
});
