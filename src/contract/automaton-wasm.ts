import { AUTOMATON_SCAN_WASM } from './automaton-scan-wasm-bytes.js';
import { AUTOMATON_TABLE_BYTES, type AutomatonTables } from './automaton-build.js';
import { WALK_SLACK } from './automaton-scan.js';

/**
 * The automaton's scan in WebAssembly (src/contract/wasm/automaton-scan.wat, built by
 * scripts/build-scan-wasm.mjs): the same walks and failure links as the JavaScript scan, which
 * stays the reference of a differential property test and the scan wherever WebAssembly is
 * unavailable or refused (a Content Security Policy without `wasm-unsafe-eval`, for one).
 */

/**
 * The part of the WebAssembly JavaScript API used here, typed locally: the project's libraries
 * (ES2023 and Node's types) declare none of it.
 */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => WasmModule;
  readonly Instance: new (module: WasmModule, imports: object) => { readonly exports: unknown };
}

/** A compiled WebAssembly module (opaque here). */
export interface WasmModule {
  readonly __brand?: 'WebAssembly.Module';
}

/** What the module exports; see the WAT source for the scan's parameters and its log. */
interface ScanExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  readonly links_at: { readonly value: number };
  readonly not_inert: { readonly value: number };
  scan(
    text: number,
    length: number,
    log: number,
    mem: number,
    root: number,
    slots: number,
    shift: number,
    mask: number,
    plain: number,
    keep: number,
    ones: number,
    one0: number,
    one1: number,
    one2: number,
    one3: number,
  ): number;
}

/** The module, compiled at the first automaton that needs it; `null` once it failed to compile. */
let compiled: WasmModule | null | undefined;

/**
 * The compiled scan module, or undefined where WebAssembly is unavailable (or lacks the
 * fixed-width SIMD that `fold_run` uses: the module then fails to compile, and every scan and
 * fold stays JavaScript). Compiled synchronously from the embedded bytes: no file read, no
 * top-level await, so ESM, CommonJS and bundles load it alike. The global is looked up on every
 * call, so a host (or a test) that removes it gets the JavaScript scan from then on.
 */
export function scanModule(): WasmModule | undefined {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (typeof api !== 'object' || api === null) return undefined;
  if (compiled === undefined) {
    try {
      compiled = new api.Module(decodeBase64(AUTOMATON_SCAN_WASM));
    } catch {
      compiled = null;
    }
  }
  return compiled ?? undefined;
}

/**
 * A new instance of the scan module, for a loose fold's `loose_run` (see `loose-fold-wasm.ts`);
 * undefined where WebAssembly is unavailable or the instance cannot be made.
 */
export function newScanInstance(): object | undefined {
  const module = scanModule();
  if (!module) return undefined;
  try {
    return new (globalThis as { WebAssembly?: WasmApi }).WebAssembly!.Instance(module, {}).exports as object;
  } catch {
    return undefined;
  }
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Where the automaton's words start in an instance's memory: after the class table and pair bits. */
const WORDS_AT = AUTOMATON_TABLE_BYTES;
/** Code units of text an instance's memory holds at first; it grows for longer texts. */
const INITIAL_UNITS = 4096;
const PAGE_BYTES = 65536;

/** Log entries (i32) a scan of `units` code units may write: see the WAT source. */
const logEntries = (units: number) => 2 * units + 2 * WALK_SLACK + 8;

/**
 * Bytes an instance's memory holds beyond the automaton's words for a text of
 * {@link INITIAL_UNITS} code units, rounding to whole pages included (at most one page).
 */
export const WASM_SCAN_BYTES = INITIAL_UNITS * 2 + logEntries(INITIAL_UNITS) * 4 + 8 + PAGE_BYTES;

/** `n` rounded up to a multiple of 8, where a region of an instance's memory may start. */
export const align8 = (n: number) => (n + 7) & ~7;

/**
 * Grows `memory` (never shrinks it) to hold `bytes`, in whole pages. Views of it made before a
 * growth are detached (the data stays): callers make theirs anew after.
 */
export function growMemoryTo(memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }, bytes: number): void {
  const pages = Math.ceil(bytes / PAGE_BYTES) - memory.buffer.byteLength / PAGE_BYTES;
  if (pages > 0) memory.grow(pages);
}

/**
 * Instances whose automaton was collected, kept for the next one: a fresh memory costs the
 * faults of its first touch of every page again. Bounded; filled by {@link released}.
 */
const pool: ScanExports[] = [];
const POOL_MAX = 4;
const released =
  typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry<ScanExports>((exports) => {
        if (pool.length < POOL_MAX) pool.push(exports);
      })
    : undefined;

/** Bytes of whole pages a fresh memory needs for words ending at `textAt` and a text of `units`. */
function memoryBytesFor(textAt: number, units: number): number {
  return Math.ceil((align8(textAt + units * 2) + logEntries(units) * 4) / PAGE_BYTES) * PAGE_BYTES;
}

/**
 * A pooled instance whose memory is no larger than `limit` (what a fresh one would take), or
 * undefined: one whose memory grew for a larger automaton or a longer text would hand a small
 * contract memory it does not need, which the sidecar's cache would then charge it for.
 */
function pooled(limit: number): ScanExports | undefined {
  const at = pool.findIndex((exports) => exports.memory.buffer.byteLength <= limit);
  return at < 0 ? undefined : pool.splice(at, 1)[0];
}

/**
 * One automaton's WebAssembly scan: an instance whose memory holds a copy of the automaton's
 * two tables, then the text and the log of occurrences. Only the per-state and per-term arrays
 * the report needs stay in JavaScript.
 */
export class WasmScan {
  private readonly exports: ScanExports;
  private readonly textAt: number;
  private readonly root: number;
  private readonly slots: number;
  private readonly shift: number;
  private readonly mask: number;
  private readonly plain: number;
  /** The units that are terms by themselves, for the scan's rounds: how many (5: more than four), and four of them. */
  private readonly ones: number;
  private readonly one: readonly [number, number, number, number];
  private readonly termAt: Int32Array;
  private readonly dict: Int32Array;
  private readonly termLength: Int32Array;
  private capacity = 0;
  private logAt = 0;
  private text16 = new Uint16Array(0);
  private textBytes = Buffer.alloc(0);
  private log: Int32Array = new Int32Array(0);

  /** Throws where the instance cannot be made (its memory could not be reserved, say). */
  constructor(module: WasmModule, tables: AutomatonTables) {
    const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly!;
    this.textAt = align8(WORDS_AT + tables.memory.byteLength);
    this.exports = pooled(memoryBytesFor(this.textAt, INITIAL_UNITS)) ?? (new api.Instance(module, {}).exports as ScanExports);
    released?.register(this, this.exports);
    ({ rootOffset: this.root, slotOffset: this.slots, shift: this.shift, mask: this.mask, plainClasses: this.plain } = tables);
    ({ termAt: this.termAt, dict: this.dict, termLength: this.termLength } = tables);
    const { singles } = tables;
    this.ones = singles.length;
    // Missing ones repeat the first; with none, 0xffff, whose starts the walk tests (see the WAT source).
    const one = (i: number) => singles[Math.min(i, singles.length - 1)] ?? 0xffff;
    this.one = [one(0), one(1), one(2), one(3)];
    this.reserve(INITIAL_UNITS);
    // Every byte the scan reads is written: a pooled instance's memory needs no zeroing.
    const { buffer } = this.exports.memory;
    new Uint16Array(buffer, 0, tables.units.length).set(tables.units);
    new Int32Array(buffer, WORDS_AT, tables.memory.length).set(tables.memory);
  }

  /** Scans a string; see `TermMatcher.scan`. */
  scan(text: string, record: Uint8Array, found: Uint8Array, matches: number[]): boolean {
    this.reserve(text.length);
    this.textBytes.write(text, 0, 'utf16le');
    return this.run(text.length, record, found, matches, true);
  }

  /**
   * Scans the first `length` units of `units`; see `TermMatcher.scanUnits`, which does not ask
   * whether they are NFC-inert (a folded text is NFC): so units that are not are no starts.
   */
  scanUnits(units: Uint16Array, length: number, record: Uint8Array, found: Uint8Array, matches: number[]): void {
    this.reserve(length);
    this.text16.set(units.length === length ? units : units.subarray(0, length));
    this.run(length, record, found, matches, false);
  }

  /**
   * Bytes the instance's memory holds beyond the automaton's tables and words: the room for a
   * text and its log, in whole pages ({@link WASM_SCAN_BYTES} at first; more, for good, once a
   * longer text came).
   */
  get scanBytes(): number {
    return this.exports.memory.buffer.byteLength - this.textAt;
  }

  /** Memory for a text of `length` units and its log: grown (never shrunk) when too small. */
  private reserve(length: number): void {
    if (length <= this.capacity) return;
    const capacity = Math.max(length, 2 * this.capacity, INITIAL_UNITS);
    const logAt = align8(this.textAt + capacity * 2);
    const { memory } = this.exports;
    growMemoryTo(memory, logAt + logEntries(capacity) * 4);
    const { buffer } = memory;
    this.capacity = capacity;
    this.logAt = logAt;
    this.text16 = new Uint16Array(buffer, this.textAt, capacity);
    this.textBytes = Buffer.from(buffer, this.textAt, capacity * 2);
    this.log = new Int32Array(buffer, logAt, logEntries(capacity));
  }

  /**
   * Runs the scan over the text in memory and reports its log (see the WAT source); with
   * `inertness`, returns whether every unit was NFC-inert (without, the scan does not look).
   */
  private run(length: number, record: Uint8Array, found: Uint8Array, matches: number[], inertness: boolean): boolean {
    const e = this.exports;
    const [one0, one1, one2, one3] = this.one;
    const keep = inertness ? 0xffff : 0x7fff;
    const logged = e.scan(
      this.textAt,
      length,
      this.logAt,
      WORDS_AT,
      this.root,
      this.slots,
      this.shift,
      this.mask,
      this.plain,
      keep,
      this.ones,
      one0,
      one1,
      one2,
      one3,
    );
    if (logged > 0) {
      const { log, termAt, dict, termLength } = this;
      const linksAt = e.links_at.value;
      for (let k = 0; k < linksAt; k += 2) {
        const t = log[k]!;
        found[t] = 1;
        if (record[t] === 1) matches.push(t, log[k + 1]! + 1 - termLength[t]!);
      }
      for (let k = linksAt; k < logged; k += 2) {
        const end = log[k + 1]! + 1;
        for (let hit = log[k]!; hit !== 0; hit = dict[hit]!) {
          const t = termAt[hit]!;
          found[t] = 1;
          if (record[t] === 1) matches.push(t, end - termLength[t]!);
        }
      }
    }
    return e.not_inert.value === 0;
  }
}
