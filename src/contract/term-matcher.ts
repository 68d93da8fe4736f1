import { isNfcInert, NFC_INERT_UNITS } from './is-nfc.js';

/**
 * Finds which of a fixed set of terms occur in a text, and where the "recorded" ones occur.
 * Matching is over UTF-16 code units, exactly as `String.prototype.includes` and `indexOf` see
 * a string: no normalization, no case folding, overlapping occurrences all count.
 */
export interface TermMatcher {
  /** Which strategy this is, reported by compiled contracts and benchmarks. */
  readonly strategy: 'includes' | 'automaton';
  /**
   * Scans `text`: sets `found[t] = 1` for every term `t` that occurs; for every occurrence of a
   * term whose `record[t]` is 1, pushes `t` and the occurrence's start offset onto `matches`.
   * `found` must hold zeros for the terms not yet seen. Returns true when every code unit of
   * `text` is NFC-inert (see `isNfcInert`), which the automaton learns during the same pass.
   */
  scan(text: string, found: Uint8Array, matches: number[]): boolean;
  /**
   * The automaton only: as {@link scan}, over the first `length` code units of `units` (a
   * folded text, see `foldText`), without making a string of them.
   */
  scanUnits?(units: Uint16Array, length: number, found: Uint8Array, matches: number[]): void;
}

/** Above this many terms the includes matcher skips the nesting analysis (quadratic in terms). */
const NESTING_MAX_TERMS = 256;

/**
 * The naive strategy, kept for small term sets where it is the fastest thing V8 offers:
 * `includes` is native code, while an automaton pays a few nanoseconds per code unit in
 * JavaScript. Compiling still helps: a term inside a longer term that was found is found too,
 * so it is never searched for.
 */
export function includesMatcher(terms: readonly string[], record: Uint8Array): TermMatcher {
  // Longest first, so a found term settles every shorter term inside it. Finding which terms
  // nest costs a search per pair, so only small sets (the ones this strategy is chosen for) do it.
  const order = terms.map((_, i) => i).sort((a, b) => terms[b]!.length - terms[a]!.length || a - b);
  const inside = terms.map((outer, o) =>
    terms.length > NESTING_MAX_TERMS
      ? []
      : terms.flatMap((inner, i) => (i !== o && inner.length <= outer.length && outer.includes(inner) ? [i] : [])),
  );
  return {
    strategy: 'includes',
    scan(text, found, matches) {
      for (const t of order) {
        const term = terms[t]!;
        if (record[t] === 1) {
          let at = text.indexOf(term);
          if (at < 0) continue;
          found[t] = 1;
          for (const i of inside[t]!) found[i] = 1;
          while (at >= 0) {
            matches.push(t, at);
            at = text.indexOf(term, at + 1);
          }
        } else if (found[t] !== 1 && text.includes(term)) {
          found[t] = 1;
          for (const i of inside[t]!) found[i] = 1;
        }
      }
      return isNfcInert(text);
    },
  };
}

/** Bit set in a code unit's entry when it is not NFC-inert; the low 15 bits hold its class. */
const NOT_INERT = 0x8000;
const CLASS_BITS = 0x7fff;

/**
 * Words per state record in {@link AutomatonTables.memory}: child-class mask, failure link,
 * first state with a hit, and a spare that keeps records even, leaving bit 0 of a reference free.
 */
const STATE_WORDS = 4;
/** Words per hash slot: the state's record (0: empty slot), the class, the target's reference. */
const SLOT_WORDS = 3;

/**
 * An Aho–Corasick automaton over UTF-16 code units, for large term sets: one pass over the
 * text whatever the number of terms.
 *
 * - Code units map to dense classes through one 65,536-entry `Uint16Array` (class 0: no term
 *   holds the unit, so the automaton drops straight back to its root). The same entry carries
 *   the unit's NFC-inertness, so the pass also tells whether NFC hints need a second look.
 * - The root's moves are a dense table. Every other move lives in one open-addressing hash
 *   table, guarded by a 32-bit mask per state of the classes (mod 32) it has moves for: most
 *   lookups in real text are misses, and the mask settles nearly all of them without hashing.
 * - Dictionary links chain a state to the shorter terms ending where it does, so overlapping and
 *   nested occurrences are all reported.
 * - The scan's tables share one `Int32Array`, and states are named by their record's index,
 *   with bit 0 set when a term ends there: the loop keeps few addresses live, multiplies
 *   nothing per step and learns of occurrences without a load. One top-level scan
 *   function serves every automaton, so its optimized code does not depend on which automaton
 *   ran first (a closure per automaton measured up to twice as slow once several existed).
 *
 * A scan allocates nothing but the occurrences it reports. Returns `undefined` when the terms
 * use more than 32,767 distinct code units (the class would not fit beside the inertness bit);
 * the caller then keeps the includes strategy.
 */
export function automatonMatcher(terms: readonly string[], record: Uint8Array): TermMatcher | undefined {
  const tables = buildAutomaton(terms);
  if (!tables) return undefined;
  const matcher: TermMatcher = {
    strategy: 'automaton',
    scan: (text, found, matches) => scanAutomaton(tables, record, codeUnits(text), text.length, found, matches),
    scanUnits: (units, length, found, matches) => void scanAutomaton(tables, record, units, length, found, matches),
  };
  warmUp(matcher, terms, record);
  return matcher;
}

/**
 * Runs one scan over the terms themselves, so every path of the scan — moves, failure links,
 * occurrences of recorded and unrecorded terms — has run before V8 optimizes it. Otherwise the
 * first real occurrence can meet optimized code that never saw one; V8 discards that code and
 * was seen to re-enter the loop through on-stack replacement on every later call, twice as slow.
 */
function warmUp(matcher: TermMatcher, terms: readonly string[], record: Uint8Array): void {
  const recorded = terms.find((_, t) => record[t] === 1) ?? '';
  const other = terms.find((_, t) => record[t] === 0) ?? '';
  matcher.scan(`${terms.slice(0, 8).join('\u0000')}\u0000${recorded}${other}`, new Uint8Array(terms.length), []);
}

/** The automaton's tables: typed arrays only, so a matcher retains nothing of the build. */
interface AutomatonTables {
  /** Code unit → class, with {@link NOT_INERT} set for units that may change under NFC. */
  readonly units: Uint16Array;
  /**
   * The scan's tables in one array. A state is named by the index of its record
   * ({@link STATE_WORDS} words: child-class mask, failure link, first state with a hit or 0);
   * the root is 0. At `rootOffset`: the root's move per class. At `slotOffset`: the hash slots.
   * Moves and failure links hold references: the record, plus 1 when a term ends there.
   */
  readonly memory: Int32Array;
  readonly rootOffset: number;
  readonly slotOffset: number;
  /** Hash: `32 - log2(slot count)` and slot count - 1. */
  readonly shift: number;
  readonly mask: number;
  /** Per state number (record index / {@link STATE_WORDS}): the term ending exactly there, or -1. */
  readonly termAt: Int32Array;
  /** Per state number: the nearest shorter term's state ending where it does (0: none). */
  readonly dict: Int32Array;
  /** Per term, its length in code units. */
  readonly termLength: Int32Array;
}

/**
 * Builds the tables in a scope of its own: the Map and arrays of the build become garbage as
 * soon as it returns, instead of being kept alive by the matcher.
 */
function buildAutomaton(terms: readonly string[]): AutomatonTables | undefined {
  const units = inertnessTable().slice();
  let classes = 0;
  for (const term of terms) {
    for (let i = 0; i < term.length; i++) {
      const unit = term.charCodeAt(i);
      if ((units[unit]! & CLASS_BITS) === 0) {
        if (classes === CLASS_BITS) return undefined;
        units[unit] = units[unit]! | ++classes;
      }
    }
  }

  // The trie, built with a Map, then frozen into typed arrays.
  const edges = new Map<number, number>();
  const termAtList: number[] = [-1];
  const childrenOf: number[][] = [[]];
  const classIn: number[] = [0];
  terms.forEach((term, t) => {
    let state = 0;
    for (let i = 0; i < term.length; i++) {
      const cls = units[term.charCodeAt(i)]! & CLASS_BITS;
      const key = state * 65536 + cls;
      let next = edges.get(key);
      if (next === undefined) {
        next = termAtList.length;
        termAtList.push(-1);
        childrenOf.push([]);
        classIn.push(cls);
        edges.set(key, next);
        childrenOf[state]!.push(next);
      }
      state = next;
    }
    termAtList[state] = t;
  });
  const count = termAtList.length;
  const termAt = Int32Array.from(termAtList);
  const termLength = Int32Array.from(terms, (term) => term.length);

  // Slots hold (state, class) → next for every state but the root, at most half full.
  let bits = 4;
  while (1 << bits < (count - 1 - childrenOf[0]!.length) * 2) bits++;
  const mask = (1 << bits) - 1;
  const shift = 32 - bits;
  const rootOffset = count * STATE_WORDS;
  const slotOffset = rootOffset + classes + 1;
  const memory = new Int32Array(slotOffset + (SLOT_WORDS << bits));
  const record = (state: number) => state * STATE_WORDS;
  for (const child of childrenOf[0]!) memory[rootOffset + classIn[child]!] = record(child);
  // References to states (root moves, slot targets, failure links) are records with bit 0 set
  // when a term ends at that state, so the scan tests for occurrences without a load.
  const hasHit = new Uint8Array(count);
  for (let state = 1; state < count; state++) {
    for (const child of childrenOf[state]!) {
      const cls = classIn[child]!;
      memory[record(state)] = memory[record(state)]! | (1 << (cls & 31));
      let h = slotOf(record(state), cls, shift);
      while (memory[slotOffset + h * SLOT_WORDS] !== 0) h = (h + 1) & mask;
      memory[slotOffset + h * SLOT_WORDS] = record(state);
      memory[slotOffset + h * SLOT_WORDS + 1] = cls;
      memory[slotOffset + h * SLOT_WORDS + 2] = record(child);
    }
  }
  /** The move from `state` on `cls` as a state number, or -1 when there is none. */
  const move = (state: number, cls: number): number => {
    if (state === 0) return memory[rootOffset + cls]! / STATE_WORDS;
    const at = record(state);
    if ((memory[at]! & (1 << (cls & 31))) === 0) return -1;
    for (let h = slotOf(at, cls, shift); memory[slotOffset + h * SLOT_WORDS] !== 0; h = (h + 1) & mask) {
      if (memory[slotOffset + h * SLOT_WORDS] === at && memory[slotOffset + h * SLOT_WORDS + 1] === cls) {
        return memory[slotOffset + h * SLOT_WORDS + 2]! / STATE_WORDS;
      }
    }
    return -1;
  };

  // Failure and dictionary links, breadth first so a state's links are known before its children's.
  const fail = new Int32Array(count);
  const dict = new Int32Array(count);
  const queue: number[] = [...childrenOf[0]!];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    for (const child of childrenOf[state]!) {
      const cls = classIn[child]!;
      let f = fail[state]!;
      let target = move(f, cls);
      while (target < 0) {
        f = fail[f]!;
        target = move(f, cls);
      }
      fail[child] = target;
      dict[child] = termAt[target]! >= 0 ? target : dict[target]!;
      queue.push(child);
    }
  }
  for (let state = 1; state < count; state++) {
    memory[record(state) + 2] = termAt[state]! >= 0 ? state : dict[state]!;
    hasHit[state] = memory[record(state) + 2]! !== 0 ? 1 : 0;
  }
  const reference = (at: number) => at | hasHit[at / STATE_WORDS]!;
  for (let state = 1; state < count; state++) memory[record(state) + 1] = reference(record(fail[state]!));
  for (let cls = 1; cls <= classes; cls++) memory[rootOffset + cls] = reference(memory[rootOffset + cls]!);
  for (let slot = slotOffset; slot < memory.length; slot += SLOT_WORDS) {
    if (memory[slot] !== 0) memory[slot + 2] = reference(memory[slot + 2]!);
  }
  return { units, memory, rootOffset, slotOffset, shift, mask, termAt, dict, termLength };
}

/** Occurrences of a scan as (state record, offset) pairs; shared, since scans never overlap. */
let hitLog = new Int32Array(8192);

/** The scan of every automaton; see {@link automatonMatcher}. */
function scanAutomaton(
  tables: AutomatonTables,
  record: Uint8Array,
  code: Uint16Array,
  length: number,
  found: Uint8Array,
  matches: number[],
): boolean {
  const { units, memory, rootOffset, slotOffset, shift, mask } = tables;
  if (hitLog.length < 2 * length) hitLog = new Int32Array(2 * length);
  const log = hitLog;
  let logged = 0;
  let at = 0; // a reference to the current state: its record, bit 0 set when a term ends there
  let flags = 0;
  for (let i = 0; i < length; i++) {
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

let scratch = Buffer.alloc(0);
let scratchUnits = new Uint16Array(0);

/**
 * The code units of `text` in a shared scratch array (valid until the next call). One native
 * copy, then typed-array reads, is cheaper per unit than `charCodeAt`, which re-checks the
 * string's representation on every call. Lone surrogates are copied as they are.
 */
function codeUnits(text: string): Uint16Array {
  if (scratchUnits.length < text.length) {
    scratch = Buffer.allocUnsafeSlow(Math.max(2 * text.length, 8192));
    scratchUnits = new Uint16Array(scratch.buffer, scratch.byteOffset, scratch.length / 2);
  }
  scratch.write(text, 0, 'utf16le');
  return scratchUnits;
}

let inertness: Uint16Array | undefined;

/** Each code unit's entry before classes are assigned: {@link NOT_INERT} or 0. Built once. */
function inertnessTable(): Uint16Array {
  if (inertness) return inertness;
  inertness = new Uint16Array(65536);
  for (let unit = 0; unit < 65536; unit++) if (NFC_INERT_UNITS[unit] === 0) inertness[unit] = NOT_INERT;
  return inertness;
}

/** Fibonacci hashing of the (state, class) pair; the high bits of the product mix best. */
function slotOf(state: number, cls: number, shift: number): number {
  return Math.imul(state ^ Math.imul(cls, 0x85ebca6b), 0x9e3779b1) >>> shift;
}
