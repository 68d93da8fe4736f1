import { NFC_INERT_UNITS } from './is-nfc.js';

/**
 * The automaton's tables, built from a set of terms: a trie over UTF-16 code units with
 * Aho–Corasick failure links, laid out in typed arrays for the scans (`automaton-scan.ts` in
 * JavaScript, `automaton-wasm.ts` in WebAssembly; see `automatonMatcher` for the design).
 */

/** Bit set in a code unit's entry when it is not NFC-inert; the low 15 bits hold its class. */
export const NOT_INERT = 0x8000;
export const CLASS_BITS = 0x7fff;

/**
 * Words per state record in {@link AutomatonTables.memory}: child-class mask, failure link,
 * first state with a hit, and the term ending exactly there (-1: none). Four keeps records
 * even, leaving bit 0 of a reference free.
 */
export const STATE_WORDS = 4;
/** log2 of {@link STATE_WORDS}: a record's state number by a shift, not a division (which yields a float). */
export const STATE_SHIFT = 2;
/** Words per hash slot: the state's record (0: empty slot), the class, the target's reference. */
export const SLOT_WORDS = 3;

/**
 * Where the bits of the terms' first pairs of code units start in {@link AutomatonTables.units},
 * and how many there are: 2^19 bits, 64 KiB, so that for 2,000 distinct pairs about 1% of the
 * text's positions are false hits (2^17 bits left 2%, and each false start costs a walk of the
 * trie and the rest of its round a position at a time: 2^19 made loose verdicts on
 * `contract-large` about 3% faster, folded ones about 5%). The size is fixed so the scans shift
 * by a constant (a size per automaton was slower); both scans write the shift out, `32 -
 * PAIR_BITS` (`pairBit`'s), as a literal.
 */
export const PAIRS_AT = 65536;
export const PAIR_BITS = 19;

/**
 * Bytes of the tables every automaton holds whatever its terms: the class table and, after it,
 * the set of first pairs, 192 KiB. A cache that keeps compiled contracts must count them.
 */
export const AUTOMATON_TABLE_BYTES = (PAIRS_AT + (1 << PAIR_BITS) / 16) * Uint16Array.BYTES_PER_ELEMENT;

/** Entries of {@link AutomatonTables.units}: the class table, then the pair bits. */
export const UNIT_ENTRIES = PAIRS_AT + (1 << PAIR_BITS) / 16;

export interface AutomatonTables {
  /**
   * Code unit → class, with {@link NOT_INERT} set for units that may change under NFC; then,
   * from {@link PAIRS_AT}, the bits of the terms' first pairs of units ({@link pairBit}).
   */
  readonly units: Uint16Array;
  /** The number of classes of units that are not terms by themselves; the others come after. */
  readonly plainClasses: number;
  /**
   * The scan's tables in one array. A state is named by the index of its record
   * ({@link STATE_WORDS} words: child-class mask, failure link, first state with a hit or 0,
   * term ending there or -1); the root is 0. At `rootOffset`: the root's move per class. At
   * `slotOffset`: the hash slots.
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
  /** The units that are terms by themselves (whose classes are above {@link plainClasses}), at most five. */
  readonly singles: readonly number[];
}

/**
 * Builds the tables in a scope of its own: the Map and arrays of the build become garbage as
 * soon as it returns, instead of being kept alive by the matcher.
 */
export function buildAutomaton(terms: readonly string[]): AutomatonTables | undefined {
  const units = new Uint16Array(UNIT_ENTRIES);
  units.set(inertnessTable());
  // Units that are terms by themselves are given their classes last, so they are the highest.
  // Typed arrays and loops throughout the build: a contract written fresh for every turn pays
  // for it on every turn (a Map of edges and arrays of children was far slower).
  const alone = new Uint8Array(65536);
  let total = 0; // code units of all terms: a bound on the trie's states
  const singles: number[] = [];
  for (const term of terms) {
    total += term.length;
    if (term.length !== 1) continue;
    const unit = term.charCodeAt(0);
    if (alone[unit] === 0 && singles.length < 5) singles.push(unit);
    alone[unit] = 1;
  }
  let classes = 0;
  let plainClasses = 0;
  for (let pass = 0; pass < 2; pass++) {
    for (const term of terms) {
      if ((term.length === 1) !== (pass === 1)) continue;
      for (let i = 0; i < term.length; i++) {
        const unit = term.charCodeAt(i);
        if ((units[unit]! & CLASS_BITS) === 0 && alone[unit] === pass) {
          if (classes === CLASS_BITS) return undefined;
          units[unit] = units[unit]! | ++classes;
        }
      }
    }
    if (pass === 0) plainClasses = classes;
  }
  for (const term of terms) {
    if (term.length < 2) continue;
    const bit = pairBit(term.charCodeAt(0), term.charCodeAt(1));
    units[PAIRS_AT + (bit >>> 4)] = units[PAIRS_AT + (bit >>> 4)]! | (1 << (bit & 15));
  }

  // The trie: states numbered as they are made, children as linked lists, edges found through a
  // scratch hash table sized for the most states the terms could make (then laid out anew below).
  const termAtAll = new Int32Array(total + 1).fill(-1);
  const classIn = new Int32Array(total + 1);
  const firstChild = new Int32Array(total + 1);
  const nextSibling = new Int32Array(total + 1);
  const rootMove = new Int32Array(classes + 1);
  let buildBits = 4;
  while (1 << buildBits < total * 2) buildBits++;
  const buildMask = (1 << buildBits) - 1;
  const edges = new Int32Array(SLOT_WORDS << buildBits); // (state, class, child); state 0: empty
  let count = 1;
  for (let t = 0; t < terms.length; t++) {
    const term = terms[t]!;
    let state = 0;
    for (let i = 0; i < term.length; i++) {
      const cls = units[term.charCodeAt(i)]! & CLASS_BITS;
      let next = 0;
      let h = 0;
      if (state === 0) next = rootMove[cls]!;
      else {
        for (h = slotOf(state, cls, 32 - buildBits); edges[h * SLOT_WORDS] !== 0; h = (h + 1) & buildMask) {
          if (edges[h * SLOT_WORDS] === state && edges[h * SLOT_WORDS + 1] === cls) {
            next = edges[h * SLOT_WORDS + 2]!;
            break;
          }
        }
      }
      if (next === 0) {
        next = count++;
        classIn[next] = cls;
        nextSibling[next] = firstChild[state]!;
        firstChild[state] = next;
        if (state === 0) rootMove[cls] = next;
        else {
          edges[h * SLOT_WORDS] = state;
          edges[h * SLOT_WORDS + 1] = cls;
          edges[h * SLOT_WORDS + 2] = next;
        }
      }
      state = next;
    }
    termAtAll[state] = t;
  }
  const termAt = termAtAll.slice(0, count);
  const termLength = new Int32Array(terms.length);
  for (let t = 0; t < terms.length; t++) termLength[t] = terms[t]!.length;
  let rootChildren = 0;
  for (let child = firstChild[0]!; child !== 0; child = nextSibling[child]!) rootChildren++;

  // Slots hold (state, class) → next for every state but the root, at most half full.
  let bits = 4;
  while (1 << bits < (count - 1 - rootChildren) * 2) bits++;
  const mask = (1 << bits) - 1;
  const shift = 32 - bits;
  const rootOffset = count * STATE_WORDS;
  const slotOffset = rootOffset + classes + 1;
  const memory = new Int32Array(slotOffset + (SLOT_WORDS << bits));
  for (let cls = 1; cls <= classes; cls++) memory[rootOffset + cls] = rootMove[cls]! * STATE_WORDS;
  // References to states (root moves, slot targets, failure links) are records with bit 0 set
  // when a term ends at that state, so the scan tests for occurrences without a load.
  const hasHit = new Uint8Array(count);
  for (let state = 1; state < count; state++) {
    const at = state * STATE_WORDS;
    for (let child = firstChild[state]!; child !== 0; child = nextSibling[child]!) {
      const cls = classIn[child]!;
      memory[at] = memory[at]! | (1 << (cls & 31));
      let h = slotOf(at, cls, shift);
      while (memory[slotOffset + h * SLOT_WORDS] !== 0) h = (h + 1) & mask;
      memory[slotOffset + h * SLOT_WORDS] = at;
      memory[slotOffset + h * SLOT_WORDS + 1] = cls;
      memory[slotOffset + h * SLOT_WORDS + 2] = child * STATE_WORDS;
    }
  }
  // Failure and dictionary links, breadth first so a state's links are known before its children's.
  const fail = new Int32Array(count);
  const dict = new Int32Array(count);
  const queue = new Int32Array(count);
  let queued = 0;
  for (let child = firstChild[0]!; child !== 0; child = nextSibling[child]!) queue[queued++] = child;
  for (let head = 0; head < queued; head++) {
    const state = queue[head]!;
    for (let child = firstChild[state]!; child !== 0; child = nextSibling[child]!) {
      const cls = classIn[child]!;
      let f = fail[state]!;
      let target = moveOf(memory, rootOffset, slotOffset, shift, mask, f, cls);
      while (target < 0) {
        f = fail[f]!;
        target = moveOf(memory, rootOffset, slotOffset, shift, mask, f, cls);
      }
      fail[child] = target;
      dict[child] = termAt[target]! >= 0 ? target : dict[target]!;
      queue[queued++] = child;
    }
  }
  memory[3] = -1;
  for (let state = 1; state < count; state++) {
    const hit = termAt[state]! >= 0 ? state : dict[state]!;
    memory[state * STATE_WORDS + 2] = hit;
    memory[state * STATE_WORDS + 3] = termAt[state]!;
    hasHit[state] = hit !== 0 ? 1 : 0;
  }
  // A reference is a record, plus 1 when a term ends at its state (see above).
  for (let state = 1; state < count; state++) memory[state * STATE_WORDS + 1] = fail[state]! * STATE_WORDS + hasHit[fail[state]!]!;
  for (let cls = 1; cls <= classes; cls++) memory[rootOffset + cls] = rootMove[cls]! * STATE_WORDS + hasHit[rootMove[cls]!]!;
  for (let slot = slotOffset; slot < memory.length; slot += SLOT_WORDS) {
    if (memory[slot] !== 0) memory[slot + 2] = memory[slot + 2]! + hasHit[memory[slot + 2]! >> STATE_SHIFT]!;
  }
  return { units, plainClasses, memory, rootOffset, slotOffset, shift, mask, termAt, dict, termLength, singles };
}

/**
 * The move from `state` on `cls` as a state number, or -1 when there is none, in an automaton's
 * memory before its references are marked (the build's failure links use it).
 */
function moveOf(memory: Int32Array, rootOffset: number, slotOffset: number, shift: number, mask: number, state: number, cls: number): number {
  if (state === 0) return memory[rootOffset + cls]! >> STATE_SHIFT;
  const at = state * STATE_WORDS;
  if ((memory[at]! & (1 << (cls & 31))) === 0) return -1;
  for (let h = slotOf(at, cls, shift); memory[slotOffset + h * SLOT_WORDS] !== 0; h = (h + 1) & mask) {
    if (memory[slotOffset + h * SLOT_WORDS] === at && memory[slotOffset + h * SLOT_WORDS + 1] === cls) {
      return memory[slotOffset + h * SLOT_WORDS + 2]! >> STATE_SHIFT;
    }
  }
  return -1;
}

let inertness: Uint16Array | undefined;

/** Each code unit's entry before classes are assigned: {@link NOT_INERT} or 0. Built once. */
function inertnessTable(): Uint16Array {
  if (inertness) return inertness;
  inertness = new Uint16Array(65536);
  for (let unit = 0; unit < 65536; unit++) if (NFC_INERT_UNITS[unit] === 0) inertness[unit] = NOT_INERT;
  return inertness;
}

/**
 * The bit of a pair of adjacent code units in the set of the terms' first pairs: Fibonacci
 * hashing, keeping the top {@link PAIR_BITS} bits. {@link scanByStarts} repeats it inline.
 */
export function pairBit(first: number, second: number): number {
  return Math.imul((first << 16) | second, 0x9e3779b1) >>> (32 - PAIR_BITS);
}

/** Fibonacci hashing of the (state, class) pair; the high bits of the product mix best. */
export function slotOf(state: number, cls: number, shift: number): number {
  return Math.imul(state ^ Math.imul(cls, 0x85ebca6b), 0x9e3779b1) >>> shift;
}
