import { CASE_FOLDING, CONFUSABLES, DEFAULT_IGNORABLE } from './unicode-folding-data.js';

/**
 * `folded` matching (Reply Contract v1) compares a term and a candidate after the same folding,
 * applied to each *segment* of the text — a code point with the code points that continue it
 * (combining marks, default-ignorable code points, Hangul medial and final jamo, and anything
 * whose compatibility decomposition starts with a mark, such as halfwidth katakana voicing):
 *
 * 1. default-ignorable code points are removed (zero-width space, joiners, soft hyphen, word
 *    joiner, bidi controls, variation selectors, tag characters…);
 * 2. NFKC (fullwidth and halfwidth forms, ligatures, mathematical letters…);
 * 3. full Unicode case folding (CaseFolding.txt C + F: `ß` → `ss`, final sigma → `σ`);
 * 4. the UTS #39 confusable skeleton (on NFD, recomposed to NFC afterwards, so diacritics stay:
 *    Cyrillic `а` → `a`, Greek `ο` → `o`, Cyrillic `ё` → `ë`);
 * 5. every White_Space code point becomes U+0020;
 *
 * repeated until nothing changes (a prototype may itself fold further). Runs of spaces in the
 * folded text then count as one. Segments fold independently, which is what lets each folded
 * code unit point back at the original text: unit `k` came from `[startOf(k), endOf(k))`.
 */

/** The classes of disguise `folded` matching sees through, named on every occurrence it reports. */
export const DISGUISE_CLASSES = ['ignorable', 'spacing', 'fullwidth', 'case', 'confusable'] as const;

/** One class of disguise; see {@link DISGUISE_CLASSES}. */
export type DisguiseClass = (typeof DISGUISE_CLASSES)[number];

const parseHex = (h: string) => Number.parseInt(h, 16);

function parseMap(data: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const entry of data.split(';')) {
    const [from, to] = entry.split(':') as [string, string];
    map.set(parseHex(from), String.fromCodePoint(...to.split(' ').map(parseHex)));
  }
  return map;
}

let caseFolding: Map<number, string> | undefined;
let confusables: Map<number, string> | undefined;
let ignorableRanges: Int32Array | undefined;

function caseFoldingMap(): Map<number, string> {
  return (caseFolding ??= parseMap(CASE_FOLDING));
}

function confusablesMap(): Map<number, string> {
  return (confusables ??= parseMap(CONFUSABLES));
}

/** Pairs of [from, to] (inclusive), sorted, for a binary search. */
function ignorables(): Int32Array {
  if (ignorableRanges) return ignorableRanges;
  const entries = DEFAULT_IGNORABLE.split(';');
  const ranges = new Int32Array(entries.length * 2);
  entries.forEach((entry, i) => {
    const [from, to = from] = entry.split('-') as [string, string?];
    ranges[2 * i] = parseHex(from);
    ranges[2 * i + 1] = parseHex(to!);
  });
  return (ignorableRanges = ranges);
}

/** True for a Default_Ignorable_Code_Point (Unicode 17.0.0). */
export function isDefaultIgnorable(cp: number): boolean {
  const r = ignorables();
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < r[2 * mid]!) hi = mid - 1;
    else if (cp > r[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const MARK = /^\p{M}/u;
const WHITE_SPACE = /^\p{White_Space}$/u;
/** Code points the table must fold the slow way even when no data maps them. */
const SPECIAL = /^[\p{M}\p{White_Space}]$/u;

/** True for a combining mark (general category M). */
export function isMark(cp: number): boolean {
  return MARK.test(String.fromCodePoint(cp));
}

function isWhiteSpace(cp: number): boolean {
  return WHITE_SPACE.test(String.fromCodePoint(cp));
}

/**
 * True when `cp` continues the segment before it: a default-ignorable code point, a mark, a
 * Hangul medial or final jamo (they compose with the syllable before), or a code point whose
 * compatibility decomposition starts with a mark (halfwidth `ﾞ` → U+3099).
 */
export function isContinuing(cp: number): boolean {
  if (isDefaultIgnorable(cp) || isMark(cp)) return true;
  if ((cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff)) return true;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  const nfkd = String.fromCodePoint(cp).normalize('NFKD');
  return MARK.test(nfkd);
}

function mapCodePoints(text: string, map: Map<number, string>): string {
  let out = '';
  for (const ch of text) out += map.get(ch.codePointAt(0)!) ?? ch;
  return out;
}

function removeIgnorables(text: string): string {
  let out = '';
  for (const ch of text) if (!isDefaultIgnorable(ch.codePointAt(0)!)) out += ch;
  return out;
}

function spaces(text: string): string {
  let out = '';
  for (const ch of text) out += isWhiteSpace(ch.codePointAt(0)!) ? ' ' : ch;
  return out;
}

/** Full case folding (CaseFolding.txt statuses C and F). */
export function caseFold(text: string): string {
  return mapCodePoints(text, caseFoldingMap());
}

/** The UTS #39 skeleton of `text`, recomposed to NFC so that diacritics stay composed. */
export function confusableSkeleton(text: string): string {
  return mapCodePoints(text.normalize('NFD'), confusablesMap()).normalize('NFC');
}

/** Most rounds of folding one segment; a prototype that folds further settles in two. */
const MAX_ROUNDS = 4;

/** Folds one segment (see the module comment). Exported for the reference in tests. */
export function foldSegment(segment: string): string {
  let s = removeIgnorables(segment);
  for (let round = 0; round < MAX_ROUNDS && s !== ''; round++) {
    const next = removeIgnorables(spaces(confusableSkeleton(caseFold(s.normalize('NFKC')))));
    if (next === s) break;
    s = next;
  }
  return s;
}

/**
 * Code unit table: for each BMP code unit, how the fast path treats it when it stands alone.
 * Entries are computed the first time a unit is met (0: not yet), so a process pays only for
 * the characters its texts use. Low 16 bits: the folded unit. Flags above.
 */
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

/**
 * A folded text: its code units and, for each, the original range it came from. Backed by
 * scratch arrays shared by every fold in the process and valid until the next {@link foldText}:
 * verification is synchronous, so folds never overlap.
 */
export interface FoldedText {
  /** Folded UTF-16 code units, `length` of them (then a 0 sentinel). */
  readonly units: Uint16Array;
  readonly length: number;
  /** Original offset (inclusive) where unit `k` came from. */
  startOf(k: number): number;
  /**
   * Original offset (exclusive) where unit `k`'s segment ends, not counting trailing
   * default-ignorable code points (so an occurrence does not end in an invisible character).
   */
  endOf(k: number): number;
  /** True when some segment held a mark, so {@link countsAt} must look for one. */
  readonly hasMarks: boolean;
  /**
   * Units `x` where the boundary between unit `x` and `x + 1` lies inside one segment's fold
   * (`ß` → `ss`, `m` → `rn`): no occurrence may start or end there. Ascending; usually empty.
   */
  readonly innerBoundaries: readonly number[];
  /** The folded text as a string (made on demand). */
  text(): string;
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
export function foldText(text: string): FoldedText {
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
      if (!ignorable) coreEnd = j + width;
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
    innerBoundaries: inner,
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

/**
 * True when folded units `[start, end)` count as an occurrence: they begin and end on segment
 * boundaries (so `ar` is not found in `am`, whose `m` folds to `rn`, nor `s` in `ß`), and no
 * combining mark follows (the occurrence would end inside a letter with a diacritic the term
 * does not have: diacritics change meaning in Lithuanian or Vietnamese).
 */
export function countsAt(folded: FoldedText, start: number, end: number): boolean {
  const inner = folded.innerBoundaries;
  if (inner.length > 0 && (includesSorted(inner, start - 1) || includesSorted(inner, end - 1))) return false;
  return !endsBeforeMark(folded, end);
}

function includesSorted(list: readonly number[], x: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < x) lo = mid + 1;
    else if (list[mid]! > x) hi = mid - 1;
    else return true;
  }
  return false;
}

function endsBeforeMark(folded: FoldedText, at: number): boolean {
  if (!folded.hasMarks || at >= folded.length) return false;
  const u = folded.units[at]!;
  if (u >= 0xd800 && u <= 0xdbff && at + 1 < folded.length) {
    return isMark(((u - 0xd800) << 10) + (folded.units[at + 1]! - 0xdc00) + 0x10000);
  }
  return (entryOf(u) & MARK_UNIT) !== 0;
}

/**
 * Folds a term (or any short text) to a string, exactly as {@link foldText} folds a candidate:
 * a folded term occurs in a folded candidate where `folded` matching reports it.
 */
export function foldTerm(term: string): string {
  const folded = foldText(term);
  return folded.text();
}

/**
 * Which disguises separate `original` (a slice of a candidate) from `term`, given that both fold
 * to the same text. The folding steps are applied to both in the order of
 * {@link DISGUISE_CLASSES}; a class is named when
 * its step changed one side while the two still differed.
 */
export function disguisesBetween(original: string, term: string): DisguiseClass[] {
  if (original === term) return [];
  const steps: [DisguiseClass, (s: string) => string][] = [
    // No NFC first: a compatibility ideograph (U+F902 for 車) is a disguise too, named `fullwidth`.
    ['ignorable', removeIgnorables],
    ['spacing', (s) => spaces(s).replace(/ {2,}/g, ' ')],
    ['fullwidth', (s) => s.normalize('NFKC')],
    ['case', caseFold],
    ['confusable', confusableSkeleton],
  ];
  const seen: DisguiseClass[] = [];
  let a = original;
  let b = term;
  for (let round = 0; round < 2 && a !== b; round++) {
    for (const [name, step] of steps) {
      if (a === b) break;
      const a2 = step(a);
      const b2 = step(b);
      if ((a2 !== a || b2 !== b) && !seen.includes(name)) seen.push(name);
      a = a2;
      b = b2;
    }
  }
  return DISGUISE_CLASSES.filter((c) => seen.includes(c));
}
