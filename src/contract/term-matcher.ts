import { AUTOMATON_TABLE_BYTES as TABLE_BYTES, buildAutomaton, type AutomatonTables } from './automaton-build.js';
import { ScanScratch, scanAutomaton, scanByLinks } from './automaton-scan.js';
import { scanModule, WASM_SCAN_BYTES, WasmScan } from './automaton-wasm.js';
import type { ScanEngine, TermMatcher } from './term-matcher-types.js';

export { includesMatcher } from './includes-matcher.js';
export { ScanScratch } from './automaton-scan.js';
export type { ScanEngine, TermMatcher } from './term-matcher-types.js';

/**
 * Bytes every automaton holds whatever its terms: the class table and, after it, the set of
 * first pairs, 192 KiB, in JavaScript or, once its scan moved there, in its WebAssembly
 * instance's memory. A cache that keeps compiled contracts must count them.
 */
export const AUTOMATON_TABLE_BYTES = TABLE_BYTES;

/**
 * Bytes an automaton whose scan moved to WebAssembly holds beyond its tables and words: its
 * instance's room for a candidate of 4,096 code units and the log of its occurrences, in whole
 * pages. A longer candidate grows the memory for good, by ten bytes a code unit.
 */
export { WASM_SCAN_BYTES };

/** How {@link automatonMatcher} builds its scan. */
export interface AutomatonOptions {
  /**
   * `auto` (the default): JavaScript first, WebAssembly (where available) once the matcher has
   * scanned {@link TIER_UP_UNITS} code units; `wasm`: WebAssembly from the start; `js`: never.
   */
  readonly engine?: ScanEngine | 'auto';
  /** The JavaScript scan's scratch arrays; a matcher of its own when absent. */
  readonly scratch?: ScanScratch;
}

/**
 * Code units an automaton scans in JavaScript before its scan moves to WebAssembly. An instance
 * costs its memory's first touch of every page (docs/contract.md has what that measured), which
 * a contract written for one turn and verified once would never earn back; a contract verified
 * again and again earns it within a few candidates.
 */
export const TIER_UP_UNITS = 65536;

/**
 * A trie of the terms over UTF-16 code units with Aho–Corasick failure links, for large term
 * sets. A scan first looks for the positions where a term may start, and walks the trie from
 * the root only there; it falls back to the failure links, one pass whatever the text, when
 * terms start nearly everywhere.
 *
 * - Code units map to dense classes through one 65,536-entry `Uint16Array` (class 0: no term
 *   holds the unit). The same entry carries the unit's NFC-inertness, so the scan also tells
 *   whether NFC hints need a second look.
 * - Starts: every term of two or more units begins with a pair of units whose hashed bit is
 *   set in a 2^19-bit set stored after the class table ({@link pairBit}), and units that are
 *   terms by themselves have the highest classes. So a position is passed over when its pair's
 *   bit is clear and its unit's entry is at most {@link AutomatonTables.plainClasses}. An entry
 *   above is a one-unit term or — until the first is seen, which settles the answer — a unit
 *   that is not NFC-inert (`scanUnits`, over a folded text, does not ask: its units that are
 *   not are no starts, and the WebAssembly test then compares each unit with the one-unit
 *   terms, when there are at most four, rather than gathering its entry). In text drawn from
 *   the terms' own alphabet few positions are starts (docs/contract.md has the share in the
 *   `contract-large` benchmark). The JavaScript test
 *   runs on four positions a round: V8 repeats its checks of the typed arrays on every round
 *   of a loop, so fewer rounds are cheaper.
 * - From a start, the walk follows the trie's moves along the text and reports each term ending
 *   on the way. Every occurrence starts somewhere, so this finds every one, overlapping and
 *   nested ones included, each exactly once.
 * - Walks that take more than one step per two units scanned (plus {@link WALK_SLACK}) hand the
 *   text from the current start on to the failure links, which report every occurrence within
 *   it; the walks have reported every one starting before. A text where terms start everywhere
 *   thus costs about one Aho–Corasick pass, plus the test of the positions before the handover.
 * - The root's moves are a dense table. Every other move lives in one open-addressing hash
 *   table, guarded by a 32-bit mask per state of the classes (mod 32) it has moves for: most
 *   lookups in real text are misses, and the mask settles nearly all of them without hashing.
 * - Dictionary links chain a state to the shorter terms ending where it does, so the failure
 *   links' pass reports overlapping and nested occurrences too.
 * - The moves and links share one `Int32Array`, and states are named by their record's index,
 *   with bit 0 set when a term ends there or at a dictionary link: the failure links' loop keeps
 *   few addresses live, multiplies nothing per step and learns of occurrences without a load.
 *   One set of top-level scan functions serves every automaton, so their optimized code does not
 *   depend on which automaton ran first (a closure per automaton was slower once several
 *   existed).
 * - The scan runs in JavaScript (`automaton-scan.ts`, the reference of the differential tests),
 *   with the scratch arrays of `scratch` (a verifier shares one among its matchers), until the
 *   matcher has scanned {@link TIER_UP_UNITS} code units; then, where WebAssembly is available,
 *   as WebAssembly (`automaton-wasm.ts`): the tables are copied into the memory of an instance
 *   of its own, and only the per-state and per-term arrays the report needs stay in JavaScript.
 *
 * Occurrences are reported in no particular order (by start for the walks, by end for the
 * failure links); callers sort them. A scan allocates nothing but the occurrences it reports.
 * Returns `undefined` when the terms use more than 32,767 distinct code units (the class would
 * not fit beside the inertness bit); the caller then keeps the includes strategy. With
 * `engine: 'wasm'`, throws where WebAssembly is unavailable.
 */
export function automatonMatcher(terms: readonly string[], record: Uint8Array, options: AutomatonOptions = {}): TermMatcher | undefined {
  const tables = buildAutomaton(terms);
  if (!tables) return undefined;
  const { engine = 'auto' } = options;
  const matcher = new Automaton(tables, record, options.scratch ?? new ScanScratch(), engine === 'js' ? Infinity : TIER_UP_UNITS);
  if (engine === 'wasm') matcher.tierUp(true);
  const text = warmUpText(terms, record);
  matcher.scan(text, new Uint8Array(terms.length), []);
  if (matcher.engine === 'js') scanByLinks(matcher.scratch, tables, record, matcher.scratch.codeUnits(text), 0, text.length, new Uint8Array(terms.length), []);
  return matcher;
}

/** An automaton's matcher: the JavaScript scan until it moves to WebAssembly (see {@link AutomatonOptions}). */
class Automaton implements TermMatcher {
  readonly strategy = 'automaton';
  private wasm: WasmScan | undefined;

  constructor(
    /** The JavaScript scan's tables; dropped once the scan moved to WebAssembly, which copied them. */
    private tables: AutomatonTables | undefined,
    private readonly record: Uint8Array,
    readonly scratch: ScanScratch,
    /** Code units still to scan in JavaScript before moving to WebAssembly. */
    private budget: number,
  ) {}

  get engine(): ScanEngine {
    return this.wasm ? 'wasm' : 'js';
  }

  scan(text: string, found: Uint8Array, matches: number[]): boolean {
    const { wasm } = this;
    if (wasm || ((this.budget -= text.length) < 0 && this.tierUp(false))) return this.wasm!.scan(text, this.record, found, matches);
    return scanAutomaton(this.scratch, this.tables!, this.record, this.scratch.codeUnits(text), text.length, found, matches);
  }

  scanUnits(units: Uint16Array, length: number, found: Uint8Array, matches: number[]): void {
    const { wasm } = this;
    if (wasm || ((this.budget -= length) < 0 && this.tierUp(false))) this.wasm!.scanUnits(units, length, this.record, found, matches);
    else scanAutomaton(this.scratch, this.tables!, this.record, units, length, found, matches);
  }

  instanceBytes(): number {
    return this.wasm ? this.wasm.scanBytes : 0;
  }

  /**
   * Moves the scan to WebAssembly; returns false (and stays in JavaScript for good) where
   * WebAssembly is unavailable or the instance cannot be made. `required` makes either an error.
   */
  tierUp(required: boolean): boolean {
    this.budget = Infinity;
    const module = scanModule();
    if (!module) {
      if (required) throw new Error('automatonMatcher: engine "wasm" asked for, but WebAssembly is unavailable here');
      return false;
    }
    try {
      this.wasm = new WasmScan(module, this.tables!);
      this.tables = undefined;
      return true;
    } catch (error) {
      if (required) throw error;
      return false;
    }
  }
}

/**
 * The text of the scan every automaton runs once when built, over the terms themselves, so
 * every path of the scan — walks, moves, failure links, occurrences of recorded and unrecorded
 * terms — has run before V8 optimizes it. Otherwise the first real occurrence can meet
 * optimized code that never saw one; V8 discards that code and was seen to re-enter the loop
 * through on-stack replacement on every later call, more slowly. The JavaScript scan also runs
 * its failure links' pass over it.
 */
function warmUpText(terms: readonly string[], record: Uint8Array): string {
  const recorded = terms.find((_, t) => record[t] === 1) ?? '';
  const other = terms.find((_, t) => record[t] === 0) ?? '';
  return `${terms.slice(0, 8).join('\u0000')}\u0000${recorded}${other}`;
}
