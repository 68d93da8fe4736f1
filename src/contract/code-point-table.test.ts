import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCodePointTable } from '../../scripts/code-point-table.mjs';
import { decodeCodePointTable } from './code-point-table.js';
import { HAN_VARIANTS } from './han-variants-data.js';
import { CASE_FOLDING, CONFUSABLES } from './unicode-folding-data.js';

const codePoint = fc.integer({ min: 0, max: 0x10ffff }).filter((cp) => cp < 0xd800 || cp > 0xdfff);

describe('the compact code point tables (scripts/code-point-table.mjs writes them, decodeCodePointTable reads them)', () => {
  it('reads back every table written: any sources, any targets, in source order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(codePoint, fc.array(codePoint, { minLength: 1, maxLength: 4 })), { selector: ([from]) => from }), (entries) => {
        const decoded = decodeCodePointTable(encodeCodePointTable(entries));
        expect([...decoded]).toEqual([...entries].sort((a, b) => a[0] - b[0]).map(([from, to]) => [from, String.fromCodePoint(...to)]));
      }),
      { numRuns: 300 },
    );
  });

  it('writes steps, not code points: a run of neighbours costs a few characters each', () => {
    expect(
      encodeCodePointTable([
        [0x42, [0x62]],
        [0x41, [0x61]],
        [0xdf, [0x73, 0x73]],
        [0x1e9e, [0x73, 0x73]],
      ]),
    ).toBe('1t:2p;:1;4d:h 37;5vj:0 37');
  });

  it('the generated data reads as the Unicode and OpenCC tables it came from', () => {
    const caseFolding = decodeCodePointTable(CASE_FOLDING);
    expect(caseFolding.size).toBe(1585);
    expect([0x41, 0xdf, 0x130, 0x3a3, 0x1e9e].map((cp) => caseFolding.get(cp))).toEqual(['a', 'ss', 'i\u0307', 'σ', 'ss']);
    const confusables = decodeCodePointTable(CONFUSABLES);
    expect(confusables.size).toBe(6294);
    expect([0x430, 0x3bf, 0x31, 0x25].map((cp) => confusables.get(cp))).toEqual(['a', 'o', 'l', 'º/₀']);
    const han = decodeCodePointTable(HAN_VARIANTS);
    expect(han.size).toBe(3444);
    expect(['經', '們', '預', '約'].map((c) => han.get(c.codePointAt(0)!))).toEqual(['经', '们', '预', '约']);
  });
});
