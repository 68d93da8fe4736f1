import { WasmFoldRun } from './fold-wasm.js';
import { caseFoldingMap, confusablesMap, foldSegment, isContinuing, isDefaultIgnorable, isMark } from './reference-fold.js';
import { TIER_UP_UNITS } from './term-matcher.js';
import type { ScanEngine } from './term-matcher-types.js';

/**
 * The fold of a candidate as `folded` matching reads it (see `reference-fold.ts` for what
 * folding does): a table per code unit for the common case, the reference fold, cached, for the
 * rest, and for every folded unit the original range it came from.
 *
 * Once a scratch has folded {@link TIER_UP_UNITS} code units, the rounds of the common case run
 * as WebAssembly (`fold-wasm.ts`, eight units a round) where it is available: the scratch's code
 * units and folded units then live in that instance's memory, beside a copy of the fast table,
 * and the rest of the fold reads and writes them there. The JavaScript rounds stay the
 * reference, and the fold wherever WebAssembly is unavailable.
 */

/** Code points the table must fold the slow way even when no data maps them. */
const SPECIAL = /^[\p{M}\p{White_Space}\u115f\u1160\u2800\u3164\uffa0i]$/u;

/**
 * Code unit table: for each BMP code unit, how the fast path treats it when it stands alone.
 * Entries are computed the first time a unit is met (0: not yet), so a process pays only for
 * the characters its texts use. Low 16 bits: the folded unit. Flags above.
 */
const SIMPLE = 1 << 16; // folds to exactly the one unit in the low bits, which is no mark
const SKIP = 1 << 17; // default-ignorable: folds to nothing and continues the segment before it
const HARD = 1 << 18; // continues the segment before it and is no ignorable (a mark, a jamo…)
export const MARK_UNIT = 1 << 19; // a combining mark, for the diacritic rule at a match's end
const KNOWN = 1 << 20; // the entry has been computed
/**
 * `<` or `&`, where markup may start: until a fold meets one, {@link fastTable} and `fold_run`'s
 * copy of it leave them out, so that the rounds stop before them, and the units one at a time
 * stop at them; {@link foldText} notes the first ({@link FoldedText.markupSigns}), and folds on
 * with both tables holding them (see {@link FoldScratch.noteMarkupSign}). Folds never overlap:
 * verification is synchronous, and nothing a fold calls folds with {@link foldText}.
 */
const MARKUP_SIGN = 1 << 21;
const CONTINUES = SKIP | HARD;

const unitTable = new Int32Array(65536);

/**
 * For {@link fastRun}: the folded unit of each code unit whose entry is {@link SIMPLE}; 0 for
 * the others, for units not yet met, for U+0000 (which folds to itself) and, until the fold
 * under way met one, for `<` and `&` (see {@link MARKUP_SIGN}), which the fast run then takes
 * one at a time. Two bytes an entry, so the entries a text uses stay in the cache (a quarter of
 * what {@link unitTable} would touch).
 */
const fastTable = new Uint16Array(65536);

/** The table entry of code unit `u`, computed on first use. */
export function entryOf(u: number): number {
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
  if (u === 0x3c || u === 0x26) entry |= MARKUP_SIGN;
  unitTable[u] = entry;
  if ((entry & (SIMPLE | MARKUP_SIGN)) === SIMPLE) fastTable[u] = entry & 0xffff;
  return entry;
}

/**
 * Sets the entries of `<` and `&` in `table` ({@link fastTable} or `fold_run`'s copy): 0 while
 * the fold under way has not met one, else what the table holds for any unit. Both are
 * computed once one is met: the other, not yet known, would otherwise stay 0 for the rest of
 * that fold, each of its occurrences then folded the slow way (and in WebAssembly, a call each).
 */
function setMarkupSigns(table: Uint16Array, met: boolean): void {
  if (!met) {
    table[0x3c] = 0;
    table[0x26] = 0;
    return;
  }
  const lt = unitTable[0x3c] || entryOf(0x3c);
  const amp = unitTable[0x26] || entryOf(0x26);
  table[0x3c] = (lt & SIMPLE) !== 0 ? lt & 0xffff : 0;
  table[0x26] = (amp & SIMPLE) !== 0 ? amp & 0xffff : 0;
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
 * A folded text: its code units and, for each, the original range it came from. A view of the
 * arrays of a {@link FoldScratch}, valid until the next {@link foldText} with it.
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
  /**
   * True when the text holds `<` or `&`, where markup may start (see `markupRanges`): noted as
   * the fold reads them, so a loose fold of text without markup need not search the text again.
   */
  readonly markupSigns: boolean;
  /** The folded text as a string (made on demand). */
  text(): string;
}

/**
 * The scratch arrays of folding: the text's code units, the folded units and their offsets.
 * Owned by a verifier (or by {@link foldTerm} for terms), grown on demand; a {@link FoldedText}
 * is a view of them, valid until the next fold with the same scratch. Verification is
 * synchronous, so folds with one scratch never overlap. Once the common case moved to
 * WebAssembly, the code and folded units are views of its instance's memory, made anew when it
 * grows (the older views are then detached).
 */
export class FoldScratch {
  unitBuffer = Buffer.alloc(0);
  units = new Uint16Array(0);
  code = new Uint16Array(0);
  /** The same buffers as pairs of units, for the fast run's aligned rounds. */
  units32 = new Uint32Array(0);
  code32 = new Uint32Array(0);
  codeBuffer = Buffer.alloc(0);
  /**
   * Runs of units folded the fast way, as (first unit, end unit, offset − unit) triples: within
   * a run, unit `k` came from original offset `k + delta` and ends one unit later, so the fast
   * path stores no offsets at all. Ascending and disjoint.
   */
  runs = new Int32Array(96);
  /**
   * For each unit outside the runs (folded the slow way, or the last of a run whose end a
   * collapsed space moved): the original range it came from. Indexed by unit, written only for
   * those units, so never cleared.
   */
  slowStart = new Int32Array(0);
  slowEnd = new Int32Array(0);
  /** Where the last `fastRun` stopped. */
  runEnd = 0;
  /** Whether the fold under way met `<` or `&` (see {@link FoldedText.markupSigns}). */
  markupSigns = false;
  /** The WebAssembly run of the common case, once the scratch moved it there. */
  wasm: WasmFoldRun | undefined;
  /** Code units still to fold in JavaScript before the common case moves to WebAssembly. */
  private budget: number;

  /**
   * `engine`: `auto` (the default) moves the common case to WebAssembly, where available, after
   * {@link TIER_UP_UNITS} code units; `wasm` at the first fold (where available: the fold stays
   * in JavaScript otherwise, as it would under `auto`); `js` never.
   */
  constructor(engine: ScanEngine | 'auto' = 'auto') {
    this.budget = engine === 'js' ? Infinity : engine === 'wasm' ? 0 : TIER_UP_UNITS;
  }

  /**
   * The bytes its buffers hold now (they grow with the longest text folded, never shrink): with
   * the common case in WebAssembly, its instance's whole memory (the fold table's 128 KiB too).
   */
  get byteLength(): number {
    const arrays = this.wasm ? this.wasm.byteLength : this.unitBuffer.length + this.codeBuffer.length;
    return arrays + this.runs.byteLength + this.slowStart.byteLength + this.slowEnd.byteLength;
  }

  /** Room for `capacity` folded units and a sentinel, keeping the units folded so far. */
  ensure(capacity: number): void {
    if (this.units.length >= capacity + 1) return;
    const size = Math.max(capacity * 2, 256);
    if (this.wasm) {
      // Keeps the code units too: a fold grows its folded units midway.
      this.wasm.layout(this.code.length, size);
      this.adopt(this.wasm);
    } else {
      const old = this.units;
      this.unitBuffer = Buffer.allocUnsafeSlow(size * 2);
      this.units = new Uint16Array(this.unitBuffer.buffer, this.unitBuffer.byteOffset, size);
      this.units32 = new Uint32Array(this.unitBuffer.buffer, this.unitBuffer.byteOffset, size / 2);
      this.units.set(old);
    }
    const oldStart = this.slowStart;
    const oldEnd = this.slowEnd;
    this.slowStart = new Int32Array(size);
    this.slowEnd = new Int32Array(size);
    this.slowStart.set(oldStart);
    this.slowEnd.set(oldEnd);
  }

  /** Room for a text of `length` code units and its sentinel (the code units are not kept). */
  ensureCode(length: number): Uint16Array {
    if (this.code.length < length + 1) {
      const size = Math.max(2 * (length + 1), 256);
      if (this.wasm) {
        this.wasm.layout(size, this.units.length);
        this.adopt(this.wasm);
      } else {
        this.codeBuffer = Buffer.allocUnsafeSlow(size * 2);
        this.code = new Uint16Array(this.codeBuffer.buffer, this.codeBuffer.byteOffset, size);
        this.code32 = new Uint32Array(this.codeBuffer.buffer, this.codeBuffer.byteOffset, size / 2);
      }
    }
    return this.code;
  }

  /**
   * Before a fold of `n` code units: moves the common case to WebAssembly when the budget is
   * spent, the code and folded units into its instance's memory (with room for as many as
   * now) and a copy of the whole fast table into its table.
   */
  tierUp(n: number): void {
    if (this.wasm || (this.budget -= n) >= 0) return;
    this.budget = Infinity;
    const wasm = WasmFoldRun.create();
    if (!wasm) return;
    wasm.layout(this.code.length, this.units.length);
    wasm.table.set(fastTable);
    this.wasm = wasm;
    this.adopt(wasm);
  }

  /**
   * Before a fold: the rounds and `fold_run` stop before `<` and `&` again, so that the fold
   * reads the first one it meets (if any) one at a time, and notes it.
   */
  beginFold(): void {
    this.markupSigns = false;
    setMarkupSigns(fastTable, false);
    if (this.wasm) setMarkupSigns(this.wasm.table, false);
  }

  /**
   * The fold under way met `<` or `&`: noted, and until the next fold the rounds and `fold_run`
   * fold both like any other unit (a stop before each would cost HTML one every few units, and
   * in WebAssembly a call each).
   */
  noteMarkupSign(): void {
    this.markupSigns = true;
    setMarkupSigns(fastTable, true);
    if (this.wasm) setMarkupSigns(this.wasm.table, true);
  }

  /** Takes the views of `wasm`'s memory as its code and folded units. */
  private adopt(wasm: WasmFoldRun): void {
    this.codeBuffer = wasm.codeBuffer;
    this.code = wasm.code;
    this.code32 = wasm.code32;
    this.unitBuffer = wasm.unitBuffer;
    this.units = wasm.units;
    this.units32 = wasm.units32;
  }
}

/**
 * Folds `text`, keeping for every folded code unit the original range it came from. For the
 * common case (code units that fold alone to one unit, none continued by the next), a table
 * lookup per unit, four units a round read and written in pairs (eight a round, in WebAssembly,
 * once the scratch moved there), and no offsets: a run records them all. Segments with marks,
 * ignorables, surrogates or expansions (`ß` → `ss`) fold the slow way, cached, their offsets
 * kept aside.
 */
export function foldText(text: string, s: FoldScratch): FoldedText {
  const t = unitTable;
  const n = text.length;
  s.tierUp(n);
  // A segment's fold can be longer than the segment (NFKC of U+FDFA is 18 s.units), so capacity
  // grows on demand in the slow path.
  s.ensure(n + 16);
  let src = s.ensureCode(n);
  s.codeBuffer.write(text, 0, 'utf16le');
  src[n] = 0; // sentinel: unit 0 continues nothing, and has no fast entry
  s.beginFold();
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
    k = fastRun(s, t, src, s.code32, i, n, s.units, s.units32, k, last);
    if (k > runFirst) {
      if (runCount * 3 + 3 > s.runs.length) {
        const grown = new Int32Array(s.runs.length * 2);
        grown.set(s.runs);
        s.runs = grown;
      }
      s.runs[runCount * 3] = runFirst;
      s.runs[runCount * 3 + 1] = k;
      s.runs[runCount * 3 + 2] = i - runFirst;
      runCount++;
      last = s.units[k - 1]!;
    }
    i = s.runEnd;
    if (i >= n) break;
    const e = t[src[i]!]!;
    if ((e & MARKUP_SIGN) !== 0 && !s.markupSigns) {
      // The first `<` or `&`, which the fast run stopped at: noted, and read by it from now on.
      s.noteMarkupSign();
      continue;
    }
    if (e === 0 || t[src[i + 1]!] === 0) {
      // Met for the first time: compute, then let the fast run try again.
      entryOf(src[i]!);
      entryOf(src[i + 1]!);
      continue;
    }
    if ((e & SIMPLE) !== 0 && (e & 0xffff) === 32 && last === 32 && (t[src[i + 1]!]! & CONTINUES) === 0) {
      // A space after a space: one space, reaching further.
      moveEnd(s, k - 1, i + 1, runCount);
      i++;
      continue;
    }
    // The slow way: gather the segment — this code point and every one continuing it — unless
    // it is this unit alone (`m` → `rn` in English text), known from the two s.units' entries.
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
    s.ensure(k + folded.length + n);
    src = s.code; // a new view, where the units live in WebAssembly memory that grew
    const end = coreEnd > segStart ? coreEnd : j;
    const firstK = k;
    for (let c = 0; c < folded.length; c++) {
      const f = folded.charCodeAt(c);
      if (f === 32 && last === 32) {
        moveEnd(s, k - 1, end, runCount);
        continue;
      }
      if (!marks && f < 0xd800 && (entryOf(f) & MARK_UNIT) !== 0) marks = true;
      s.units[k] = f;
      s.slowStart[k] = segStart;
      s.slowEnd[k] = end;
      k++;
      last = f;
    }
    for (let x = firstK; x < k - 1; x++) inner.push(x);
    i = j;
  }
  s.units[k] = 0;
  return new ScratchFold(s.units, k, marks, joined, inner, s.markupSigns, s.unitBuffer, s.runs, runCount, s.slowStart, s.slowEnd);
}

/**
 * What {@link foldText} returns: a view of the scratch arrays. A class, so that a fold makes one
 * object and no closures (closures made per call also cost a `__name` call each where the
 * TypeScript runner keeps names, as the benchmarks' does).
 */
class ScratchFold implements FoldedText {
  /**
   * The run {@link runOf} found last (its index times 3): an occurrence asks for its start and
   * then its end, nearly always in one run, so the second answer costs no search.
   */
  private lastRun = 0;

  constructor(
    readonly units: Uint16Array,
    readonly length: number,
    readonly hasMarks: boolean,
    readonly joined: boolean,
    readonly innerBoundaries: readonly number[],
    readonly markupSigns: boolean,
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
    const run = this.runOf(unit);
    return run < 0 ? this.ends[unit]! : unit + this.runTable[run + 2]! + 1;
  }

  text(): string {
    return this.buffer.toString('utf16le', 0, this.length * 2);
  }

  /** The run holding `unit` (its index times 3), or -1 when it was folded the slow way. */
  private runOf(unit: number): number {
    const runs = this.runTable;
    const last = this.lastRun;
    if (last < 3 * this.runCount && runs[last]! <= unit && unit < runs[last + 1]!) return last;
    // The last run starting at or before `unit`.
    let lo = 0;
    let hi = this.runCount - 1;
    if (hi < 0 || runs[0]! > unit) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid * 3]! <= unit) lo = mid;
      else hi = mid - 1;
    }
    if (unit >= runs[lo * 3 + 1]!) return -1;
    this.lastRun = lo * 3;
    return lo * 3;
  }
}

/**
 * Moves the end of unit `x`, the last one emitted, to original offset `end` (a space after it
 * collapsed into it). A unit of a run ends one unit after its start, so when `x` closes a run
 * it leaves the run for the slow units' offsets.
 */
function moveEnd(s: FoldScratch, x: number, end: number, runCount: number): void {
  const r = (runCount - 1) * 3;
  if (runCount > 0 && s.runs[r + 1] === x + 1) {
    s.slowStart[x] = x + s.runs[r + 2]!;
    s.runs[r + 1] = x; // perhaps leaving the run empty: it then holds no unit, and is passed over
  }
  s.slowEnd[x] = end;
}

/**
 * Folds code units from `i` while each folds alone to one unit, nothing continues it and no
 * space follows a space; returns the new output length and leaves the stopping offset in
 * the scratch's `runEnd`. Writes nothing but the folded units: their offsets are `k + (i - k)`.
 *
 * Up to five units one at a time, by their full entries; then four units a round while all
 * four and the unit after them have an entry in {@link fastTable} (so none is continued) and no
 * two spaces are in a row; then one at a time again through the unit that ended the rounds, and
 * so on. Where the text and the folded text are both at an
 * even unit, a round reads and writes pairs of units (half the typed-array accesses, each of
 * which V8 checks); the pair after the round's four is kept for the next round.
 *
 * Once the scratch moved the common case to WebAssembly, `fold_run` (fold-wasm.ts) does the
 * rounds instead, from its copy of the fast table: it folds up to the first unit whose entry or
 * whose next unit's entry is 0, or that is a space after a space, and the units one at a time go
 * on from there by their full entries, as after the rounds here. These rounds stay the
 * reference of a differential property test (fast-fold.property.test.ts).
 */
function fastRun(
  s: FoldScratch,
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
  const wasm = s.wasm;
  // Until the fold noted `<` or `&`, the units one at a time stop at them too, for foldText to note.
  const simple = s.markupSigns ? SIMPLE : SIMPLE | MARKUP_SIGN;
  for (;;) {
    // Up to five units one at a time, by their full entries: first, so that a run that ends
    // within them (text with marks, `m` or Hangul ends one every few units) costs no round and
    // no call into WebAssembly; then through the unit that ended the rounds.
    for (const stop = Math.min(i + 5, n); i < stop; i++) {
      const e = t[src[i]!]!;
      const f = e & 0xffff;
      if ((e & simple) !== SIMPLE || (t[src[i + 1]!]! & (CONTINUES | KNOWN)) !== KNOWN || (f === 32 && last === 32)) {
        s.runEnd = i;
        return k;
      }
      out[k++] = f;
      last = f;
    }
    if (i >= n) break;
    if (wasm) {
      const stop = wasm.run(i, k, last);
      if (stop > i) {
        k += stop - i;
        i = stop;
        last = out[k - 1]!;
      }
      // Where it stopped, its table may lack entries that `entryOf` learnt after the copy (for
      // this text or another scratch's): copied now, so that the next run goes past them.
      wasm.table[src[i]!] = fast[src[i]!]!;
      wasm.table[src[i + 1]!] = fast[src[i + 1]!]!;
    } else if (((i | k) & 1) === 0) {
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
  }
  s.runEnd = i;
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
 * Folds a term (or any short text) to a string, exactly as {@link foldText} folds a candidate:
 * a folded term occurs in a folded candidate where `folded` matching reports it.
 */
export function foldTerm(term: string): string {
  return foldTermText(term).text();
}

/** {@link foldText} of a term (or any short text), in the terms' own scratch. */
export function foldTermText(term: string): FoldedText {
  return foldText(term, termScratch());
}

let termFolds: FoldScratch | undefined;

/**
 * The scratch of terms folded outside a verifier (by `lintContract`, say): terms are short, so
 * it stays small; one allocation per term would cost more than folding it. Its common case
 * stays in JavaScript: a run of a few units would not repay the call, and no process should hold
 * an instance's memory for folding terms.
 */
function termScratch(): FoldScratch {
  return (termFolds ??= new FoldScratch('js'));
}
