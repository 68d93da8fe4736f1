import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countsAt,
  foldSegment,
  FoldScratch,
  foldText as foldWith,
  isContinuing,
  isBlankFiller,
  isDefaultIgnorable,
  isMark,
  type FoldedText,
} from './fold-text.js';

/** One scratch for the folds of these tests, as a verifier keeps one for its own. */
const scratch = new FoldScratch();
const foldText = (text: string) => foldWith(text, scratch);
import { decodeCodePointTable } from './code-point-table.js';
import { CASE_FOLDING, CONFUSABLES } from './unicode-folding-data.js';

/** Thousands of cases take tens of seconds on a loaded 2-core machine: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000;

// ---------------------------------------------------------------------------------------------
// The reference: `foldText` as it was before its fast path folded four units a round (commit
// f89a1ae), verbatim but for its name, with its own table, caches and scratch buffers. The
// faster `foldText` must give every text exactly the fold this one gives: the same units, the
// same original range for each, the same marks flag and inner boundaries.
// ---------------------------------------------------------------------------------------------

let caseFolding: Map<number, string> | undefined;
let confusables: Map<number, string> | undefined;

function caseFoldingMap(): Map<number, string> {
  return (caseFolding ??= decodeCodePointTable(CASE_FOLDING));
}

function confusablesMap(): Map<number, string> {
  return (confusables ??= decodeCodePointTable(CONFUSABLES));
}

/** Code points the table must fold the slow way even when no data maps them. */
const SPECIAL = /^[\p{M}\p{White_Space}]$/u;

const SIMPLE = 1 << 16; // folds to exactly the one unit in the low bits, which is no mark
const SKIP = 1 << 17; // default-ignorable: folds to nothing and continues the segment before it
const HARD = 1 << 18; // continues the segment before it and is no ignorable (a mark, a jamo…)
const MARK_UNIT = 1 << 19; // a combining mark, for the diacritic rule at a match's end
const KNOWN = 1 << 20; // the entry has been computed
const CONTINUES = SKIP | HARD;

const unitTable = new Int32Array(65536);

/** The table entry of code unit `u`, computed on first use. */
function entryOf(u: number): number {
  const known = unitTable[u]!;
  if (known !== 0) return known;
  let entry = KNOWN;
  const ch = String.fromCharCode(u);
  if (u >= 0xd800 && u <= 0xdbff) {
    // A high surrogate may start a code point that continues the segment before it (a tag
    // character, a variation selector, a supplementary mark): the slow path decodes the pair.
    entry |= HARD;
  } else if (u >= 0xdc00 && u <= 0xdfff) {
    // A low surrogate: the slow path decodes pairs.
  } else if (isDefaultIgnorable(u)) {
    entry |= SKIP;
  } else if (
    // The two rules added since this copy was taken (issue 19): `i` folds to `l` like the
    // skeleton of capital I, and a blank filler to a space; both go the way of folded units.
    u !== 0x69 &&
    !isBlankFiller(u) &&
    !caseFoldingMap().has(u) &&
    !confusablesMap().has(u) &&
    !(u >= 0x1160 && u <= 0x11ff) &&
    !(u >= 0xd7b0 && u <= 0xd7ff) &&
    !SPECIAL.test(ch) &&
    ch.normalize('NFKD') === ch
  ) {
    // Most code units: no step of the folding touches them.
    entry |= SIMPLE | u;
  } else {
    if (isMark(u)) entry |= MARK_UNIT;
    if (isContinuing(u)) entry |= HARD;
    const folded = foldSegment(ch);
    if (folded.length === 1 && (entry & HARD) === 0) {
      const f = folded.charCodeAt(0);
      if (!(f >= 0xd800 && f <= 0xdfff) && !isMark(f)) entry |= SIMPLE | f;
    }
  }
  unitTable[u] = entry;
  return entry;
}

/** Segments folded the slow way, remembered (bounded) since real text repeats them. */
const segmentCache = new Map<string, string>();
const SEGMENT_CACHE_MAX = 4096;

function foldSegmentCached(segment: string): string {
  let folded = segmentCache.get(segment);
  if (folded === undefined) {
    folded = foldSegment(segment);
    if (segmentCache.size >= SEGMENT_CACHE_MAX) segmentCache.clear();
    segmentCache.set(segment, folded);
  }
  return folded;
}

let unitBuffer = Buffer.alloc(0);
let units = new Uint16Array(0);
let code = new Uint16Array(0);
let codeBuffer = Buffer.alloc(0);
/**
 * Runs of units folded the fast way, as (first unit, offset − unit) pairs: within a run, unit
 * `k` came from original offset `k + delta`, so the fast path stores no offsets at all.
 */
let runs = new Int32Array(64);

function ensure(capacity: number): void {
  if (units.length >= capacity + 1) return;
  const size = Math.max(capacity * 2, 8192);
  const old = units;
  unitBuffer = Buffer.allocUnsafeSlow(size * 2);
  units = new Uint16Array(unitBuffer.buffer, unitBuffer.byteOffset, size);
  units.set(old);
}

function ensureCode(length: number): Uint16Array {
  if (code.length < length + 1) {
    codeBuffer = Buffer.allocUnsafeSlow(Math.max(2 * (length + 1), 8192) * 2);
    code = new Uint16Array(codeBuffer.buffer, codeBuffer.byteOffset, codeBuffer.length / 2);
  }
  return code;
}

/**
 * Folds `text`, keeping for every folded code unit the original range it came from. One
 * table lookup and one store per code unit for the common case (a code unit that folds alone
 * to one unit and is not followed by anything continuing it); segments with marks, ignorables,
 * surrogates or expansions (`ß` → `ss`) fold the slow way, cached, their offsets kept aside.
 */
function previousFoldText(text: string): FoldedText {
  const t = unitTable;
  const n = text.length;
  const src = ensureCode(n);
  codeBuffer.write(text, 0, 'utf16le');
  src[n] = 0; // sentinel: unit 0 is simple and continues nothing
  // A segment's fold can be longer than the segment (NFKC of U+FDFA is 18 units), so capacity
  // grows on demand in the slow path.
  ensure(n + 16);
  let k = 0;
  let last = -1; // last emitted unit, for collapsing spaces
  let marks = false;
  let joined = false;
  const inner: number[] = [];
  let runCount = 0;
  let startAt: Map<number, number> | undefined; // offsets of units folded the slow way
  let endAt: Map<number, number> | undefined; // ends that are not start + 1
  let i = 0;
  while (i < n) {
    if (runCount * 2 + 2 > runs.length) {
      const grown = new Int32Array(runs.length * 2);
      grown.set(runs);
      runs = grown;
    }
    runs[runCount * 2] = k;
    runs[runCount * 2 + 1] = i - k;
    runCount++;
    // The fast run, in a function of its own so its loop optimizes apart from the slow way.
    k = fastRun(t, src, i, n, units, k, last);
    i = runEnd;
    last = k > 0 ? units[k - 1]! : -1;
    if (i >= n) break;
    const e = t[src[i]!]!;
    if (e === 0 || t[src[i + 1]!] === 0) {
      // Met for the first time: compute, then let the fast run try again.
      entryOf(src[i]!);
      entryOf(src[i + 1]!);
      continue;
    }
    if ((e & SIMPLE) !== 0 && (e & 0xffff) === 32 && last === 32 && (t[src[i + 1]!]! & CONTINUES) === 0) {
      // A space after a space: one space, reaching further.
      (endAt ??= new Map()).set(k - 1, i + 1);
      i++;
      continue;
    }
    // The slow way: gather the segment — this code point and every one continuing it.
    const segStart = i;
    let coreEnd = i;
    let j = i;
    let first = true;
    while (j < n) {
      const cp = text.codePointAt(j)!;
      const width = cp > 0xffff ? 2 : 1;
      const surrogate = cp >= 0xd800 && cp <= 0xdfff; // a lone one
      const unitEntry = width === 1 && !surrogate ? entryOf(cp) : 0;
      const continuing = width === 1 && !surrogate ? (unitEntry & CONTINUES) !== 0 : isContinuingCached(cp);
      if (!first && !continuing) break;
      const ignorable = width === 1 ? (unitEntry & SKIP) !== 0 : isDefaultIgnorable(cp);
      if (!ignorable) {
        coreEnd = j + width;
        if (!first) joined = true;
      }
      if (width === 1 ? (unitEntry & MARK_UNIT) !== 0 : isMark(cp)) marks = true;
      first = false;
      j += width;
    }
    const folded = foldSegmentCached(text.slice(segStart, j));
    ensure(k + folded.length + n);
    const end = coreEnd > segStart ? coreEnd : j;
    const firstK = k;
    for (let c = 0; c < folded.length; c++) {
      const f = folded.charCodeAt(c);
      if (f === 32 && last === 32) {
        (endAt ??= new Map()).set(k - 1, end);
        continue;
      }
      if (!marks && f < 0xd800 && (entryOf(f) & MARK_UNIT) !== 0) marks = true;
      units[k] = f;
      (startAt ??= new Map()).set(k, segStart);
      (endAt ??= new Map()).set(k, end);
      k++;
      last = f;
    }
    for (let x = firstK; x < k - 1; x++) inner.push(x);
    i = j;
  }
  units[k] = 0;
  const length = k;
  const buffer = unitBuffer;
  const runTable = runs.slice(0, runCount * 2);
  const startOf = (unit: number): number => {
    const slow = startAt?.get(unit);
    if (slow !== undefined) return slow;
    // The last run starting at or before `unit`.
    let lo = 0;
    let hi = runCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runTable[mid * 2]! <= unit) lo = mid;
      else hi = mid - 1;
    }
    return unit + runTable[lo * 2 + 1]!;
  };
  return {
    units,
    length,
    startOf,
    endOf: (unit) => endAt?.get(unit) ?? startOf(unit) + 1,
    hasMarks: marks,
    joined,
    innerBoundaries: inner,
    // Not in the reference: noted by the fold since, and here what it must equal.
    markupSigns: text.includes('<') || text.includes('&'),
    text: () => buffer.toString('utf16le', 0, length * 2),
  };
}

/** Where the last {@link fastRun} stopped. */
let runEnd = 0;

/**
 * Folds code units from `i` while each folds alone to one unit, nothing continues it and no
 * space follows a space; returns the new output length and leaves the stopping offset in
 * {@link runEnd}. Writes nothing but the folded units: their offsets are `k + (i - k)`.
 */
function fastRun(t: Int32Array, src: Uint16Array, i: number, n: number, out: Uint16Array, k: number, last: number): number {
  let e = t[src[i]!]!;
  while (i < n) {
    const next = t[src[i + 1]!]!;
    if ((e & SIMPLE) === 0 || (next & (CONTINUES | KNOWN)) !== KNOWN) break;
    const f = e & 0xffff;
    if (f === 32 && last === 32) break;
    out[k++] = f;
    last = f;
    i++;
    e = next;
  }
  runEnd = i;
  return k;
}

const continuingCache = new Map<number, boolean>();

function isContinuingCached(cp: number): boolean {
  let c = continuingCache.get(cp);
  if (c === undefined) {
    c = isContinuing(cp);
    continuingCache.set(cp, c);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------

/** Everything a fold exposes, read out at once (a fold is valid only until the next one). */
function snapshot(folded: FoldedText) {
  const { length } = folded;
  const starts: number[] = [];
  const ends: number[] = [];
  for (let k = 0; k < length; k++) {
    starts.push(folded.startOf(k));
    ends.push(folded.endOf(k));
  }
  // Where an occurrence may begin and end, for every span of a short text.
  const counts: string[] = [];
  if (length <= 48) {
    for (let start = 0; start < length; start++) {
      let row = '';
      for (let end = start + 1; end <= length; end++) row += countsAt(folded, start, end) ? '1' : '0';
      counts.push(row);
    }
  }
  return {
    length,
    // The units and the 0 after them.
    units: [...folded.units.subarray(0, length + 1)],
    text: folded.text(),
    starts,
    ends,
    hasMarks: folded.hasMarks,
    joined: folded.joined,
    innerBoundaries: [...folded.innerBoundaries],
    markupSigns: folded.markupSigns,
    counts,
  };
}

/**
 * Pieces of text by what the folding does with them: plain text that folds to itself (ASCII
 * lower case, CJK), units that fold to another unit (case, fullwidth, look-alikes), expansions,
 * spaces of every kind (in runs, which collapse), ignorables, combining marks, jamo, surrogate
 * pairs and lone surrogates, and U+0000.
 */
const PIECES = {
  ascii: ['a', 'b', 'x', 'z', 'q', 'the', 'fox', 'over', 'lazy', ',', '.', '!', '-', '(', ')', '2', '9', 'rn', 'ar'],
  foldsToOne: ['A', 'Z', 'I', '0', '1', '|', '`', 'Ａ', 'ｚ', '，', '０', '\u0430', '\u043e', '\u0441', '\u03bf', '\u0399', 'σ', 'ς', 'Σ', 'ǅ', '\uF902', '⾞'],
  expansions: ['m', 'M', '"', '%', 'ß', 'ẞ', 'ﬁ', 'ﬀ', '\uFDFA', '㎏', '½', '\u0130', '\u0149', 'ǰ'],
  spaces: [' ', ' ', '  ', '   ', '\u00a0', '\u3000', '\t', '\n', '\r\n', '\u2009', '\u202f', '\u2028', '\u1680', '\u0085'],
  ignorables: [
    '\u200b',
    '\u200c',
    '\u200d',
    '\u00ad',
    '\u2060',
    '\u200e',
    '\u202e',
    '\ufe0f',
    '\ufe00',
    '\u034f',
    '\u180e',
    '\u{E0041}',
    '\u{E007F}',
    '\u{E0100}',
  ],
  marks: ['\u0301', '\u0300', '\u0308', '\u0327', '\u20dd', '\u0e31', '\ufe20', '\u{1D167}', '\u{101FD}', 'e\u0301', 'é', 'ë', 'ё', 'ệ', 'Ấ', 'ą', 'ų'],
  kana: ['ｶ', 'ﾞ', 'ﾟ', 'ｶﾞ', 'ﾊﾟ', 'ガ', 'カ', '力', '\u3099'],
  jamo: ['\u1100', '\u1161', '\u11a8', '가', '각', '\ud7b0', '\u3131'],
  cjk: ['看', '車', '預約', '保留', '兩張票', '中文', '。', '、', '「', '」', '真人確認'],
  astral: ['😀', '👍🏽', '🙂', '\u{1D42B}', '\u{1D400}', '\u{20000}', '\u{2F800}', '\u{1F100}', '\u{10400}', '\u{1E900}'],
  loneSurrogates: ['\ud800', '\udbff', '\udc00', '\udfff', '\ude00\ud83d', '\ud83d'],
  nul: ['\u0000', '\u0000\u0000'],
  // `<` and `&`, which the fold notes (markupSigns); `<` + U+0338 is one segment (NFC: `≮`).
  markup: ['<', '&', '<b>', '&amp;', '<\u0338', '&\u0301', '≮', '﹤', '＆'],
};
const ALL_PIECES = Object.values(PIECES).flat();

/** Text mostly of one kind, so the fast path meets long runs, with pieces of every other kind in it. */
const textArb = fc
  .tuple(fc.constantFrom(...Object.values(PIECES)), fc.array(fc.nat(), { minLength: 1, maxLength: 80 }), fc.integer({ min: 0, max: 100 }))
  .map(([main, picks, mix]) => picks.map((p) => (p % 100 < mix ? ALL_PIECES[p % ALL_PIECES.length]! : main[p % main.length]!)).join(''));

/** Any code units at all, so table entries are met for the first time in every state of a fold. */
const anyUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((us) => String.fromCharCode(...us));
/** Any code points, around plain runs of text. */
const anyCodePoints = fc
  .tuple(fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 12 }), fc.constantFrom('abcdefgh', '中文字看車預約', 'ＡＢＣ'))
  .map(([cps, plain]) => cps.map((cp) => String.fromCodePoint(cp) + plain.slice(0, cp % 8)).join(''));

describe('foldText', () => {
  it(
    'folds every text exactly as the reference does: units, offsets, marks, inner boundaries (4,000 cases)',
    () => {
      fc.assert(
        fc.property(fc.oneof(textArb, anyUnits, anyCodePoints), (text) => {
          const fast = snapshot(foldText(text));
          expect(fast).toEqual(snapshot(previousFoldText(text)));
        }),
        { numRuns: 4000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'folds long texts as the reference does, through the growth of its buffers',
    () => {
      const texts = [
        '預約看車，'.repeat(2500),
        'the lazy fox, '.repeat(900),
        // Each U+FDFA folds to 18 units: the folded text (61,000 units) outgrows the buffers
        // mid-fold, whatever size earlier folds left them.
        '\uFDFA'.repeat(3000) + 'abcd '.repeat(300) + '\uFDFA '.repeat(300),
        'a  b\u00a0\u00a0c\u3000 d'.repeat(600),
        'ｶﾞ\u200bm\u0301ß😀'.repeat(700),
      ];
      for (const text of texts) expect(snapshot(foldText(text))).toEqual(snapshot(previousFoldText(text)));
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('a fold is a function of its text alone: folding other texts between leaves it unchanged', () => {
    const text = 'Ａpproved  預約ß\u200b看車 m\u0301';
    const first = snapshot(foldText(text));
    foldText('\uFDFA'.repeat(5000));
    foldText('');
    expect(snapshot(foldText(text))).toEqual(first);
  });

  it('folds plain text to itself, each unit from its own offset (no i: it folds to l)', () => {
    const text = 'the quack brown fox, 預約看車! '.repeat(40);
    const folded = snapshot(foldText(text));
    expect(folded.text).toBe(text);
    expect(folded.starts).toEqual([...text].map((_, i) => i));
    expect(folded.ends).toEqual([...text].map((_, i) => i + 1));
    expect(folded.innerBoundaries).toEqual([]);
    expect(folded.hasMarks).toBe(false);
  });
});
