import fc from 'fast-check';

/** Thousands of cases take tens of seconds on a loaded 2-core machine: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000;
import { describe, expect, it } from 'vitest';
import { createVerifier } from './contract-verifier.js';
import { foldSegment, foldTerm, isBlankFiller, isContinuing } from './fold-text.js';
import { looseTerm } from './loose-fold.js';
import { forbiddenOnlyContract } from './testing-contracts.js';

/**
 * The reference `folded` matching must agree with: split the text into segments by
 * `isContinuing`, fold each segment with `foldSegment`, collapse runs of spaces while keeping
 * for every folded unit the original range it came from, then search each folded term with an
 * `indexOf` loop, drop occurrences that end just before a combining mark, and map back; then
 * add every exact occurrence of a term as written (what `exact` would report).
 * Written for clarity, never for speed: no table, no automaton, no shared buffers.
 */
function referenceMatches(text: string, terms: readonly string[]): { term: string; start: number; end: number }[] {
  const units: { unit: string; start: number; end: number; segment: number }[] = [];
  let joined = false;
  let i = 0;
  while (i < text.length) {
    const segStart = i;
    let coreEnd = i;
    let j = i;
    do {
      const cp = text.codePointAt(j)!;
      const width = cp > 0xffff ? 2 : 1;
      if (!/^\p{Default_Ignorable_Code_Point}$/u.test(String.fromCodePoint(cp)) || isBlankFiller(cp)) {
        if (j > segStart) joined = true;
        coreEnd = j + width;
      }
      j += width;
    } while (j < text.length && isContinuing(text.codePointAt(j)!));
    const end = coreEnd > segStart ? coreEnd : j;
    for (const unit of foldSegment(text.slice(segStart, j)).split('')) {
      const last = units.at(-1);
      if (unit === ' ' && last?.unit === ' ') last.end = end;
      else units.push({ unit, start: segStart, end, segment: segStart });
    }
    i = j;
  }
  const folded = units.map((u) => u.unit).join('');
  const foldTermRef = (term: string) => {
    // The same folding applied to the term alone, through the same reference.
    const r: string[] = [];
    let k = 0;
    while (k < term.length) {
      let j = k;
      do j += term.codePointAt(j)! > 0xffff ? 2 : 1;
      while (j < term.length && isContinuing(term.codePointAt(j)!));
      for (const unit of foldSegment(term.slice(k, j)).split('')) if (!(unit === ' ' && r.at(-1) === ' ')) r.push(unit);
      k = j;
    }
    return r.join('');
  };
  const out: { term: string; start: number; end: number; rank: number }[] = [];
  [...new Set(terms)].forEach((term, rank) => {
    const f = foldTermRef(term);
    if (f === '') return;
    for (let at = folded.indexOf(f); at >= 0; at = folded.indexOf(f, at + 1)) {
      const after = folded.codePointAt(at + f.length);
      if (after !== undefined && /^\p{M}/u.test(String.fromCodePoint(after))) continue;
      // Occurrences begin and end where segments do: not inside one character's fold.
      const first = units[at]!;
      const lastUnit = units[at + f.length - 1]!;
      if (at > 0 && units[at - 1]!.segment === first.segment) continue;
      if (at + f.length < units.length && units[at + f.length]!.segment === lastUnit.segment) continue;
      out.push({ term, start: units[at]!.start, end: units[at + f.length - 1]!.end, rank });
    }
  });
  // `folded` catches all that `exact` catches: a term written exactly counts even where its fold
  // is not in the text's fold (a mark after its last letter joins that letter's segment). Only
  // texts with such a segment can hide one; elsewhere the folded search found them all.
  if (!joined) return out.sort((a, b) => a.start - b.start || a.rank - b.rank).map(({ term, start, end }) => ({ term, start, end }));
  const key = (o: { term: string; start: number; end: number }) => `${o.term}\u0000${o.start}\u0000${o.end}`;
  const have = new Set(out.map(key));
  [...new Set(terms)].forEach((term, rank) => {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
      const o = { term, start: at, end: at + term.length, rank };
      if (!have.has(key(o))) {
        have.add(key(o));
        out.push(o);
      }
    }
  });
  return out.sort((a, b) => a.start - b.start || a.rank - b.rank).map(({ term, start, end }) => ({ term, start, end }));
}

const v1Contract = (forbidden: readonly string[]) => forbiddenOnlyContract('v1', forbidden);

const IGNORABLES = ['\u200b', '\u200c', '\u200d', '\u00ad', '\u2060', '\u200e', '\u202e', '\ufe0f', '\u{E0041}', '\u180e'];
const SPACES = ['  ', '\u00a0', '\u3000', '\t', ' \n ', '\u2009', '\u202f'];
/** Latin letters and the Cyrillic or Greek letters that look the same. */
const LOOKALIKES: Record<string, string[]> = {
  a: ['\u0430'],
  c: ['\u0441'],
  e: ['\u0435'],
  o: ['\u043e', '\u03bf'],
  p: ['\u0440'],
  x: ['\u0445'],
  y: ['\u0443'],
  i: ['\u0456'],
};
const fullwidth = (ch: string) => (ch >= '!' && ch <= '~' ? String.fromCharCode(ch.charCodeAt(0) + 0xfee0) : ch);

/** A term worth disguising: lowercase Latin words (with a confusable-free letter or two), or CJK. */
const latinWord = fc.array(fc.constantFrom(...'abcdeiloprstuvxy'), { minLength: 2, maxLength: 8 }).map((l) => l.join(''));
const termArb = fc.oneof(
  fc.array(latinWord, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  fc.array(fc.constantFrom('看', '車', '預', '約', '保', '留', '兩', '張', '票'), { minLength: 2, maxLength: 4 }).map((l) => l.join('')),
);
type Disguise = 'case' | 'fullwidth' | 'ignorable' | 'spacing' | 'confusable';
const disguiseArb = fc.record({
  classes: fc.subarray<Disguise>(['case', 'fullwidth', 'ignorable', 'spacing', 'confusable']),
  seed: fc.array(fc.nat(1000), { minLength: 64, maxLength: 64 }),
});

/** Applies the chosen disguises to `term`, character by character, deterministically from `seed`. */
function disguise(term: string, classes: readonly Disguise[], seed: readonly number[]): string {
  const chars = [...term];
  let out = '';
  chars.forEach((ch, i) => {
    const r = seed[i % seed.length]!;
    let c = ch;
    if (c === ' ') {
      if (classes.includes('spacing') && r % 2 === 0) c = SPACES[r % SPACES.length]!;
    } else {
      if (classes.includes('confusable') && LOOKALIKES[c] && r % 3 !== 0) c = LOOKALIKES[c]![r % LOOKALIKES[c]!.length]!;
      if (classes.includes('case') && r % 2 === 1) c = c.toUpperCase();
      if (classes.includes('fullwidth') && r % 5 < 3) c = fullwidth(c);
    }
    out += c;
    // Ignorables go between characters, never at either end, so the occurrence's ends are known.
    if (classes.includes('ignorable') && i < chars.length - 1 && r % 4 < 2) out += IGNORABLES[r % IGNORABLES.length]!;
  });
  return out;
}

const benignPiece = fc.constantFrom('好的，', 'Hello, ', 'Grazie! ', 'Ačiū. ', '🙂 ', '👍🏽 ', '— ', '。');

describe('folded matching (v1)', () => {
  it(
    'finds any term in any composition of disguises at its offsets in the original text (4,000 cases)',
    () => {
      fc.assert(
        fc.property(termArb, disguiseArb, fc.array(benignPiece, { maxLength: 3 }), fc.array(benignPiece, { maxLength: 3 }), (term, d, pre, post) => {
          const disguised = disguise(term, d.classes, d.seed);
          const prefix = pre.join('');
          const candidate = `${prefix}${disguised} ${post.join('')}`;
          const verdict = createVerifier(v1Contract([term])).verify(candidate);
          expect(verdict.forbiddenTermsPresent).toEqual([term]);
          expect(verdict.forbiddenMatches).toContainEqual(expect.objectContaining({ term, start: prefix.length, end: prefix.length + disguised.length }));
          expect(verdict.passed).toBe(false);
        }),
        { numRuns: 4000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  /**
   * Pieces for the comparison with the reference: everything the folding treats specially —
   * case, fullwidth, ignorables, spaces, look-alikes, expansions (ß, ﬁ), combining and
   * precomposed diacritics, halfwidth katakana with its voicing mark, Hangul jamo, emoji, and
   * lone surrogates (before a mark above U+DFFF, a high one reads as no pair).
   */
  const PIECES = [
    'a',
    'A',
    'ａ',
    'Ａ',
    '\u0430',
    'e',
    'é',
    'e\u0301',
    '\u0301',
    's',
    'š',
    'S',
    'ß',
    'ss',
    'ﬁ',
    'fi',
    'σ',
    'ς',
    'Σ',
    'o',
    '0',
    'O',
    'ο',
    ' ',
    '  ',
    '\u00a0',
    '\u3000',
    '\n',
    '\u200b',
    '\u200d',
    '\u00ad',
    '\ufe0f',
    '\u{E0041}',
    '看',
    '車',
    '\uF902',
    '⾞',
    '，',
    ',',
    'ｶ',
    'ﾞ',
    'ガ',
    '\u1100',
    '\u1161',
    '가',
    '😀',
    '👍🏽',
    '\u{1D42B}',
    'r',
    'n',
    'm',
    'rn',
    '\udbff',
    '\udc00',
    '\ufe20',
  ];
  const piece = fc.constantFrom(...PIECES);
  const text = fc.array(piece, { maxLength: 24 }).map((p) => p.join(''));
  const terms = fc.array(
    fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join('')),
    { minLength: 1, maxLength: 6 },
  );

  for (const strategy of ['includes', 'automaton'] as const) {
    it(
      `agrees with the reference (fold, then search with an offset map) on every occurrence, ${strategy} (3,000 cases)`,
      () => {
        fc.assert(
          fc.property(terms, text, (forbidden, candidate) => {
            const verdict = createVerifier(v1Contract(forbidden), strategy).verify(candidate);
            const expected = referenceMatches(candidate, forbidden);
            expect(verdict.forbiddenMatches.map(({ term, start, end }) => ({ term, start, end }))).toEqual(expected);
            // No folded term in the text: no occurrence, and the candidate passes.
            expect(verdict.passed).toBe(expected.length === 0);
            expect(verdict.forbiddenTermsPresent).toEqual([...new Set(forbidden)].filter((t) => expected.some((m) => m.term === t)));
          }),
          { numRuns: 3000 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});

/**
 * W11: a looser mode never accepts what a stricter one rejects. Every candidate the list
 * rejects as `exact` it rejects as `folded`, and every one it rejects as `folded` it rejects as
 * `loose`, each occurrence of the stricter mode reported by the looser one at the same offsets.
 */
describe('exact ⊆ folded ⊆ loose (W11)', () => {
  const PIECES = [
    'a',
    'A',
    'e',
    'é',
    'e\u0301',
    '\u0301',
    '\u0336',
    'i',
    'I',
    'l',
    '1',
    's',
    'š',
    'ß',
    'o',
    '0',
    ' ',
    '  ',
    '\n',
    '\u200b',
    '\u3164',
    '\u2800',
    '看',
    '車',
    '车',
    '證',
    '証',
    'ｶ',
    'ﾞ',
    '\u1100',
    '\u1161',
    '😀',
    'r',
    'n',
    'm',
    'c',
    'v',
    '*',
    '.',
    '<b>',
    '&nbsp;',
    '4',
    '$',
    'ʀ',
    '🅦',
  ];
  const piece = fc.constantFrom(...PIECES);
  const text = fc.array(piece, { maxLength: 20 }).map((p) => p.join(''));
  // Terms every mode reads: readContract refuses a folded term that folds to nothing and a loose
  // one with no letter or digit.
  const terms = fc.array(
    fc
      .array(piece, { minLength: 1, maxLength: 4 })
      .map((p) => p.join(''))
      .filter((t) => foldTerm(t) !== '' && looseTerm(t) !== ''),
    { minLength: 1, maxLength: 5 },
  );
  const withMode = (forbidden: readonly string[], mode: 'exact' | 'folded' | 'loose') => ({
    ...forbiddenOnlyContract('v1', forbidden),
    matching: { mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: mode } as const,
  });
  const spans = (v: { forbiddenMatches: readonly { term: string; start: number; end: number }[] }) =>
    v.forbiddenMatches.map(({ term, start, end }) => `${term}@${start}-${end}`);

  for (const strategy of ['includes', 'automaton'] as const) {
    it(
      `a folded list rejects every candidate its exact list rejects, a loose list every one its folded list rejects, ${strategy} (2,000 cases)`,
      () => {
        fc.assert(
          fc.property(terms, text, (forbidden, candidate) => {
            const exact = createVerifier(withMode(forbidden, 'exact'), strategy).verify(candidate);
            const folded = createVerifier(withMode(forbidden, 'folded'), strategy).verify(candidate);
            const loose = createVerifier(withMode(forbidden, 'loose'), strategy).verify(candidate);
            if (!exact.passed) expect(folded.passed).toBe(false);
            if (!folded.passed) expect(loose.passed).toBe(false);
            expect(folded.forbiddenTermsPresent).toEqual(expect.arrayContaining([...exact.forbiddenTermsPresent]));
            expect(loose.forbiddenTermsPresent).toEqual(expect.arrayContaining([...folded.forbiddenTermsPresent]));
            // The same offsets: loose adds passes over the same fold, and keeps every folded occurrence.
            expect(spans(loose)).toEqual(expect.arrayContaining(spans(folded)));
          }),
          { numRuns: 2000 },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});
