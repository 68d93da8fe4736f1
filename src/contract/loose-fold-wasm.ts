import { align8, growMemoryTo, newScanInstance } from './automaton-wasm.js';

/**
 * The common case of the loose fold (`letterRun` in `fast-loose-fold.ts`, the JavaScript
 * reference of a differential property test) as WebAssembly: `loose_run` of the scan module
 * (src/contract/wasm/automaton-scan.wat), in an instance of its own owned by one
 * `LooseScratch`. Its memory holds the loose table (a u16 per folded code unit, learnt from the
 * JavaScript table as the general way meets each unit), then the scratch's folded units, loose
 * units, their folded origins and the log of ends, which the scratch reads and writes through
 * the views laid out here.
 */

/** What the module exports for the loose fold; see the WAT source. */
interface LooseExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  loose_run(src: number, k: number, out: number, from: number, j: number, last: number, ends: number, count: number): number;
}

/** Bytes of the loose table at the start of the memory: a u16 per code unit. */
const TABLE_BYTES = 65536 * 2;
/** Where a run leaves its state (three i32: loose length, last loose unit, log length), after the table. */
const STATE_AT = TABLE_BYTES;
/**
 * The table of pairs, after the state: for each of {@link PAIR_SLOTS} slots, a letter of two
 * units (a Han variant outside the BMP, say): its units as one i32, then its code point.
 */
const PAIRS_AT = STATE_AT + 16;
const PAIR_SLOTS = 2047;
/** Where the folded units start, after the table of pairs. */
const SRC_AT = PAIRS_AT + PAIR_SLOTS * 8;

/** Table entries (see the WAT source): not yet known, no loose unit, the general way. */
export const WASM_UNKNOWN = 0;
export const WASM_NOTHING = 1;
export const WASM_GENERAL = 2;
/** The entry of the units whose loose unit is `l`, which may end `cl` (see the WAT source). */
export const WASM_ELL = 0xdfff;

/**
 * The unit {@link WasmLooseRun.run} writes after the last folded unit, which `loose_run` stops
 * at: a high surrogate, which the table always leaves to the general way (it pairs surrogates).
 */
const SENTINEL = 0xd800;

/** One loose fold's WebAssembly instance and the views of its memory. */
export class WasmLooseRun {
  private readonly exports: LooseExports;
  /** The loose table: what `loose_run` makes of each folded unit (see {@link WASM_UNKNOWN}). */
  table = new Uint16Array(0);
  /** The folded units `loose_run` reads. */
  src = new Uint16Array(0);
  bytes = Buffer.alloc(0);
  units = new Uint16Array(0);
  from = new Int32Array(0);
  ends = new Int32Array(0);
  /** What the last run left: loose length, last loose unit, log length. */
  private state = new Int32Array(0);
  /** The table of pairs (see {@link PAIRS_AT}) and how many slots are taken. */
  private pairs = new Int32Array(0);
  private pairCount = 0;
  private unitsAt = 0;
  private fromAt = 0;
  private endsAt = 0;

  private constructor(exports: LooseExports) {
    this.exports = exports;
  }

  /** An instance, or undefined where WebAssembly is unavailable. */
  static create(): WasmLooseRun | undefined {
    const exports = newScanInstance();
    return exports ? new WasmLooseRun(exports as LooseExports) : undefined;
  }

  /** Bytes its memory holds: the table and the scratch's arrays, in whole pages. */
  get byteLength(): number {
    return this.exports.memory.buffer.byteLength;
  }

  /**
   * Lays out room for `capacity` units and `endEntries` i32 of the log of ends, growing the
   * memory when needed; the folded, loose and origin units and the log keep their contents.
   */
  layout(capacity: number, endEntries: number): void {
    const old = { src: this.src.slice(), units: this.units.slice(), from: this.from.slice(), ends: this.ends.slice() };
    const unitsAt = SRC_AT + align8(capacity * 2);
    const fromAt = unitsAt + align8(capacity * 2);
    const endsAt = fromAt + capacity * 4;
    const end = endsAt + endEntries * 4;
    const { memory } = this.exports;
    growMemoryTo(memory, end);
    const { buffer } = memory;
    this.table = new Uint16Array(buffer, 0, 65536);
    this.state = new Int32Array(buffer, STATE_AT, 3);
    this.pairs = new Int32Array(buffer, PAIRS_AT, PAIR_SLOTS * 2);
    this.src = new Uint16Array(buffer, SRC_AT, capacity);
    this.bytes = Buffer.from(buffer, unitsAt, capacity * 2);
    this.units = new Uint16Array(buffer, unitsAt, capacity);
    this.from = new Int32Array(buffer, fromAt, capacity);
    this.ends = new Int32Array(buffer, endsAt, endEntries);
    this.src.set(old.src.subarray(0, capacity));
    this.units.set(old.units.subarray(0, capacity));
    this.from.set(old.from.subarray(0, capacity));
    this.ends.set(old.ends.subarray(0, endEntries));
    this.unitsAt = unitsAt;
    this.fromAt = fromAt;
    this.endsAt = endsAt;
  }

  /**
   * Lets `loose_run` read folded unit `u`, whose one loose token is `letter`, a letter of two
   * units, without stopping: its table entry names a slot of the table of pairs. Once every
   * slot is taken, such units stay the general way's.
   */
  learnPair(u: number, letter: string): void {
    if (this.pairCount === PAIR_SLOTS) return;
    const slot = this.pairCount++;
    this.pairs[2 * slot] = letter.charCodeAt(0) | (letter.charCodeAt(1) << 16);
    this.pairs[2 * slot + 1] = letter.codePointAt(0)!;
    this.table[u] = 0xd800 + slot;
  }

  /**
   * Marks the end of the `n` folded units in {@link src} for {@link run}, which stops there
   * rather than testing a bound at every unit; `src` has room for it (the scratch lays out
   * room for 16 units beyond every candidate).
   */
  end(n: number): void {
    this.src[n] = SENTINEL;
    this.table[SENTINEL] = WASM_GENERAL;
  }

  /**
   * `loose_run` from folded unit `k` (in {@link src}, ended by {@link end}), loose unit `j`
   * next, `last` the last loose unit, `endCount` pairs in the log of ends: returns where it
   * stopped, and leaves the new length, last unit and log length in {@link length},
   * {@link last}, {@link endCount}.
   */
  run(k: number, j: number, last: number, endCount: number): number {
    return this.exports.loose_run(SRC_AT, k, this.unitsAt, this.fromAt, j, last, this.endsAt, endCount);
  }

  get length(): number {
    return this.state[0]!;
  }

  get last(): number {
    return this.state[1]!;
  }

  get endCount(): number {
    return this.state[2]!;
  }
}
