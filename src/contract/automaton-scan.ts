import { CLASS_BITS, NOT_INERT, PAIRS_AT, SLOT_WORDS, slotOf, type AutomatonTables } from './automaton-build.js';

/**
 * The automaton's scans in JavaScript: the reference that the WebAssembly scan
 * (`automaton-wasm.ts`) is tested against, and the scan wherever WebAssembly is unavailable.
 */

/**
 * The walks from the root may take this many steps, plus one per two code units scanned so far,
 * before the scan hands the rest of the text to the failure links: beyond that, terms start
 * nearly everywhere (100 English words over English prose) and Aho–Corasick, which looks at
 * each unit once, is faster (docs/contract.md, "Figures", has what was measured).
 */
export const WALK_SLACK = 64;

/**
 * The scratch arrays of the JavaScript scans: the text's code units and the occurrences a scan
 * logs. Owned by a verifier and shared by its matchers (verification is synchronous, so their
 * scans never overlap); each array grows on demand and is valid until the next scan.
 */
export class ScanScratch {
  /** Occurrences of a scan as pairs (see each scan). */
  log = new Int32Array(0);
  private bytes = Buffer.alloc(0);
  private units = new Uint16Array(0);

  /** Bytes its arrays hold now: they grow with the longest text scanned, never shrink. */
  get byteLength(): number {
    return this.log.byteLength + this.bytes.length;
  }

  /** A log of at least `size` entries. */
  logOf(size: number): Int32Array {
    if (this.log.length < size) this.log = new Int32Array(Math.max(2 * size, 8192));
    return this.log;
  }

  /**
   * The code units of `text`. One native copy, then typed-array reads, is cheaper per unit than
   * `charCodeAt`, which re-checks the string's representation on every call. Lone surrogates
   * are copied as they are.
   */
  codeUnits(text: string): Uint16Array {
    if (this.units.length < text.length) {
      this.bytes = Buffer.allocUnsafeSlow(Math.max(2 * text.length, 8192));
      this.units = new Uint16Array(this.bytes.buffer, this.bytes.byteOffset, this.bytes.length / 2);
    }
    this.bytes.write(text, 0, 'utf16le');
    return this.units;
  }
}

/**
 * The JavaScript scan of an automaton (the reference the WebAssembly scan is tested against):
 * sets `found` and reports recorded occurrences as `automatonMatcher` describes; returns true
 * when every unit of the text is NFC-inert.
 */
export function scanAutomaton(
  scratch: ScanScratch,
  tables: AutomatonTables,
  record: Uint8Array,
  code: Uint16Array,
  length: number,
  found: Uint8Array,
  matches: number[],
): boolean {
  // Two calls, not one inside the other: inlined into the walks' loop, the failure links'
  // loop was slower.
  const outcome = scanByStarts(scratch, tables, record, code, length, found, matches);
  if (outcome < 0) return outcome === INERT;
  return scanByLinks(scratch, tables, record, code, outcome >>> 1, length, found, matches) && (outcome & 1) === 0;
}

/** {@link scanByStarts}'s outcomes when it scanned the whole text. */
const INERT = -1;
const NOT_ALL_INERT = -2;

/**
 * Walks the trie from every position where a term may start. Returns {@link INERT} or
 * {@link NOT_ALL_INERT} when it scanned the whole text; or, when the walks grow too long (see
 * {@link WALK_SLACK}), twice the position from which {@link scanByLinks} must take over, plus 1
 * if a unit before it was not NFC-inert. Either way, it has reported every occurrence starting
 * before the position where it stopped.
 */
function scanByStarts(
  scratch: ScanScratch,
  tables: AutomatonTables,
  record: Uint8Array,
  code: Uint16Array,
  length: number,
  found: Uint8Array,
  matches: number[],
): number {
  const { units, plainClasses, memory, rootOffset, slotOffset, shift, mask } = tables;
  // A walk logs at most one occurrence per step, and the steps are bounded.
  const log = scratch.logOf(length + 2 * WALK_SLACK); // (term, offset of its last unit) pairs
  let logged = 0;
  let steps = 0;
  // Entries are masked with `keep`: units that are not NFC-inert are starts until one is seen.
  let keep = 0xffff;
  const last = length - 1;
  for (let from = 0; from <= last; ) {
    // The next start: four positions a round, then one at a time from the round that had one.
    // The hashes are pairBit's, written out (V8 did not inline all the calls).
    let i = from;
    for (; i + 4 <= last; i += 4) {
      const u0 = code[i]!;
      const u1 = code[i + 1]!;
      const u2 = code[i + 2]!;
      const u3 = code[i + 3]!;
      const u4 = code[i + 4]!;
      const b0 = Math.imul((u0 << 16) | u1, 0x9e3779b1) >>> 13;
      const b1 = Math.imul((u1 << 16) | u2, 0x9e3779b1) >>> 13;
      const b2 = Math.imul((u2 << 16) | u3, 0x9e3779b1) >>> 13;
      const b3 = Math.imul((u3 << 16) | u4, 0x9e3779b1) >>> 13;
      const pairs =
        (units[PAIRS_AT + (b0 >>> 4)]! >>> (b0 & 15)) |
        (units[PAIRS_AT + (b1 >>> 4)]! >>> (b1 & 15)) |
        (units[PAIRS_AT + (b2 >>> 4)]! >>> (b2 & 15)) |
        (units[PAIRS_AT + (b3 >>> 4)]! >>> (b3 & 15));
      const entries = Math.max(units[u0]! & keep, units[u1]! & keep, units[u2]! & keep, units[u3]! & keep);
      if ((pairs & 1) !== 0 || entries > plainClasses) break;
    }
    let unit = code[i]!;
    for (; i < last; i++) {
      const next = code[i + 1]!;
      const bit = Math.imul((unit << 16) | next, 0x9e3779b1) >>> 13;
      if (((units[PAIRS_AT + (bit >>> 4)]! >>> (bit & 15)) & 1) !== 0 || (units[unit]! & keep) > plainClasses) break;
      unit = next;
    }
    // The last unit has no pair: only a term of one unit can start there.
    if (i === last && (units[unit]! & keep) <= plainClasses) break;
    const start = i;
    from = start + 1;
    const entry = units[unit]!;
    if ((entry & NOT_INERT) !== 0) keep = CLASS_BITS;

    // The walk: the trie's moves from the root along the text, each term on the way reported.
    const before = logged;
    let at = memory[rootOffset + (entry & CLASS_BITS)]! & ~1;
    for (let j = start; at !== 0; ) {
      if (++steps > (start >>> 1) + WALK_SLACK) {
        // Cut short: what this walk logged is dropped, and the failure links take over here.
        reportWalks(log, tables, record, before, found, matches);
        return 2 * start + (keep === CLASS_BITS ? 1 : 0);
      }
      const t = memory[at + 3]!;
      if (t >= 0) {
        log[logged++] = t;
        log[logged++] = j;
      }
      if (++j === length) break;
      const cls = units[code[j]!]! & CLASS_BITS;
      if ((memory[at]! & (1 << (cls & 31))) === 0) break;
      const state = at;
      at = 0;
      for (let h = slotOf(state, cls, shift); ; h = (h + 1) & mask) {
        const slot = slotOffset + h * SLOT_WORDS;
        const key = memory[slot]!;
        if (key === 0) break;
        if (key === state && memory[slot + 1] === cls) {
          at = memory[slot + 2]! & ~1;
          break;
        }
      }
    }
  }
  reportWalks(log, tables, record, logged, found, matches);
  return keep === CLASS_BITS ? NOT_ALL_INERT : INERT;
}

/** Reports the walks' occurrences, logged as (term, offset of its last unit) pairs. */
function reportWalks(log: Int32Array, tables: AutomatonTables, record: Uint8Array, logged: number, found: Uint8Array, matches: number[]): void {
  const { termLength } = tables;
  for (let k = 0; k < logged; k += 2) {
    const t = log[k]!;
    found[t] = 1;
    if (record[t] === 1) matches.push(t, log[k + 1]! + 1 - termLength[t]!);
  }
}

/**
 * Aho–Corasick from offset `start` to `length`, from the root: reports every occurrence
 * within that span. Returns true when every unit of the span is NFC-inert.
 */
export function scanByLinks(
  scratch: ScanScratch,
  tables: AutomatonTables,
  record: Uint8Array,
  code: Uint16Array,
  start: number,
  length: number,
  found: Uint8Array,
  matches: number[],
): boolean {
  const { units, memory, rootOffset, slotOffset, shift, mask } = tables;
  const log = scratch.logOf(2 * length); // (state record, offset) pairs
  let logged = 0;
  let at = 0; // a reference to the current state: its record, bit 0 set when a term ends there
  let flags = 0;
  for (let i = start; i < length; i++) {
    const entry = units[code[i]!]!;
    flags |= entry;
    const cls = entry & CLASS_BITS;
    if (cls === 0) {
      at = 0;
      continue;
    }
    const bit = 1 << (cls & 31);
    let next = -1;
    while (at !== 0) {
      const base = at & ~1;
      if ((memory[base]! & bit) !== 0) {
        for (let h = slotOf(base, cls, shift); ; h = (h + 1) & mask) {
          const slot = slotOffset + h * SLOT_WORDS;
          const key = memory[slot]!;
          if (key === 0) break;
          if (key === base && memory[slot + 1] === cls) {
            next = memory[slot + 2]!;
            break;
          }
        }
        if (next >= 0) break;
      }
      at = memory[base + 1]!;
    }
    at = next >= 0 ? next : memory[rootOffset + cls]!;
    if ((at & 1) !== 0) {
      log[logged++] = at & ~1;
      log[logged++] = i;
    }
  }
  // Occurrences are reported after the loop, which then holds no call.
  const { termAt, dict, termLength } = tables;
  for (let k = 0; k < logged; k += 2) {
    const end = log[k + 1]! + 1;
    for (let hit = memory[log[k]! + 2]!; hit !== 0; hit = dict[hit]!) {
      const t = termAt[hit]!;
      found[t] = 1;
      if (record[t] === 1) matches.push(t, end - termLength[t]!);
    }
  }
  return (flags & NOT_INERT) === 0;
}
