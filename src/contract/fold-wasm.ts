import { align8, growMemoryTo, newScanInstance } from './automaton-wasm.js';

/**
 * The common case of the fold (`fastRun` in `fast-fold.ts`, the JavaScript reference of a
 * differential property test) as WebAssembly: `fold_run` of the scan module
 * (src/contract/wasm/automaton-scan.wat), in an instance of its own owned by one `FoldScratch`.
 * Its memory holds a copy of the fold's fast table (a u16 per code unit, kept in step as the
 * JavaScript table learns units), then the scratch's code units and folded units, which the
 * scratch reads and writes through the views laid out here.
 */

/** What the module exports for the fold; see the WAT source. */
interface FoldExports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  fold_run(src: number, i: number, out: number, k: number, last: number): number;
}

/** Bytes of the fold table at the start of the memory: a u16 per code unit. */
const TABLE_BYTES = 65536 * 2;
/** Code units `fold_run` may read past a text's sentinel (a round reads nine units). */
const READ_AHEAD = 7;

/** One fold's WebAssembly instance and the views of its memory. */
export class WasmFoldRun {
  private readonly exports: FoldExports;
  /** The fold table: the unit each code unit folds to alone, or 0 (see the WAT source). */
  table = new Uint16Array(0);
  codeBuffer = Buffer.alloc(0);
  code = new Uint16Array(0);
  code32 = new Uint32Array(0);
  unitBuffer = Buffer.alloc(0);
  units = new Uint16Array(0);
  units32 = new Uint32Array(0);
  private codeAt = 0;
  private unitsAt = 0;

  private constructor(exports: FoldExports) {
    this.exports = exports;
  }

  /** An instance, or undefined where WebAssembly is unavailable. */
  static create(): WasmFoldRun | undefined {
    const exports = newScanInstance();
    return exports ? new WasmFoldRun(exports as FoldExports) : undefined;
  }

  /** Bytes its memory holds: the table and the scratch's arrays, in whole pages. */
  get byteLength(): number {
    return this.exports.memory.buffer.byteLength;
  }

  /**
   * Lays out room for `codeCapacity` code units (and the units `fold_run` reads past them) and
   * `unitCapacity` folded units, both even, growing the memory when needed; both keep their
   * contents (a fold may grow its folded units midway, its code units already written).
   */
  layout(codeCapacity: number, unitCapacity: number): void {
    const oldCode = this.code.slice(0, codeCapacity);
    const oldUnits = this.units.slice(0, unitCapacity);
    const codeAt = TABLE_BYTES;
    const unitsAt = codeAt + align8((codeCapacity + READ_AHEAD) * 2);
    const end = unitsAt + unitCapacity * 2;
    const { memory } = this.exports;
    growMemoryTo(memory, end);
    const { buffer } = memory;
    this.table = new Uint16Array(buffer, 0, 65536);
    this.codeBuffer = Buffer.from(buffer, codeAt, codeCapacity * 2);
    this.code = new Uint16Array(buffer, codeAt, codeCapacity);
    this.code32 = new Uint32Array(buffer, codeAt, codeCapacity / 2);
    this.unitBuffer = Buffer.from(buffer, unitsAt, unitCapacity * 2);
    this.units = new Uint16Array(buffer, unitsAt, unitCapacity);
    this.units32 = new Uint32Array(buffer, unitsAt, unitCapacity / 2);
    // From the copies taken before: the folded units move when the code units' room grows.
    this.code.set(oldCode);
    this.units.set(oldUnits);
    this.codeAt = codeAt;
    this.unitsAt = unitsAt;
  }

  /**
   * `fold_run` from code unit `i` (of {@link code}, which ends with a sentinel), folded unit `k`
   * next, `last` the folded unit before it (or -1): returns where it stopped, having written
   * one folded unit per code unit read.
   */
  run(i: number, k: number, last: number): number {
    return this.exports.fold_run(this.codeAt, i, this.unitsAt, k, last);
  }
}
