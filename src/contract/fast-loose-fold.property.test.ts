import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createVerifier } from './contract-verifier.js';
import { FoldScratch, foldTerm, foldText } from './fast-fold.js';
import { findMaskedUnits, LooseScratch, looseFoldUnits, MaskedKeys } from './fast-loose-fold.js';
import { isNormalizationInert, skeleton } from './disguise-classes.js';
import { caselessSkeleton } from './reference-fold.js';
import { findMasked, looseDisguisesBetween, looseDisguisesStepwise, looseFold, looseTerm, type LooseText } from './loose-fold.js';
import { forbiddenOnlyContract } from './testing-contracts.js';

/** Thousands of cases take tens of seconds on a loaded 2-core machine: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000;

/**
 * Pieces of text from every alphabet the loose fold treats apart: letters that pair or repeat
 * (`vv`, `cl`, `ee`, `I`/`l`/`i`), leet digits and symbols, separators, masks, markup (tags,
 * named, numeric and invalid entities, a lone `<`), styled letters (negative circled, regional
 * indicators, small capitals, `ɶ`), combining marks, diacritics, Traditional, Simplified and
 * variant Han (one folding beyond the BMP, two BMP ones whose loose letter is beyond it, which
 * the WebAssembly run reads from its table of pairs), fullwidth letters, ignorables, blank fillers,
 * expansions (`ß`, `m` → `rn`), confusables, lone surrogates, emoji.
 */
const PIECES = [
  'a',
  'c',
  'd',
  'e',
  'i',
  'I',
  'l',
  'm',
  'n',
  'r',
  's',
  'u',
  'v',
  'w',
  'vv',
  'cl',
  'ee',
  'refund',
  'approved',
  '4',
  '@',
  '3',
  '$',
  '5',
  '7',
  '8',
  '9',
  '!',
  '0',
  '1',
  '|',
  ' ',
  '  ',
  '\n',
  ',',
  '-',
  '/',
  '\t',
  '，',
  '*',
  '#',
  '_',
  '•',
  '·',
  '?',
  '.',
  '‧',
  '∙',
  '**',
  '<b>',
  '</b>',
  '<br/>',
  '<a href="x">',
  '&nbsp;',
  '&amp;',
  '&#114;',
  '&#x72;',
  '&#xD800;',
  '&#42;',
  '&#1114112;',
  '<',
  '&',
  ';',
  '🅦',
  '🅐',
  '🇼',
  'ʀ',
  'ᴇ',
  'ꜰ',
  'ᴍ',
  'ɶ',
  'ᴁ',
  '🄰',
  '\u0301',
  '\u0336',
  '\u0328',
  'ą',
  'ž',
  'è',
  'í',
  'ë',
  '經',
  '经',
  '幫',
  '帮',
  '預',
  '预',
  '約',
  '约',
  '證',
  '証',
  '保',
  '退',
  '款',
  '佉',
  '剮',
  '𬍤',
  '璕',
  '桱',
  '桱桱',
  '𠀀',
  'ｒ',
  'Ｅ',
  '\u200b',
  '\u00ad',
  '\u3164',
  '\u2800',
  'ß',
  'а',
  'ο',
  '\ud800',
  '\udc00',
  '😀',
  'ﬀ',
  '㎏',
];

const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

/** A loose text as plain values: its units and each unit's original range. */
function referenceUnits(t: LooseText) {
  return { text: t.text, starts: [...t.starts], ends: [...t.ends], wildcards: [...t.wildcards] };
}

function fastUnits(s: LooseScratch) {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let j = 0; j < s.length; j++) {
    starts.push(s.startOf(j));
    ends.push(s.endOf(j));
  }
  return { text: s.text(), starts, ends, wildcards: [...s.wildcards] };
}

describe('the loose fold of verifiers (fast-loose-fold.ts)', () => {
  for (const engine of ['js', 'wasm'] as const)
    it(
      `equals the reference loose fold (looseFold): units, original ranges, wildcards, masked pass or not (${engine})`,
      () => {
        const folds = new FoldScratch();
        const loose = new LooseScratch(engine);
        fc.assert(
          fc.property(text, (candidate) => {
            // The reference reads the fold's text while folding terms, so it gets a fold of its own.
            const reference = looseFold(candidate, foldText(candidate, new FoldScratch()));
            const folded = foldText(candidate, folds);
            looseFoldUnits(candidate, folded, loose, false);
            expect(fastUnits(loose)).toEqual(referenceUnits(reference.plain));
            expect(loose.masksBetween).toBe(reference.masked !== undefined);
            if (reference.masked) {
              looseFoldUnits(candidate, folded, loose, true);
              expect(fastUnits(loose)).toEqual(referenceUnits(reference.masked));
              const keys = [...new Set(PIECES.slice(0, 20).map((p) => looseTerm(`${p}${p}ab`)))];
              const fast: number[] = [];
              const slow: number[] = [];
              const indexed: number[] = [];
              findMaskedUnits(loose, keys, fast);
              findMasked(reference.masked, keys, slow);
              new MaskedKeys(keys).find(loose, indexed);
              expect(fast).toEqual(slow);
              expect(indexed).toEqual(slow);
            }
          }),
          { numRuns: 4000 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );

  it(
    'finds with its index of keys (MaskedKeys) the masked matches findMaskedUnits finds, in its order: wildcards alone, crowded, at the edges, keys of every length (3,000 cases)',
    () => {
      const W = 0xffff;
      // Units of a masked fold over four letters and the wildcard, often side by side; keys of
      // one to nine letters, some taken from the text (its wildcards filled), so most match.
      const unit = fc.oneof(fc.constantFrom(0x61, 0x62, 0x63, 0x64), fc.constant(W));
      const scratch = new LooseScratch('js');
      fc.assert(
        fc.property(
          fc.array(unit, { maxLength: 60 }),
          fc.array(fc.stringMatching(/^[abcd]{1,9}$/), { maxLength: 12 }),
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 9 }), fc.constantFrom('a', 'b', 'c', 'd')), { maxLength: 12 }),
          (units, randomKeys, slices) => {
            scratch.ensure(units.length + 16);
            scratch.units.set(units);
            scratch.length = units.length;
            scratch.wildcards.length = 0;
            units.forEach((u, i) => {
              if (u === W) scratch.wildcards.push(i);
            });
            const fromText = slices
              .filter(([at, length]) => units.length > 0 && (at % units.length) + length <= units.length)
              .map(([at, length, fill]) =>
                units
                  .slice(at % units.length, (at % units.length) + length)
                  .map((u) => (u === W ? fill : String.fromCharCode(u)))
                  .join(''),
              );
            const keys = [...new Set([...randomKeys, ...fromText])];
            const expected: number[] = [];
            const actual: number[] = [];
            findMaskedUnits(scratch, keys, expected);
            new MaskedKeys(keys).find(scratch, actual);
            expect(actual).toEqual(expected);
          },
        ),
        { numRuns: 3000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  for (const engine of ['js', 'wasm'] as const)
    it(`keeps its scratch arrays across candidates of any length (a long one, then a short one; ${engine})`, () => {
      const folds = new FoldScratch();
      const loose = new LooseScratch(engine);
      for (const candidate of ['r e f u n d '.repeat(500), 'ᴍ經<b>x</b>', 'vvvv cl*ar 🅦'.repeat(300), 'aaaa'.repeat(5000), 'a']) {
        const folded = foldText(candidate, folds);
        looseFoldUnits(candidate, folded, loose, false);
        expect(fastUnits(loose)).toEqual(referenceUnits(looseFold(candidate, foldText(candidate, new FoldScratch())).plain));
      }
      expect(loose.wasm !== undefined).toBe(engine === 'wasm');
    });

  it(
    'runs its common case as WebAssembly as the JavaScript run does: units, ranges (as original offsets and as folded units), pairs, wildcards, on one scratch each across growing candidates (2,000 cases)',
    () => {
      const folds = new FoldScratch();
      const js = new LooseScratch('js');
      const wasm = new LooseScratch('wasm');
      // Folded units as well as original offsets: the units of an expansion (`ß` → `ss`) share
      // one original range, so only the folded ones tell a unit's origin from its neighbour's.
      const foldedRanges = (s: LooseScratch) => Array.from({ length: s.length }, (_, j) => [s.foldedStartOf(j), s.foldedEndOf(j)]);
      const state = (s: LooseScratch) => ({ ...fastUnits(s), folded: foldedRanges(s), pairs: [...s.pairs], masksBetween: s.masksBetween });
      fc.assert(
        fc.property(fc.array(text, { maxLength: 8 }), fc.nat(400), (parts, repeat) => {
          // Some candidates long enough to grow the memory (and its log of ends: runs of a letter).
          const candidate = parts.join('') + (repeat > 300 ? 'ee vv 經 '.repeat(repeat * 4) : '');
          const folded = foldText(candidate, folds);
          for (const keepMasks of [false, true]) {
            looseFoldUnits(candidate, folded, js, keepMasks);
            looseFoldUnits(candidate, folded, wasm, keepMasks);
            expect(state(wasm)).toEqual(state(js));
          }
        }),
        { numRuns: 2000 },
      );
      expect(wasm.wasm).toBeDefined();
      expect(wasm.byteLength).toBeGreaterThanOrEqual(65536 * 2);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it("counts its WebAssembly instance's memory in the verifier's scanBytes (the sidecar's contract cache bound)", () => {
    // One term: the includes loop, so the loose fold's instance is the only WebAssembly memory.
    const contract = withMode(['refund approved'], 'loose');
    const js = createVerifier(contract, 'auto', 'js');
    const wasm = createVerifier(contract, 'auto', 'wasm');
    const candidate = 'we r3fund 4ppr0ved it, '.repeat(100);
    expect(wasm.verify(candidate)).toEqual(js.verify(candidate));
    // The loose table alone is 128 KiB; the JavaScript arrays for this candidate, far less.
    expect(wasm.scanBytes() - js.scanBytes()).toBeGreaterThanOrEqual(65536 * 2);
  });

  it("counts the masked pass's index of keys in the verifier's scanBytes, once it is built", () => {
    const terms = ['refund approved', 'money on its way'];
    const verifier = createVerifier(withMode(terms, 'loose'), 'auto', 'js');
    verifier.verify('we refund it, the money is on its way');
    const before = verifier.scanBytes();
    // `r*fund`: a mask between two letters, so the masked pass runs and builds its index.
    expect(verifier.verify('we r*fund approved it').forbiddenTermsPresent).toEqual(['refund approved']);
    // The index, and eight bytes for the candidate's one wildcard.
    const index = new MaskedKeys(terms.map(looseTerm)).byteLength;
    expect(index).toBeGreaterThan(0);
    expect(verifier.scanBytes() - before).toBe(index + 8);
  });

  const withMode = (forbidden: readonly string[], mode: 'folded' | 'loose') => ({
    ...forbiddenOnlyContract('v1', forbidden),
    matching: { mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: mode } as const,
  });

  /**
   * The verdict's occurrences as the reference loose search gives them: the `folded` list's
   * occurrences, then each loose key's occurrences in the reference's plain loose fold (an
   * `indexOf` loop), then the masked ones (`findMasked`), each range once, ordered by start and
   * then by the term's place in the list, disguises named by `disguisesBetween` (folded ones) or
   * `looseDisguisesBetween`.
   */
  function referenceMatches(terms: readonly string[], candidate: string, strategy: 'includes' | 'automaton') {
    const matches = [...createVerifier(withMode(terms, 'folded'), strategy).verify(candidate).forbiddenMatches];
    const have = new Set(matches.map((m) => `${m.term}@${m.start}-${m.end}`));
    const add = (term: string, start: number, end: number, masked: boolean) => {
      if (have.has(`${term}@${start}-${end}`)) return;
      have.add(`${term}@${start}-${end}`);
      matches.push({ term, start, end, disguises: looseDisguisesBetween(candidate.slice(start, end), term, masked) });
    };
    const { plain, masked } = looseFold(candidate, foldText(candidate, new FoldScratch()));
    const keys = terms.map(looseTerm);
    for (let t = 0; t < terms.length; t++) {
      // An empty key (a term of only punctuation) is searched as text no loose fold holds.
      if (keys[t] === '') continue;
      for (let at = plain.text.indexOf(keys[t]!); at >= 0; at = plain.text.indexOf(keys[t]!, at + 1)) {
        add(terms[t]!, plain.starts[at]!, plain.ends[at + keys[t]!.length - 1]!, false);
      }
    }
    if (masked) {
      const found: number[] = [];
      findMasked(masked, keys, found);
      for (let i = 0; i < found.length; i += 2) {
        const key = keys[found[i]!]!;
        const start = found[i + 1]!;
        for (let t = 0; t < terms.length; t++) if (keys[t] === key) add(terms[t]!, masked.starts[start]!, masked.ends[start + key.length - 1]!, true);
      }
    }
    const rank = (term: string) => terms.indexOf(term);
    return matches.sort((a, b) => a.start - b.start || rank(a.term) - rank(b.term) || a.end - b.end);
  }

  const piece = fc.constantFrom(...PIECES);
  const terms = fc.uniqueArray(
    fc
      .array(piece, { minLength: 1, maxLength: 4 })
      .map((p) => p.join(''))
      .filter((t) => foldTerm(t) !== '' && looseTerm(t) !== ''),
    { minLength: 1, maxLength: 5 },
  );
  /**
   * Separators longer than any term's fold: a verifier searches the loose terms' folded keys only
   * in windows around loose occurrences and pairs (`vv`, `cl`), widened by the longest key, so
   * pieces joined by this lie in windows of their own, and a pair merging across it spans two.
   */
  const FAR = ' -'.repeat(40);
  for (const strategy of ['includes', 'automaton'] as const) {
    it(
      `gives the verdicts of the reference loose search with pieces far apart: folded occurrences outside every loose one (${strategy}, 1,000 cases)`,
      () => {
        fc.assert(
          fc.property(terms, fc.array(fc.oneof(text, piece), { maxLength: 5 }), (forbidden, parts) => {
            const candidate = parts.join(FAR);
            const verdict = createVerifier(withMode(forbidden, 'loose'), strategy).verify(candidate);
            const byPosition = (ms: readonly { term: string; start: number; end: number }[]) =>
              [...ms].sort((a, b) => a.start - b.start || forbidden.indexOf(a.term) - forbidden.indexOf(b.term) || a.end - b.end);
            expect(byPosition(verdict.forbiddenMatches)).toEqual(referenceMatches(forbidden, candidate, strategy));
          }),
          { numRuns: 1000 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );

    it(`keeps each occurrence once where a candidate holds more than the few compared pair by pair (${strategy})`, () => {
      const forbidden = ['refund', 'approved', 'ee'];
      for (const repeat of [1, 20, 60]) {
        const candidate = 'Refund r3fund re-fund approved 4ppr0ved eee '.repeat(repeat);
        const verdict = createVerifier(withMode(forbidden, 'loose'), strategy).verify(candidate);
        const byPosition = (ms: readonly { term: string; start: number; end: number }[]) =>
          [...ms].sort((a, b) => a.start - b.start || forbidden.indexOf(a.term) - forbidden.indexOf(b.term) || a.end - b.end);
        expect(verdict.forbiddenMatches.length).toBeGreaterThanOrEqual(6 * repeat);
        expect(byPosition(verdict.forbiddenMatches)).toEqual(referenceMatches(forbidden, candidate, strategy));
      }
    });

    it(`finds folded occurrences no loose occurrence stands for, far from any other (${strategy})`, () => {
      // Forbidden terms, the candidate, and where each occurrence is: (term, the slice it covers).
      const cases: [string[], string, [string, string][]][] = [
        // A pair merging across the term's first letter: `v very` folds loosely to `wery`.
        [['very', 'x'], `${FAR}v${FAR}very${FAR}`, [['very', 'very']]],
        // … and across its last (`cl` → `d`), and with no separator between.
        [['fc', 'x'], `${FAR}fc${FAR}l${FAR}`, [['fc', 'fc']]],
        [['lock', 'x'], `${FAR}clock${FAR}`, [['lock', 'lock']]],
        // Inside markup, which the loose fold reads as its replacement.
        [['nbsp', 'x'], `${FAR}a&nbsp;b${FAR}`, [['nbsp', 'nbsp']]],
        [['b>x', 'y'], `${FAR}<b>x</b>${FAR}`, [['b>x', 'b>x']]],
        // A term whose loose key is empty (readContract refuses it; createVerifier does not):
        // FAR ends with a dash, so the candidate holds `---`.
        [
          ['--', 'x'],
          `${FAR}--${FAR}`,
          [
            ['--', '--- '],
            ['--', '-- '],
          ],
        ],
      ];
      for (const [forbidden, candidate, expected] of cases) {
        const verdict = createVerifier(withMode(forbidden, 'loose'), strategy).verify(candidate);
        const at = (slice: string) => candidate.indexOf(`${slice}`);
        expect(verdict.forbiddenMatches.map((m) => [m.term, m.start, m.end])).toEqual(
          expected.map(([term, slice]) => [term, at(slice), at(slice) + term.length]),
        );
        expect(verdict.forbiddenMatches).toEqual(referenceMatches(forbidden, candidate, strategy));
      }
    });
    it(`searches the window around a loose occurrence for every term it stands for, widened past the term's separators (${strategy})`, () => {
      // Forbidden terms, the candidate, and where each occurrence is: (term, the slice it covers).
      const cases: [string[], string, [string, string][]][] = [
        // The folded occurrence of `refund.` ends past its loose one (`.` is no loose unit), and
        // of `.refund` starts before: each is found, beside the loose one, in the window widened.
        [
          ['refund.', 'x'],
          `${FAR}refund.${FAR}`,
          [
            ['refund.', 'refund.'],
            ['refund.', 'refund'],
          ],
        ],
        [
          ['.refund', 'x'],
          `${FAR}.refund${FAR}`,
          [
            ['.refund', '.refund'],
            ['.refund', 'refund'],
          ],
        ],
        // As far before its loose occurrence as a folded occurrence can start: all its units but
        // the last are separators, so it overlaps the loose one by that unit alone.
        [
          ['...a', 'x'],
          `${FAR}...a${FAR}`,
          [
            ['...a', '...a'],
            ['...a', 'a'],
          ],
        ],
        // `refund` and `refund.` share the loose key `refund`: the window of its one occurrence
        // is searched for both terms' folded keys.
        [
          ['refund', 'refund.'],
          `${FAR}refund.${FAR}`,
          [
            ['refund', 'refund'],
            ['refund.', 'refund.'],
            ['refund.', 'refund'],
          ],
        ],
        [
          ['refund.', 'refund'],
          `${FAR}refund.${FAR}`,
          [
            ['refund.', 'refund.'],
            ['refund.', 'refund'],
            ['refund', 'refund'],
          ],
        ],
      ];
      for (const [forbidden, candidate, expected] of cases) {
        const verdict = createVerifier(withMode(forbidden, 'loose'), strategy).verify(candidate);
        const at = (slice: string) => candidate.indexOf(slice);
        expect(verdict.forbiddenMatches.map((m) => [m.term, m.start, m.end])).toEqual(
          expected.map(([term, slice]) => [term, at(slice), at(slice) + slice.length]),
        );
        // The reference orders one term's occurrences at one start by end; the verdict, folded first.
        const byPosition = (ms: readonly { term: string; start: number; end: number }[]) =>
          [...ms].sort((a, b) => a.start - b.start || forbidden.indexOf(a.term) - forbidden.indexOf(b.term) || a.end - b.end);
        expect(byPosition(verdict.forbiddenMatches)).toEqual(referenceMatches(forbidden, candidate, strategy));
      }
    });
  }

  for (const strategy of ['includes', 'automaton'] as const) {
    it(
      `gives the verdicts of the reference loose search: terms, offsets, disguise classes (${strategy}, 1,500 cases)`,
      () => {
        fc.assert(
          fc.property(terms, fc.array(fc.oneof(text, piece), { maxLength: 4 }), (forbidden, parts) => {
            const candidate = parts.join('');
            const verdict = createVerifier(withMode(forbidden, 'loose'), strategy).verify(candidate);
            const byPosition = (ms: readonly { term: string; start: number; end: number }[]) =>
              [...ms].sort((a, b) => a.start - b.start || forbidden.indexOf(a.term) - forbidden.indexOf(b.term) || a.end - b.end);
            expect(byPosition(verdict.forbiddenMatches)).toEqual(referenceMatches(forbidden, candidate, strategy));
            expect(verdict.forbiddenTermsPresent).toEqual(forbidden.filter((t) => verdict.forbiddenMatches.some((m) => m.term === t)));
          }),
          { numRuns: 1500 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }

  it('names the disguises between plain slices and terms as the stepwise naming does (20,000 cases)', () => {
    // Plain units (their own fold, token, case fold and skeleton) and the near misses beside
    // them: units that pair or fold (`v`, `c`, `l`, `i`, `I`, `0`, `4`), markup, separators, Han
    // variants, marks, a fullwidth letter.
    const unit = fc.constantFrom(
      'a',
      'e',
      'r',
      'u',
      'n',
      'd',
      'f',
      'w',
      '2',
      '佉',
      '剮',
      '保',
      '退',
      '款',
      'v',
      'c',
      'l',
      'i',
      'I',
      '0',
      '4',
      '<',
      '&',
      ' ',
      '.',
      '經',
      '经',
      'é',
      '\u0301',
      'ｒ',
      'vv',
      'cl',
      '<b>',
    );
    const plainish = fc.array(unit, { minLength: 1, maxLength: 8 }).map((units) => units.join(''));
    // A term and a slice made from it by doubling some of its letters (a stretched occurrence).
    const stretched = fc.tuple(plainish, fc.array(fc.nat(7), { maxLength: 3 })).map(([term, at]) => {
      let slice = term;
      for (const k of at) if (k < slice.length) slice = slice.slice(0, k + 1) + slice.slice(k);
      return [slice, term] as const;
    });
    fc.assert(
      fc.property(fc.oneof(fc.tuple(plainish, plainish), stretched), fc.boolean(), ([slice, term], masked) => {
        expect(looseDisguisesBetween(slice, term, masked)).toEqual(looseDisguisesStepwise(slice, term, masked));
      }),
      { numRuns: 20_000 },
    );
    expect(looseDisguisesBetween('佉', '佉佉', false)).toEqual(['stretched']);
    expect(looseDisguisesBetween('refuuund', 'refund', false)).toEqual(['stretched']);
    expect(looseDisguisesBetween('refu*nd', 'refund', true)).toEqual(looseDisguisesStepwise('refu*nd', 'refund', true));
  });

  it('names disguises without normalizing only text every normalization form leaves alone (ASCII, CJK Unified Ideographs)', () => {
    const changed: string[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      const ch = String.fromCharCode(cp);
      if (!isNormalizationInert(ch)) continue;
      for (const form of ['NFC', 'NFD', 'NFKC', 'NFKD'] as const) if (ch.normalize(form) !== ch) changed.push(`${cp.toString(16)} ${form}`);
      if (skeleton(ch) !== caselessSkeleton(ch)) changed.push(`${cp.toString(16)} skeleton`);
    }
    expect(changed).toEqual([]);
    fc.assert(
      fc.property(text, (t) => {
        expect(skeleton(t)).toBe(caselessSkeleton(t));
      }),
    );
    expect(isNormalizationInert('refund 已經')).toBe(true);
    expect(isNormalizationInert('ｒefund')).toBe(false);
    expect(isNormalizationInert('e\u0301')).toBe(false);
  });

  it(
    'searches folded lists and a loose one in one pass as each would be searched alone (includes and automaton, 1,000 cases)',
    () => {
      const mixed = (mustInclude: readonly string[], forbidden: readonly string[], mode: 'folded' | 'loose') => ({
        ...forbiddenOnlyContract('v1', forbidden),
        mustInclude,
        matching: { mustInclude: 'folded', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: mode } as const,
      });
      // Enough terms on both sides that some contracts use the automaton, some the includes loop.
      const manyTerms = fc.uniqueArray(
        fc
          .array(piece, { minLength: 1, maxLength: 3 })
          .map((p) => p.join(''))
          .filter((t) => foldTerm(t) !== '' && looseTerm(t) !== ''),
        { minLength: 1, maxLength: 40 },
      );
      fc.assert(
        fc.property(manyTerms, manyTerms, fc.array(fc.oneof(text, piece), { maxLength: 4 }), (mustInclude, forbidden, parts) => {
          const candidate = parts.join('') + mustInclude.slice(0, 2).join(' ');
          const verdict = createVerifier(mixed(mustInclude, forbidden, 'loose')).verify(candidate);
          const alone = createVerifier(withMode(forbidden, 'loose')).verify(candidate);
          const foldedLists = createVerifier(mixed(mustInclude, forbidden, 'folded')).verify(candidate);
          expect(verdict.forbiddenMatches).toEqual(alone.forbiddenMatches);
          expect(verdict.forbiddenTermsPresent).toEqual(alone.forbiddenTermsPresent);
          expect(verdict.disguisesSeen).toEqual(alone.disguisesSeen);
          expect(verdict.missingMustInclude).toEqual(foldedLists.missingMustInclude);
          expect(verdict.passed).toBe(alone.forbiddenTermsPresent.length === 0 && foldedLists.missingMustInclude.length === 0);
        }),
        { numRuns: 1000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
