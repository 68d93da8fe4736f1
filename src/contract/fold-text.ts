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
 *    Cyrillic `а` → `a`, Greek `ο` → `o`, Cyrillic `ё` → `ë`), and `i` → `l`: the skeleton maps
 *    capital `I` to `l` and case folding maps it to `i`, so both hold only when `i` ≡ `l`
 *    (`aIready` is `already`, `GeId` is `Geld`);
 * 5. every White_Space code point, and the blank fillers used as spaces ({@link isBlankFiller}),
 *    becomes U+0020;
 *
 * repeated until nothing changes (a prototype may itself fold further). Runs of spaces in the
 * folded text then count as one. Segments fold independently, which is what lets each folded
 * code unit point back at the original text: unit `k` came from `[startOf(k), endOf(k))`.
 */

/** The classes of disguise `folded` matching sees through (its documented promise). */
export const FOLDED_DISGUISE_CLASSES = ['ignorable', 'spacing', 'fullwidth', 'case', 'confusable'] as const;

/**
 * The classes `loose` matching (forbidden terms only) sees through beyond `folded`'s: leet
 * digits and symbols (`r3fund`, `vv` for `w`), stretched letters (`guuuarantee`), letters
 * separated by spaces, punctuation or line breaks (`r e f u n d`), words joined
 * (`moneyisonitsway`), masked letters (`alr*ady`), markup (`<b>refund</b>`, `&nbsp;`), styled
 * letters without an NFKC mapping (`🅦`, `ʀᴇꜰᴜɴᴅ`), combining marks added (`álready`, `保̶`),
 * diacritics stripped (`grazinimas`), and Simplified or variant Han (`已经帮您预约`, `保証`).
 */
export const LOOSE_DISGUISE_CLASSES = [
  'leet',
  'stretched',
  'separated',
  'joined',
  'masked',
  'markup',
  'styled',
  'marks',
  'diacritics',
  'han_variant',
] as const;

/**
 * Every class of disguise, named on the occurrences a folded or loose list reports: the
 * {@link FOLDED_DISGUISE_CLASSES}, then the {@link LOOSE_DISGUISE_CLASSES}.
 */
export const DISGUISE_CLASSES = [...FOLDED_DISGUISE_CLASSES, ...LOOSE_DISGUISE_CLASSES] as const;

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

/**
 * The blank fillers that render as a space: HANGUL CHOSEONG FILLER U+115F, HANGUL JUNGSEONG FILLER
 * U+1160 (what NFKC makes of the next two), HANGUL FILLER U+3164, HALFWIDTH HANGUL FILLER U+FFA0
 * (all four default-ignorable) and BRAILLE PATTERN BLANK U+2800.
 * Put between two words they look like a space, so they fold to one: removed as invisible
 * characters, they would join the words and hide a term (`refund\u3164approved`).
 */
export function isBlankFiller(cp: number): boolean {
  return cp === 0x115f || cp === 0x1160 || cp === 0x3164 || cp === 0xffa0 || cp === 0x2800;
}

/**
 * True for a code point folding removes: a Default_Ignorable_Code_Point (Unicode 17.0.0) that is
 * not a blank filler ({@link isBlankFiller}, which folds to a space).
 */
export function isDefaultIgnorable(cp: number): boolean {
  if (isBlankFiller(cp)) return false;
  return isInIgnorableRanges(cp);
}

function isInIgnorableRanges(cp: number): boolean {
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
const SPECIAL = /^[\p{M}\p{White_Space}\u115f\u1160\u2800\u3164\uffa0i]$/u;

/** True for a combining mark (general category M). */
export function isMark(cp: number): boolean {
  return MARK.test(String.fromCodePoint(cp));
}

function isWhiteSpace(cp: number): boolean {
  return isBlankFiller(cp) || WHITE_SPACE.test(String.fromCodePoint(cp));
}

/**
 * True when `cp` continues the segment before it: a default-ignorable code point, a mark, a
 * Hangul medial or final jamo (they compose with the syllable before), or a code point whose
 * compatibility decomposition starts with a mark (halfwidth `ﾞ` → U+3099).
 */
export function isContinuing(cp: number): boolean {
  if (isBlankFiller(cp)) return false;
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

/**
 * {@link confusableSkeleton} closed under case folding: the skeleton of capital `I` is `l`, and
 * case folding makes `I` an `i` before the skeleton could see it, so `i` folds to `l` as well.
 */
export function caselessSkeleton(text: string): string {
  return confusableSkeleton(text).replaceAll('i', 'l');
}

/** Most rounds of folding one segment; a prototype that folds further settles in two. */
const MAX_ROUNDS = 4;

/** Folds one segment (see the module comment). Exported for the reference in tests. */
export function foldSegment(segment: string): string {
  let s = removeIgnorables(segment);
  for (let round = 0; round < MAX_ROUNDS && s !== ''; round++) {
    const next = removeIgnorables(spaces(caselessSkeleton(caseFold(s.normalize('NFKC')))));
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

/**
 * For {@link fastRun}: the folded unit of each code unit whose entry is {@link SIMPLE}; 0 for
 * the others, for units not yet met, and for U+0000 (which folds to itself), which the fast run
 * then takes one at a time. Two bytes an entry, so the entries a text uses stay in the cache
 * (text drawn from 1,500 ideographs spread over 10,500 code points touches 21 KiB here, 84 in
 * {@link unitTable}).
 */
const fastTable = new Uint16Array(65536);

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
  if ((entry & SIMPLE) !== 0) fastTable[u] = entry & 0xffff;
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
   * True when some segment joined several visible code points (a letter and its marks, Hangul
   * jamo, halfwidth voicing): a term may then occur exactly in the text while its fold does not
   * occur in the fold (`guarantee` + U+0301 folds to `guaranté`), so the exact occurrences must
   * be added to the folded ones for `folded` to catch all that `exact` catches.
   */
  readonly joined: boolean;
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
/** The same buffers as pairs of units, for the fast run's aligned rounds. */
let units32 = new Uint32Array(0);
let code32 = new Uint32Array(0);
let codeBuffer = Buffer.alloc(0);
/**
 * Runs of units folded the fast way, as (first unit, end unit, offset − unit) triples: within a
 * run, unit `k` came from original offset `k + delta` and ends one unit later, so the fast path
 * stores no offsets at all. Ascending and disjoint.
 */
let runs = new Int32Array(96);
/**
 * For each unit outside the runs (folded the slow way, or the last of a run whose end a
 * collapsed space moved): the original range it came from. Indexed by unit, written only for
 * those units, so never cleared.
 */
let slowStart = new Int32Array(0);
let slowEnd = new Int32Array(0);

function ensure(capacity: number): void {
  if (units.length >= capacity + 1) return;
  const size = Math.max(capacity * 2, 8192);
  const old = units;
  unitBuffer = Buffer.allocUnsafeSlow(size * 2);
  units = new Uint16Array(unitBuffer.buffer, unitBuffer.byteOffset, size);
  units32 = new Uint32Array(unitBuffer.buffer, unitBuffer.byteOffset, size / 2);
  units.set(old);
  const oldStart = slowStart;
  const oldEnd = slowEnd;
  slowStart = new Int32Array(size);
  slowEnd = new Int32Array(size);
  slowStart.set(oldStart);
  slowEnd.set(oldEnd);
}

function ensureCode(length: number): Uint16Array {
  if (code.length < length + 1) {
    codeBuffer = Buffer.allocUnsafeSlow(Math.max(2 * (length + 1), 8192) * 2);
    code = new Uint16Array(codeBuffer.buffer, codeBuffer.byteOffset, codeBuffer.length / 2);
    code32 = new Uint32Array(codeBuffer.buffer, codeBuffer.byteOffset, codeBuffer.length / 4);
  }
  return code;
}

/**
 * Folds `text`, keeping for every folded code unit the original range it came from. For the
 * common case (code units that fold alone to one unit, none continued by the next), a table
 * lookup per unit, four units a round read and written in pairs, and no offsets: a run records
 * them all. Segments with marks, ignorables, surrogates or expansions (`ß` → `ss`) fold the
 * slow way, cached, their offsets kept aside.
 */
export function foldText(text: string): FoldedText {
  const t = unitTable;
  const n = text.length;
  const src = ensureCode(n);
  codeBuffer.write(text, 0, 'utf16le');
  src[n] = 0; // sentinel: unit 0 continues nothing, and has no fast entry
  // A segment's fold can be longer than the segment (NFKC of U+FDFA is 18 units), so capacity
  // grows on demand in the slow path.
  ensure(n + 16);
  let k = 0;
  let last = -1; // last emitted unit, for collapsing spaces
  let marks = false;
  let joined = false;
  const inner: number[] = [];
  let runCount = 0;
  let i = 0;
  while (i < n) {
    // The fast run, in a function of its own so its loop optimizes apart from the slow way.
    const runFirst = k;
    k = fastRun(t, src, code32, i, n, units, units32, k, last);
    if (k > runFirst) {
      if (runCount * 3 + 3 > runs.length) {
        const grown = new Int32Array(runs.length * 2);
        grown.set(runs);
        runs = grown;
      }
      runs[runCount * 3] = runFirst;
      runs[runCount * 3 + 1] = k;
      runs[runCount * 3 + 2] = i - runFirst;
      runCount++;
      last = units[k - 1]!;
    }
    i = runEnd;
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
      moveEnd(k - 1, i + 1, runCount);
      i++;
      continue;
    }
    // The slow way: gather the segment — this code point and every one continuing it — unless
    // it is this unit alone (`m` → `rn` in English text), known from the two units' entries.
    const segStart = i;
    let coreEnd = i + 1;
    let j = i + 1;
    let folded: string;
    const u = src[i]!;
    if ((e & CONTINUES) === 0 && (t[src[i + 1]!]! & CONTINUES) === 0 && !(u >= 0xd800 && u <= 0xdfff)) {
      folded = foldUnitCached(u);
    } else {
      coreEnd = i;
      j = i;
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
      folded = j === segStart + 1 ? foldUnitCached(u) : foldSegmentCached(text.slice(segStart, j));
    }
    ensure(k + folded.length + n);
    const end = coreEnd > segStart ? coreEnd : j;
    const firstK = k;
    for (let c = 0; c < folded.length; c++) {
      const f = folded.charCodeAt(c);
      if (f === 32 && last === 32) {
        moveEnd(k - 1, end, runCount);
        continue;
      }
      if (!marks && f < 0xd800 && (entryOf(f) & MARK_UNIT) !== 0) marks = true;
      units[k] = f;
      slowStart[k] = segStart;
      slowEnd[k] = end;
      k++;
      last = f;
    }
    for (let x = firstK; x < k - 1; x++) inner.push(x);
    i = j;
  }
  units[k] = 0;
  return new ScratchFold(units, k, marks, joined, inner, unitBuffer, runs, runCount, slowStart, slowEnd);
}

/**
 * What {@link foldText} returns: a view of the scratch arrays. A class, so that a fold makes one
 * object and no closures (closures made per call also cost a `__name` call each where the
 * TypeScript runner keeps names, as the benchmarks' does: 1.8 µs per fold).
 */
class ScratchFold implements FoldedText {
  constructor(
    readonly units: Uint16Array,
    readonly length: number,
    readonly hasMarks: boolean,
    readonly joined: boolean,
    readonly innerBoundaries: readonly number[],
    private readonly buffer: Buffer,
    private readonly runTable: Int32Array,
    private readonly runCount: number,
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
  ) {}

  startOf(unit: number): number {
    const run = this.runOf(unit);
    return run < 0 ? this.starts[unit]! : unit + this.runTable[run + 2]!;
  }

  endOf(unit: number): number {
    return this.runOf(unit) < 0 ? this.ends[unit]! : this.startOf(unit) + 1;
  }

  text(): string {
    return this.buffer.toString('utf16le', 0, this.length * 2);
  }

  /** The run holding `unit` (its index times 3), or -1 when it was folded the slow way. */
  private runOf(unit: number): number {
    const runs = this.runTable;
    // The last run starting at or before `unit`.
    let lo = 0;
    let hi = this.runCount - 1;
    if (hi < 0 || runs[0]! > unit) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid * 3]! <= unit) lo = mid;
      else hi = mid - 1;
    }
    return unit < runs[lo * 3 + 1]! ? lo * 3 : -1;
  }
}

/**
 * Moves the end of unit `x`, the last one emitted, to original offset `end` (a space after it
 * collapsed into it). A unit of a run ends one unit after its start, so when `x` closes a run
 * it leaves the run for the slow units' offsets.
 */
function moveEnd(x: number, end: number, runCount: number): void {
  const r = (runCount - 1) * 3;
  if (runCount > 0 && runs[r + 1] === x + 1) {
    slowStart[x] = x + runs[r + 2]!;
    runs[r + 1] = x; // perhaps leaving the run empty: it then holds no unit, and is passed over
  }
  slowEnd[x] = end;
}

/** Where the last {@link fastRun} stopped. */
let runEnd = 0;

/**
 * Folds code units from `i` while each folds alone to one unit, nothing continues it and no
 * space follows a space; returns the new output length and leaves the stopping offset in
 * {@link runEnd}. Writes nothing but the folded units: their offsets are `k + (i - k)`.
 *
 * Four units a round while all four and the unit after them have an entry in {@link fastTable}
 * (so none is continued) and no two spaces are in a row; one at a time, by their full entries,
 * through the unit that ended the rounds. Where the text and the folded text are both at an
 * even unit, a round reads and writes pairs of units (half the typed-array accesses, each of
 * which V8 checks); the pair after the round's four is kept for the next round.
 */
function fastRun(
  t: Int32Array,
  src: Uint16Array,
  src32: Uint32Array,
  i: number,
  n: number,
  out: Uint16Array,
  out32: Uint32Array,
  k: number,
  last: number,
): number {
  const fast = fastTable;
  for (;;) {
    if (((i | k) & 1) === 0) {
      let w = i >>> 1;
      let o = k >>> 1;
      // The last round reads the pair holding unit n (the sentinel) and the one after it.
      const rounds = (n - 4) >> 1;
      let a = src32[w]!;
      let f0 = fast[a & 0xffff]!;
      for (; w <= rounds; w += 2, o += 2) {
        const b = src32[w + 1]!;
        const c = src32[w + 2]!;
        const f1 = fast[a >>> 16]!;
        const f2 = fast[b & 0xffff]!;
        const f3 = fast[b >>> 16]!;
        const f4 = fast[c & 0xffff]!;
        const least = Math.min(f0, f1, f2, f3, f4);
        if (least <= 32 && (least === 0 || (f0 === 32 && (last === 32 || f1 === 32)) || (f2 === 32 && (f1 === 32 || f3 === 32)))) break;
        out32[o] = f0 | (f1 << 16);
        out32[o + 1] = f2 | (f3 << 16);
        last = f3;
        a = c;
        f0 = f4;
      }
      i = w << 1;
      k = o << 1;
    } else {
      for (; i + 4 <= n; i += 4, k += 4) {
        const f0 = fast[src[i]!]!;
        const f1 = fast[src[i + 1]!]!;
        const f2 = fast[src[i + 2]!]!;
        const f3 = fast[src[i + 3]!]!;
        const least = Math.min(f0, f1, f2, f3, fast[src[i + 4]!]!);
        if (least <= 32 && (least === 0 || (f0 === 32 && (last === 32 || f1 === 32)) || (f2 === 32 && (f1 === 32 || f3 === 32)))) break;
        out[k] = f0;
        out[k + 1] = f1;
        out[k + 2] = f2;
        out[k + 3] = f3;
        last = f3;
      }
    }
    for (const stop = Math.min(i + 5, n); i < stop; i++) {
      const e = t[src[i]!]!;
      const f = e & 0xffff;
      if ((e & SIMPLE) === 0 || (t[src[i + 1]!]! & (CONTINUES | KNOWN)) !== KNOWN || (f === 32 && last === 32)) {
        runEnd = i;
        return k;
      }
      out[k++] = f;
      last = f;
    }
    if (i >= n) break;
  }
  runEnd = i;
  return k;
}

/** Folds of segments of one code unit, by unit: no slice and no string hashing. */
const unitFolds = new Map<number, string>();

function foldUnitCached(u: number): string {
  let folded = unitFolds.get(u);
  if (folded === undefined) {
    folded = foldSegment(String.fromCharCode(u));
    unitFolds.set(u, folded);
  }
  return folded;
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
  const next = at + 1 < folded.length ? folded.units[at + 1]! : 0;
  // A pair only when a low surrogate follows: a lone high one before a mark is no code point.
  if (u >= 0xd800 && u <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
    return isMark(((u - 0xd800) << 10) + (next - 0xdc00) + 0x10000);
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
    ['confusable', caselessSkeleton],
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
