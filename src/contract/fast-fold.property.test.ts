import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createVerifier } from './contract-verifier.js';
import { FoldScratch, foldText, type FoldedText } from './fast-fold.js';
import { TIER_UP_UNITS } from './term-matcher.js';
import { forbiddenOnlyContract } from './testing-contracts.js';

/** Thousands of cases take tens of seconds on a loaded 2-core machine: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000;

/**
 * Pieces of text from every alphabet the fold's common case treats apart: spaces in runs
 * (ASCII, ideographic U+3000, NBSP, tab, newline), CJK and fullwidth text, ASCII in both cases,
 * units that fold alone to several (`m` → `rn`, `ß`, `ﬀ`, `㎏`, U+FDFA to 18 units), combining
 * marks, ignorables, Hangul jamo and fillers, halfwidth voicing, surrogate pairs, lone
 * surrogates, U+0000, and `<` and `&` (which the fold notes, see `markupSigns`).
 */
const PIECES = [
  ' ',
  '  ',
  '   ',
  '\u3000',
  '\u3000\u3000',
  '\u00a0',
  ' \u00a0 ',
  '\t',
  '\n',
  'a',
  'refund',
  'Refund approved',
  'we r3fund it, ',
  'm',
  'ß',
  'ﬀ',
  '㎏',
  '\ufdfa',
  '經',
  '看車',
  '好的，已記下希望到府估車的時段。',
  '，',
  'ｒｅｆｕｎｄ',
  'Ｅ',
  '\u0301',
  'e\u0301',
  '\u0336',
  '\u200b',
  '\u00ad',
  '\u3164',
  '\u1100\u1161',
  'ｶﾞ',
  'İ',
  '😀',
  '𠀀',
  '\ud800',
  '\udc00',
  '\u0000',
  'a\u0000b',
  '<',
  '&',
  '<b>',
  '<\u0338',
];

/** Any code unit: most of them met for the first time in this process, so their entries are learnt mid-fold. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u));

const text = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: anyUnit }), { maxLength: 40 })
  .map((pieces) => pieces.join(''));

/** All a fold tells its readers, as plain values. */
function foldOf(f: FoldedText) {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let k = 0; k < f.length; k++) {
    starts.push(f.startOf(k));
    ends.push(f.endOf(k));
  }
  return {
    units: Array.from(f.units.subarray(0, f.length + 1)),
    length: f.length,
    starts,
    ends,
    innerBoundaries: [...f.innerBoundaries],
    hasMarks: f.hasMarks,
    joined: f.joined,
    markupSigns: f.markupSigns,
    text: f.text(),
  };
}

describe('the fold of verifiers in WebAssembly (fold_run, fold-wasm.ts)', () => {
  it(
    'folds as the JavaScript rounds do: units, offsets, inner boundaries, marks, joins, on one scratch each across growing texts (3,000 cases)',
    () => {
      const js = new FoldScratch('js');
      const wasm = new FoldScratch('wasm');
      fc.assert(
        fc.property(fc.array(text, { maxLength: 6 }), fc.nat(400), fc.boolean(), (parts, repeat, wasmFirst) => {
          // Some texts long enough to grow the memory; either scratch first, so that the
          // instance's table meets units the JavaScript table learnt before it and units it learns.
          const candidate = parts.join('') + (repeat > 300 ? parts.join(' ').repeat(repeat - 290) : '');
          const first = foldOf(foldText(candidate, wasmFirst ? wasm : js));
          const second = foldOf(foldText(candidate, wasmFirst ? js : wasm));
          expect(wasmFirst ? first : second).toEqual(wasmFirst ? second : first);
        }),
        { numRuns: 3000 },
      );
      expect(wasm.wasm).toBeDefined();
      expect(js.wasm).toBeUndefined();
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('keeps its arrays across texts of any length, and a fold whose units outgrow the room it began with', () => {
    const js = new FoldScratch('js');
    const wasm = new FoldScratch('wasm');
    // U+FDFA folds to 18 units: a fold of many grows its folded units (and the memory) midway.
    for (const candidate of ['看車 '.repeat(3000), 'a', '\ufdfa'.repeat(400), 'refund  approved'.repeat(700), '', 'ｶﾞ經']) {
      expect(foldOf(foldText(candidate, wasm))).toEqual(foldOf(foldText(candidate, js)));
    }
  });

  it("moves under 'auto' after TIER_UP_UNITS code units, and counts its instance's memory", () => {
    const auto = new FoldScratch();
    const js = new FoldScratch('js');
    const candidate = '好的，已記下希望到府估車的時段。'.repeat(250);
    for (let folded = 0; folded <= TIER_UP_UNITS; folded += candidate.length) {
      expect(auto.wasm).toBeUndefined();
      foldText(candidate, auto);
      foldText(candidate, js);
    }
    foldText(candidate, auto);
    expect(auto.wasm).toBeDefined();
    // The fold table alone is 128 KiB; the JavaScript arrays for this candidate, far less.
    expect(auto.byteLength - js.byteLength).toBeGreaterThanOrEqual(65536 * 2);
  });

  it("folds in JavaScript where WebAssembly is unavailable, even when asked for 'wasm'", () => {
    vi.stubGlobal('WebAssembly', undefined);
    try {
      const wasm = new FoldScratch('wasm');
      const candidate = '看車  Refund ß 經\u0301 '.repeat(50);
      expect(foldOf(foldText(candidate, wasm))).toEqual(foldOf(foldText(candidate, new FoldScratch('js'))));
      expect(wasm.wasm).toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('notes `<` and `&` wherever they stand in a long run, as the loose fold reads markup by that note alone', () => {
    const plain = '好的，已記下希望到府估車的時段。'.repeat(40);
    for (const scratch of [new FoldScratch('js'), new FoldScratch('wasm')]) {
      expect(foldText(plain, scratch).markupSigns).toBe(false);
      // Every offset of the rounds (four units in JavaScript, eight in WebAssembly) and of the
      // units taken one at a time around them.
      for (let at = 0; at < 40; at++) {
        for (const sign of ['<', '&']) {
          const text = plain.slice(0, 300 + at) + sign + plain.slice(300 + at);
          expect(foldText(text, scratch).markupSigns).toBe(true);
        }
      }
      expect(foldText(plain, scratch).markupSigns).toBe(false);
    }
  });

  it('stops before the first `<` or `&` of a text only: HTML folds in a few calls into WebAssembly, not one per tag', () => {
    const scratch = new FoldScratch('wasm');
    const html = '<p>好的，已記下希望到府估車的時段。<br/>請稍候&nbsp;</p>'.repeat(100);
    foldText(html, scratch);
    const run = vi.spyOn(scratch.wasm!, 'run');
    for (let fold = 0; fold < 3; fold++) {
      run.mockClear();
      expect(foldText(html, scratch).markupSigns).toBe(true);
      expect(run.mock.calls.length).toBeLessThanOrEqual(2);
      // The next fold stops at its first sign again.
      expect(foldText(`${'看車'.repeat(100)}&`, scratch).markupSigns).toBe(true);
    }
  });

  it('once a fold met `<`, folds every `&` after it in its rounds too, though no fold of the process had met `&` before', async () => {
    // Fresh modules: the tables of entries are the process's, and other tests have filled them.
    vi.resetModules();
    const fresh = await import('./fast-fold.js');
    const { WasmFoldRun } = await import('./fold-wasm.js');
    const run = vi.spyOn(WasmFoldRun.prototype, 'run');
    const scratch = new fresh.FoldScratch('wasm');
    // Every unit of the text but `&` is met first (fold_run's table learns a unit at each stop,
    // so a few times over), so the fold below stops only for `<` and `&`.
    for (let fold = 0; fold < 20; fold++) fresh.foldText('<b>好的nbsp;已記下', scratch);
    run.mockClear();
    const text = `<b>${'好的&nbsp;已記下'.repeat(100)}`;
    expect(fresh.foldText(text, scratch).markupSigns).toBe(true);
    expect(run.mock.calls.length).toBeLessThanOrEqual(3);
    run.mockRestore();
    vi.resetModules();
  });

  it("counts its WebAssembly instance's memory in the verifier's scanBytes (the sidecar's contract cache bound)", () => {
    // One term: the includes loop, so the fold's instance is the only WebAssembly memory.
    const contract = {
      ...forbiddenOnlyContract('v1', ['退款']),
      matching: { mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: 'folded' } as const,
    };
    const js = createVerifier(contract, 'auto', 'js');
    const wasm = createVerifier(contract, 'auto', 'wasm');
    const candidate = '好的，已記下希望到府估車的時段，退 款 ﾀﾞ。'.repeat(100);
    expect(wasm.verify(candidate)).toEqual(js.verify(candidate));
    expect(wasm.scanBytes() - js.scanBytes()).toBeGreaterThanOrEqual(65536 * 2);
  });
});
