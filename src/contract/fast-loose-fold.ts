import type { FoldedText } from './fast-fold.js';
import { WASM_ELL, WASM_GENERAL, WASM_NOTHING, WasmLooseRun } from './loose-fold-wasm.js';
import { TIER_UP_UNITS } from './term-matcher.js';
import type { ScanEngine } from './term-matcher-types.js';
import { MASK, markupRanges, maskedAllowance, tokensOf, type MarkupRange } from './loose-fold.js';
import { foldSegment } from './reference-fold.js';

/**
 * The loose fold of a candidate as verifiers compute it: what `looseFold` (`loose-fold.ts`, the
 * reference of a differential property test) computes, read straight from the folded units into
 * the typed arrays of a {@link LooseScratch}, with no string or array per character.
 *
 * - A table per code unit of folded text says what the unit is to the loose fold: one letter
 *   (its loose unit: the styled, stripped, Han-folded and leet letter, computed by the
 *   reference's `tokensOf` the first time the unit is met), nothing (a separator), or something
 *   read the general way (a mask, several letters, a letter beyond the BMP, a surrogate).
 * - The common case — a letter, no mask pending — is a table lookup, two comparisons with the
 *   last loose unit (a run of one letter, `vv`, `cl`) and three stores: the unit and the folded
 *   units its range starts and ends at. Original offsets are looked up only for the units an
 *   occurrence starts and ends at (`startOf`, `endOf`), which are few.
 * - Markup (a candidate holding `<` or `&` where `markupRanges` finds a tag or an entity) takes
 *   the general way for the whole candidate: each folded unit's original offset decides whether
 *   it lies inside markup, as the reference's tokenizer does.
 * - Once a scratch has folded {@link TIER_UP_UNITS} folded units, the common case runs as
 *   WebAssembly (`loose-fold-wasm.ts`) where it is available: the scratch's arrays then live in
 *   that instance's memory, and the general way reads and writes them there. `letterRun` stays
 *   the reference, and the scan where WebAssembly is unavailable.
 */

/**
 * Entries of {@link looseTable}: 0 not yet computed; else {@link KNOWN} and at most one of the
 * kinds below. KNOWN alone: read through `tokensOf` (a mask, several tokens, a surrogate).
 */
const KNOWN = 1 << 16;
/** One token, a letter that is one code unit, in the low 16 bits. */
const LETTER = 1 << 17;
/** No token: a separator (space, punctuation, emoji…). */
const NOTHING = 1 << 18;
/** Beside {@link LETTER}: the letter is `l`, which may end the pair `cl`. */
const ELL = 1 << 19;
/** Beside {@link LETTER} and {@link NOTHING}: the table settles the unit. */
const SETTLED = 1 << 20;

/**
 * What the loose fold makes of each BMP code unit of folded text, computed on first use; made at
 * the first loose fold, so a process that never folds loosely does not hold its 256 KiB.
 */
let looseTable: Int32Array | undefined;

function looseEntryOf(u: number): number {
  let entry = KNOWN;
  // A surrogate is decoded by the general way, which pairs it with its neighbour.
  if (u < 0xd800 || u > 0xdfff) {
    const list = tokensOf(u);
    if (list.length === 0) entry |= NOTHING | SETTLED;
    else if (list.length === 1 && typeof list[0] === 'string' && list[0].length === 1) {
      const c = list[0].charCodeAt(0);
      entry |= LETTER | SETTLED | c | (c === 0x6c ? ELL : 0);
    }
  }
  looseTable![u] = entry;
  return entry;
}

/** The unit standing for a masked letter (see `WILDCARD`). */
const WILDCARD_UNIT = 0xffff;

const NO_MARKUP: readonly MarkupRange[] = Object.freeze([]);

/**
 * The loose fold of one candidate: its units and where each one's original range starts and
 * ends, as a folded unit (resolved through the fold) or, negated (`~r`), markup range `r`.
 * Unit `j` came from `from[j]`, and its range ends where that one's does unless the log of
 * `ends` says otherwise (a letter run read as one, `vv`, `cl`, a letter of two units): a letter
 * costs two stores, a merge one log entry.
 * Owned by a verifier and reused for every candidate, grown on demand; valid until the next
 * {@link looseFoldUnits} with it (verification is synchronous, so folds never overlap).
 */
export class LooseScratch {
  bytes = Buffer.alloc(0);
  units = new Uint16Array(0);
  /** The folded unit (or `~r`) each unit came from. */
  from = new Int32Array(0);
  /** Ends as (unit, folded unit its range ends at) pairs, by unit ascending; the last for a unit holds. */
  ends = new Int32Array(0);
  endCount = 0;
  /** Loose units of the last fold. */
  length = 0;
  /** Positions of the wildcards of the last fold (a masked one), ascending. */
  readonly wildcards: number[] = [];
  /**
   * Units of the last fold that a pair made (`vv` → `w`, `cl` → `d`), ascending: where a folded
   * occurrence may have no loose one (see `foldedSearch` in contract-verifier.ts).
   */
  readonly pairs: number[] = [];
  /**
   * Set by a fold: some mask stands between two letters, so the masked pass has wildcards to
   * match (the plain fold leaves masks out).
   */
  masksBetween = false;
  /** The markup of the candidate last folded. */
  markup: readonly MarkupRange[] = NO_MARKUP;
  /** The fold of the candidate last folded. */
  folded: FoldedText | undefined;

  // The general way's state, kept here between its calls (see `looseFoldUnits`).
  last = -1;
  afterMask = false;
  pending = false;
  pendingFrom = 0;
  pendingTo = 0;
  lastTokenStart = -1;
  keepMasks = false;

  /** The WebAssembly run of the common case, once the scratch moved it there. */
  wasm: WasmLooseRun | undefined;
  /** Folded units still to fold in JavaScript before the common case moves to WebAssembly. */
  private budget: number;

  /**
   * `engine`: `auto` (the default) moves the common case to WebAssembly, where available, after
   * {@link TIER_UP_UNITS} folded units; `wasm` at the first fold (where available: the fold
   * stays in JavaScript otherwise, as it would under `auto`); `js` never.
   */
  constructor(engine: ScanEngine | 'auto' = 'auto') {
    this.budget = engine === 'js' ? Infinity : engine === 'wasm' ? 0 : TIER_UP_UNITS;
  }

  /**
   * The bytes its buffers hold now (they grow with the longest text folded, never shrink): with
   * the common case in WebAssembly, its instance's whole memory (the loose table's 128 KiB too).
   */
  get byteLength(): number {
    const arrays = this.wasm ? this.wasm.byteLength : this.bytes.length + this.from.byteLength + this.ends.byteLength;
    return arrays + 8 * this.wildcards.length;
  }

  /** Room for `capacity` units and where they came from (the log of ends grows by itself). */
  ensure(capacity: number): void {
    if (this.units.length >= capacity) return;
    const size = Math.max(capacity * 2, 256);
    if (this.wasm) {
      this.wasm.layout(size, Math.max(this.ends.length, 2 * size));
      this.adopt(this.wasm);
      return;
    }
    const { units, from } = this;
    this.bytes = Buffer.allocUnsafeSlow(size * 2);
    this.units = new Uint16Array(this.bytes.buffer, this.bytes.byteOffset, size);
    this.from = new Int32Array(size);
    this.units.set(units);
    this.from.set(from);
  }

  /** Takes the views of `wasm`'s memory as its arrays. */
  private adopt(wasm: WasmLooseRun): void {
    this.bytes = wasm.bytes;
    this.units = wasm.units;
    this.from = wasm.from;
    this.ends = wasm.ends;
  }

  /**
   * Before a fold of `n` folded units (with room for them ensured): the WebAssembly run of the
   * common case, moving there when the budget is spent; undefined while it stays in JavaScript.
   */
  wasmFor(n: number): WasmLooseRun | undefined {
    if (this.wasm || (this.budget -= n) >= 0) return this.wasm;
    this.budget = Infinity;
    const wasm = WasmLooseRun.create();
    if (!wasm) return undefined;
    wasm.layout(Math.max(this.units.length, 256), Math.max(this.ends.length, 2 * Math.max(this.units.length, 256)));
    this.wasm = wasm;
    this.adopt(wasm);
    return wasm;
  }

  /** Records that unit `j` came from `from` (a folded unit, or `~r`) and its range ends at `to`. */
  place(j: number, from: number, to: number): void {
    this.from[j] = from;
    if (to !== from) this.endAt(j, to);
  }

  /** Room in the log of ends for `more` entries after the ones it holds. */
  roomForEnds(more: number): void {
    const needed = 2 * (this.endCount + more);
    if (needed <= this.ends.length) return;
    if (this.wasm) {
      this.wasm.layout(this.units.length, Math.max(needed, 2 * this.ends.length));
      this.adopt(this.wasm);
    } else this.ends = grown(this.ends, needed);
  }

  /** Records that unit `j`'s range ends at `to` (a folded unit, or `~r`). */
  endAt(j: number, to: number): void {
    if (2 * this.endCount + 2 > this.ends.length) this.roomForEnds(1);
    this.ends[2 * this.endCount] = j;
    this.ends[2 * this.endCount + 1] = to;
    this.endCount++;
  }

  /** The folded unit (or `~r`) loose unit `j` came from. */
  private fromOf(j: number): number {
    return this.from[j]!;
  }

  /** The folded unit (or `~r`) loose unit `j`'s range ends at. */
  private toOf(j: number): number {
    const { ends } = this;
    // The last entry for `j`, if any.
    let lo = 0;
    let hi = this.endCount;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[2 * mid]! <= j) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && ends[2 * (lo - 1)] === j ? ends[2 * (lo - 1) + 1]! : this.fromOf(j);
  }

  /** The folded unit loose unit `j`'s range starts at, or `~r` for markup range `r`. */
  foldedStartOf(j: number): number {
    return this.fromOf(j);
  }

  /** The folded unit (inclusive) loose unit `j`'s range ends at, or `~r` for markup range `r`. */
  foldedEndOf(j: number): number {
    return this.toOf(j);
  }

  /** Original offset (inclusive) of loose unit `j`. */
  startOf(j: number): number {
    const f = this.fromOf(j);
    return f >= 0 ? this.folded!.startOf(f) : this.markup[~f]!.start;
  }

  /** Original offset (exclusive) of loose unit `j`. */
  endOf(j: number): number {
    const t = this.toOf(j);
    return t >= 0 ? this.folded!.endOf(t) : this.markup[~t]!.end;
  }

  /** The loose units as a string (made on demand, for matchers that scan strings). */
  text(): string {
    return this.bytes.toString('utf16le', 0, this.length * 2);
  }
}

function grown(array: Int32Array, least: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(2 * array.length, least, 256));
  bigger.set(array);
  return bigger;
}

/**
 * Folds `original` (whose `folded` fold is given) loosely into `s`, as `looseFold` does: its
 * plain fold, or with `keepMasks` its masked one (a wildcard for each mask between two
 * letters). The plain fold sets `s.masksBetween` when the masked one would hold a wildcard;
 * the masked fold reuses the markup the plain one found, so it must follow it.
 */
export function looseFoldUnits(original: string, folded: FoldedText, s: LooseScratch, keepMasks: boolean): void {
  if (!keepMasks) s.markup = folded.markupSigns ? markupRanges(original) : NO_MARKUP;
  s.folded = folded;
  s.keepMasks = keepMasks;
  s.last = -1;
  s.afterMask = false;
  s.pending = false;
  s.lastTokenStart = -1;
  s.masksBetween = false;
  s.wildcards.length = 0;
  if (s.pairs.length !== 0) s.pairs.length = 0;
  s.endCount = 0;
  s.length = s.markup.length === 0 ? foldPlain(folded.units, folded.length, s) : foldMarkup(folded, s);
}

/**
 * The loose fold of a candidate without markup: letters by the table, the rest the general way
 * (with the state handed over in `s`).
 */
function foldPlain(units: Uint16Array, n: number, s: LooseScratch): number {
  s.ensure(n + 16);
  const table = (looseTable ??= new Int32Array(65536));
  const wasm = s.wasmFor(n);
  if (wasm) {
    wasm.src.set(units.subarray(0, n));
    wasm.end(n);
  }
  s.last = -1;
  let j = 0;
  let k = 0;
  while (k < n) {
    if (wasm) {
      // The run logs at most one end per folded unit, and checks no bound.
      s.roomForEnds(n - k);
      k = wasm.run(k, j, s.last, s.endCount);
      s.length = wasm.length;
      s.last = wasm.last;
      s.endCount = wasm.endCount;
    } else k = letterRun(s, table, units, k, n, s.units, s.from, j);
    j = s.length;
    if (k >= n) break;
    // The general way, for a unit not yet in the table, a mask, several tokens, a surrogate, a
    // pair; after a mask, until the letter that settles whether it stands for one.
    do {
      const u = units[k]!;
      const e = table[u] || looseEntryOf(u);
      // The WebAssembly run learns each unit's entry here, the first time it stops at it.
      if (s.wasm) s.wasm.table[u] = (e & SETTLED) === 0 ? WASM_GENERAL : (e & NOTHING) !== 0 ? WASM_NOTHING : (e & ELL) !== 0 ? WASM_ELL : e & 0xffff;
      if ((e & NOTHING) !== 0) {
        k++;
        continue;
      }
      const cp = codePointAt(units, k, n);
      const width = cp > 0xffff ? 2 : 1;
      const tokens = tokensOf(cp);
      // A unit whose token is one letter of two units (a Han variant beyond the BMP): the
      // WebAssembly run reads it from now on.
      const token = tokens[0];
      if (s.wasm && width === 1 && tokens.length === 1 && typeof token === 'string' && token.length === 2 && (u < 0xd800 || u > 0xdfff))
        s.wasm.learnPair(u, token);
      // Room for these tokens (two units each at most), a wildcard, and one unit per folded unit after them.
      s.ensure(j + 2 * tokens.length + 1 + (n - k));
      j = pushTokens(s, tokens, k, k + width - 1, j);
      k += width;
    } while (s.afterMask && k < n);
  }
  return j;
}

/**
 * Letters and separators from folded unit `k`, by the table: the common case, in a function of
 * its own so that its loop optimizes apart from the general way. Four units a round, letters and
 * separators alike, without a branch per unit (a separator's unit is written and then written
 * over), while no letter merges with the letter before it and none is an `l` (which may end
 * `cl`); else one unit at a time. Returns where it stopped (a unit the table does not settle, or
 * `n`), leaving the loose length in `s.length` and the last loose unit in `s.last`.
 */
function letterRun(s: LooseScratch, table: Int32Array, units: Uint16Array, k: number, n: number, out: Uint16Array, from: Int32Array, j: number): number {
  let last = s.last;
  while (k < n) {
    for (; k + 4 <= n; k += 4) {
      const e0 = table[units[k]!]!;
      const e1 = table[units[k + 1]!]!;
      const e2 = table[units[k + 2]!]!;
      const e3 = table[units[k + 3]!]!;
      if ((e0 & e1 & e2 & e3 & SETTLED) === 0 || ((e0 | e1 | e2 | e3) & ELL) !== 0) break;
      // A separator's entry has no unit (0) and no LETTER bit: it leaves `p` and `j` alone.
      const c0 = e0 & 0xffff;
      const c1 = e1 & 0xffff;
      const c2 = e2 & 0xffff;
      const c3 = e3 & 0xffff;
      const l0 = (e0 >>> 17) & 1;
      const l1 = (e1 >>> 17) & 1;
      const l2 = (e2 >>> 17) & 1;
      const l3 = (e3 >>> 17) & 1;
      const p1 = c0 | (last & (l0 - 1));
      const p2 = c1 | (p1 & (l1 - 1));
      const p3 = c2 | (p2 & (l2 - 1));
      if (c0 === last || c1 === p1 || c2 === p2 || c3 === p3) break;
      out[j] = c0;
      from[j] = k;
      j += l0;
      out[j] = c1;
      from[j] = k + 1;
      j += l1;
      out[j] = c2;
      from[j] = k + 2;
      j += l2;
      out[j] = c3;
      from[j] = k + 3;
      j += l3;
      last = c3 | (p3 & (l3 - 1));
    }
    if (k >= n) break;
    const e = table[units[k]!]!;
    if ((e & LETTER) !== 0) {
      const c = e & 0xffff;
      if (c !== last && (last !== 0x63 || c !== 0x6c)) {
        out[j] = c;
        from[j] = k;
        j++;
        last = c;
      } else {
        // A run of one letter reads as one; `vv` reads as `w`, `cl` as `d`.
        if (c === 0x76 || (c === 0x6c && last === 0x63)) {
          out[j - 1] = last = c === 0x76 ? 0x77 : 0x64;
          s.pairs.push(j - 1);
        }
        s.endAt(j - 1, k);
      }
    } else if ((e & NOTHING) === 0) break;
    k++;
  }
  s.last = last;
  s.length = j;
  return k;
}

/** The loose fold of a candidate with markup, all the general way (see the reference's `tokenize`). */
function foldMarkup(folded: FoldedText, s: LooseScratch): number {
  const { units, length: n } = folded;
  const markup = s.markup;
  s.ensure(n + 16);
  let j = 0;
  let r = 0;
  for (let k = 0; k < n; ) {
    const cp = codePointAt(units, k, n);
    const width = cp > 0xffff ? 2 : 1;
    const start = folded.startOf(k);
    while (r < markup.length && markup[r]!.end <= start) r++;
    const range = markup[r];
    if (range && range.start <= start) {
      // Inside markup: its replacement stands for the whole range, once, at its first unit.
      if (range.replacement !== '' && s.lastTokenStart < range.start) {
        for (const c of foldSegment(range.replacement)) {
          const tokens = tokensOf(c.codePointAt(0)!);
          if (tokens.length === 0) continue;
          s.ensure(j + 2 * tokens.length + 1 + (n - k));
          j = pushTokens(s, tokens, ~r, ~r, j);
          s.lastTokenStart = range.start;
        }
      }
    } else {
      const tokens = tokensOf(cp);
      if (tokens.length > 0) {
        s.ensure(j + 2 * tokens.length + 1 + (n - k));
        j = pushTokens(s, tokens, k, k + width - 1, j);
        s.lastTokenStart = start;
      }
    }
    k += width;
  }
  return j;
}

/** The code point at unit `k` of `units` (a lone surrogate as itself). */
function codePointAt(units: Uint16Array, k: number, n: number): number {
  const u = units[k]!;
  if (u >= 0xd800 && u <= 0xdbff && k + 1 < n) {
    const v = units[k + 1]!;
    if (v >= 0xdc00 && v <= 0xdfff) return ((u - 0xd800) << 10) + (v - 0xdc00) + 0x10000;
  }
  return u;
}

/**
 * Emits `tokens` (of one code point, or of a markup replacement's), whose original range is
 * given by `a` and `b` (see {@link LooseScratch}), after unit `j`; returns the new length. The
 * rules of the reference's `emit`: a run of one letter as one, `vv` → `w`, `cl` → `d`, and
 * masks left out, or with `keepMasks` a wildcard for the first mask of a run between letters.
 */
function pushTokens(s: LooseScratch, tokens: readonly (string | number)[], a: number, b: number, j: number): number {
  const out = s.units;
  for (const value of tokens) {
    if (value === MASK) {
      // A mask right after a letter may stand for one, if a letter follows.
      if (!s.afterMask && j > 0) {
        s.pending = true;
        s.pendingFrom = a;
        s.pendingTo = b;
      }
      s.afterMask = true;
      continue;
    }
    if (s.afterMask) {
      if (s.pending) {
        s.masksBetween = true;
        if (s.keepMasks) {
          s.wildcards.push(j);
          out[j] = WILDCARD_UNIT;
          s.place(j, s.pendingFrom, s.pendingTo);
          j++;
          s.last = WILDCARD_UNIT;
        }
      }
      s.pending = false;
      s.afterMask = false;
    }
    const c = (value as string).codePointAt(0)!;
    const last = s.last;
    if (c === last) {
      if (c === 0x76) {
        out[j - 1] = s.last = 0x77;
        s.pairs.push(j - 1);
      }
      s.endAt(j - 1, b);
    } else if (last === 0x63 && c === 0x6c) {
      out[j - 1] = s.last = 0x64;
      s.pairs.push(j - 1);
      s.endAt(j - 1, b);
    } else {
      out[j] = (value as string).charCodeAt(0);
      s.place(j, a, b);
      j++;
      if (c > 0xffff) {
        out[j] = (value as string).charCodeAt(1);
        s.place(j, a, b);
        j++;
      }
      s.last = c;
    }
  }
  return j;
}

/**
 * `findMasked` over the masked fold in `s`: occurrences of `keys` with at least one wildcard,
 * as (key index, start unit) pairs pushed onto `matches`. Every key at every wildcard: the
 * reference {@link MaskedKeys} is tested against; verifiers search with that index.
 */
export function findMaskedUnits(s: LooseScratch, keys: readonly string[], matches: number[]): void {
  const { units, length, wildcards } = s;
  let seen: Set<number> | undefined;
  for (let key = 0; key < keys.length; key++) {
    const k = keys[key]!;
    const allowed = maskedAllowance(k.length);
    if (allowed === 0) continue;
    seen?.clear();
    for (const p of wildcards) {
      for (let x0 = 0; x0 < k.length; x0++) {
        const start = p - x0;
        if (start < 0 || start + k.length > length || seen?.has(start) === true) continue;
        let masks = 0;
        let ok = true;
        for (let x = 0; x < k.length && ok; x++) {
          const u = units[start + x]!;
          if (u === WILDCARD_UNIT) ok = ++masks <= allowed;
          else ok = u === k.charCodeAt(x);
        }
        if (ok) {
          (seen ??= new Set()).add(start);
          matches.push(key, start);
        }
      }
    }
  }
}

/**
 * The masked pass of a list of loose keys, indexed: what {@link findMaskedUnits} finds, in the
 * same order, without trying every key at every wildcard. That costs wildcards × the keys'
 * total length × a key's length, and in English prose every sentence's end between two words
 * is a wildcard (`.` and `?` are masks): 400 keys and a 4,000-character reply took milliseconds.
 *
 * A key that matches with its wildcard at offset `x` has, beside that wildcard, letters of the
 * text that must be its own: the three after it (its units `x + 1` to `x + 3`) when it has
 * them, the two after it when `x` is its third unit from the end, else (for its last two
 * units) the two before it; keys of the masked pass have at least four units. Each key is
 * listed, once per offset, under those letters, sorted, so a wildcard looks up the text's
 * letters beside it and tries only the keys listed there (three letters: a common pair of
 * English would list dozens). A wildcard followed within two units by another one tries every
 * key, as the reference does. Every match is then found at the last wildcard of its window:
 * the units after it there are letters, so the letters it looks up after it are the key's own;
 * for a key's last two units it looks up the two before it, which are letters too unless
 * another wildcard lies within two units before it, and that one, followed closely by this
 * one, tries every key. A key found at a start is recorded there once; the matches are then put
 * in the reference's order: by key, then by the first wildcard of their window,
 * then by start, the latest first.
 */
export class MaskedKeys {
  /** Keys by the three units after their wildcard, the two after it, the two before it. */
  private readonly after3: ListedKeys;
  private readonly after2: ListedKeys;
  private readonly before2: ListedKeys;
  /** The keys the masked pass reads (allowance above 0), for wildcards that try them all. */
  private readonly masked: Int32Array;
  /** Per key, the wildcards a match may hold (`maskedAllowance` of its length). */
  private readonly allowances: Int32Array;
  /** Matches found for one candidate, as (key, start, first wildcard of the window), before ordering. */
  private readonly found: number[] = [];
  /** The matches found, as `key * (length + 1) + start`: a key found at a start is not tried there again. */
  private readonly seen = new Set<number>();

  constructor(private readonly keys: readonly string[]) {
    const after3: ListedKey[] = [];
    const after2: ListedKey[] = [];
    const before2: ListedKey[] = [];
    const masked: number[] = [];
    keys.forEach((key, k) => {
      const length = key.length;
      if (maskedAllowance(length) === 0) return;
      masked.push(k);
      const unit = (x: number) => key.charCodeAt(x);
      for (let x = 0; x < length; x++) {
        if (x + 3 < length) after3.push([unit(x + 1) * 2 ** 32 + unit(x + 2) * 65536 + unit(x + 3), k, x]);
        else if (x + 2 < length) after2.push([unit(x + 1) * 65536 + unit(x + 2), k, x]);
        else before2.push([unit(x - 2) * 65536 + unit(x - 1), k, x]);
      }
    });
    this.after3 = listed(after3);
    this.after2 = listed(after2);
    this.before2 = listed(before2);
    this.masked = Int32Array.from(masked);
    this.allowances = Int32Array.from(keys, (key) => maskedAllowance(key.length));
  }

  /** The bytes its tables hold, for the verifier's `scanBytes`. */
  get byteLength(): number {
    const bytes = (l: ListedKeys) => l.codes.byteLength + l.entries.byteLength;
    return bytes(this.after3) + bytes(this.after2) + bytes(this.before2) + this.masked.byteLength + this.allowances.byteLength;
  }

  /** {@link findMaskedUnits} of these keys over the masked fold in `s`. */
  find(s: LooseScratch, matches: number[]): void {
    const { units, length, wildcards } = s;
    const found = this.found;
    found.length = 0;
    this.seen.clear();
    for (const p of wildcards) {
      // Followed by another wildcard within two units: see the class's comment.
      if ((p + 1 < length && units[p + 1] === WILDCARD_UNIT) || (p + 2 < length && units[p + 2] === WILDCARD_UNIT)) {
        for (const k of this.masked) {
          const key = this.keys[k]!;
          const allowed = this.allowances[k]!;
          for (let x = 0; x < key.length; x++) if (matchesAt(units, length, key, allowed, p - x)) this.record(s, k, p - x);
        }
        continue;
      }
      if (p + 3 < length) this.tryListed(s, this.after3, units[p + 1]! * 2 ** 32 + units[p + 2]! * 65536 + units[p + 3]!, p);
      if (p + 2 < length) this.tryListed(s, this.after2, units[p + 1]! * 65536 + units[p + 2]!, p);
      if (p >= 2) this.tryListed(s, this.before2, units[p - 2]! * 65536 + units[p - 1]!, p);
    }
    if (found.length === 0) return;
    // The reference's order: by key, by the first wildcard of the window, by start descending.
    const order: number[] = [];
    for (let i = 0; i < found.length; i += 3) order.push(i);
    order.sort((a, b) => found[a]! - found[b]! || found[a + 2]! - found[b + 2]! || found[b + 1]! - found[a + 1]!);
    for (const i of order) matches.push(found[i]!, found[i + 1]!);
  }

  /** Tries the keys listed under `code`, each with its wildcard at `p`. */
  private tryListed(s: LooseScratch, { codes, entries }: ListedKeys, code: number, p: number): void {
    for (let e = lowerBound(codes, code); e < codes.length && codes[e] === code; e++) this.tryAt(s, entries[2 * e]!, p - entries[2 * e + 1]!);
  }

  /** Records key `k` at loose unit `start` when it matches there. */
  private tryAt(s: LooseScratch, k: number, start: number): void {
    if (matchesAt(s.units, s.length, this.keys[k]!, this.allowances[k]!, start)) this.record(s, k, start);
  }

  /**
   * Records a match of key `k` at loose unit `start`, with the first wildcard of its window,
   * unless an earlier wildcard of the window found it (asked only of matches, which are few).
   */
  private record(s: LooseScratch, k: number, start: number): void {
    const id = k * (s.length + 1) + start;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.found.push(k, start, s.wildcards[lowerBound(s.wildcards, start)]!);
  }
}

/** Whether `key` is at `start` of the `length` units, with at most `allowed` wildcards for its units. */
function matchesAt(units: Uint16Array, length: number, key: string, allowed: number, start: number): boolean {
  if (start < 0 || start + key.length > length) return false;
  let masks = 0;
  for (let x = 0; x < key.length; x++) {
    const u = units[start + x]!;
    if (u === WILDCARD_UNIT) {
      if (++masks > allowed) return false;
    } else if (u !== key.charCodeAt(x)) return false;
  }
  return true;
}

/** A key listed by the units beside one of its offsets: (those units as one number, key, offset). */
type ListedKey = [number, number, number];

/** Keys listed by units beside an offset, sorted: codes ascending, and (key, offset) pairs. */
interface ListedKeys {
  readonly codes: Float64Array;
  readonly entries: Int32Array;
}

function listed(keys: ListedKey[]): ListedKeys {
  keys.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const entries = new Int32Array(2 * keys.length);
  keys.forEach(([, k, x], i) => {
    entries[2 * i] = k;
    entries[2 * i + 1] = x;
  });
  return { codes: Float64Array.from(keys, (e) => e[0]), entries };
}

/** The index of the first of `sorted` (ascending) at or after `value`; its length if none is. */
function lowerBound(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
