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
 * An Aho–Corasick automaton over UTF-16 code units, for large term sets: one pass over the
 * text whatever the number of terms.
 *
 * - Code units map to dense classes through one 65,536-entry `Uint16Array` (class 0: no term
 *   holds the unit, so the automaton drops straight back to its root). The same entry carries
 *   the unit's NFC-inertness, so the pass also tells whether NFC hints need a second look.
 * - The root's moves are a dense array. Every other move lives in one open-addressing hash
 *   table, guarded by a 32-bit mask per state of the classes (mod 32) it has moves for: most
 *   lookups in real text are misses, and the mask settles nearly all of them without hashing.
 * - Dictionary links chain a state to the shorter terms ending where it does, so overlapping and
 *   nested occurrences are all reported.
 * - One typed array per field. (Interleaving each state's fields into one array, to touch
 *   fewer cache lines, measured two to three times slower on Node 20: the index arithmetic and
 *   bounds checks cost more than the cache misses they save.)
 *
 * Everything is in typed arrays, so a scan allocates nothing but the occurrences it reports.
 * Returns `undefined` when the terms use more than 32,767 distinct code units (the class would
 * not fit beside the inertness bit); the caller then keeps the includes strategy.
 */
export function automatonMatcher(terms: readonly string[], record: Uint8Array): TermMatcher | undefined {
  const tables = buildAutomaton(terms);
  return tables && scanWith(tables, record);
}

/** The automaton's tables: typed arrays only, so a matcher retains nothing of the build. */
interface AutomatonTables {
  /** Code unit → class, with {@link NOT_INERT} set for units that may change under NFC. */
  readonly units: Uint16Array;
  /** Class → the root's move (0: stay at the root). */
  readonly rootNext: Int32Array;
  /** Per state, a bit per class (mod 32) the state has a move for. */
  readonly childMask: Int32Array;
  /** Per state, its failure link. */
  readonly fail: Int32Array;
  /** Per state, the first state whose term ends here: itself, or its dictionary link (0: none). */
  readonly hitAt: Int32Array;
  /** Per state, the nearest shorter term's state ending where it does (0: none). */
  readonly dict: Int32Array;
  /** Per hash slot: its state (0: empty slot), class, and target state. */
  readonly slotState: Int32Array;
  readonly slotClass: Int32Array;
  readonly slotNext: Int32Array;
  /** Per state, the term ending exactly there, or -1. */
  readonly termAt: Int32Array;
  /** Per term, its length in code units. */
  readonly termLength: Int32Array;
  /** Hash: `32 - log2(slot count)`. */
  readonly shift: number;
  /** Hash: slot count - 1. */
  readonly mask: number;
}

/**
 * Builds the tables in a scope of its own: the Map and arrays of the build become garbage as
 * soon as it returns, instead of being kept alive by the scan's closure.
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
  const classOf = (unit: number) => units[unit]! & CLASS_BITS;

  // The trie, built with a Map, then frozen into typed arrays.
  const edges = new Map<number, number>();
  const termAtList: number[] = [-1];
  const childrenOf: number[][] = [[]];
  const classIn: number[] = [0];
  terms.forEach((term, t) => {
    let state = 0;
    for (let i = 0; i < term.length; i++) {
      const cls = classOf(term.charCodeAt(i));
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

  const rootNext = new Int32Array(classes + 1);
  for (const child of childrenOf[0]!) rootNext[classIn[child]!] = child;

  // Slots hold (state, class) → next for every state but the root, at most half full.
  let bits = 4;
  while (1 << bits < (count - 1 - childrenOf[0]!.length) * 2) bits++;
  const mask = (1 << bits) - 1;
  const shift = 32 - bits;
  const slotState = new Int32Array(1 << bits);
  const slotClass = new Int32Array(1 << bits);
  const slotNext = new Int32Array(1 << bits);
  const childMask = new Int32Array(count);
  for (let state = 1; state < count; state++) {
    for (const child of childrenOf[state]!) {
      const cls = classIn[child]!;
      childMask[state] = childMask[state]! | (1 << (cls & 31));
      let h = slotOf(state, cls, shift);
      while (slotState[h] !== 0) h = (h + 1) & mask;
      slotState[h] = state;
      slotClass[h] = cls;
      slotNext[h] = child;
    }
  }
  const move = (state: number, cls: number): number => {
    if (state === 0) return rootNext[cls]!;
    if ((childMask[state]! & (1 << (cls & 31))) === 0) return -1;
    for (let h = slotOf(state, cls, shift); slotState[h] !== 0; h = (h + 1) & mask) {
      if (slotState[h] === state && slotClass[h] === cls) return slotNext[h]!;
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
  const hitAt = Int32Array.from(termAt, (t, state) => (t >= 0 ? state : dict[state]!));
  return { units, rootNext, childMask, fail, hitAt, dict, slotState, slotClass, slotNext, termAt, termLength, shift, mask };
}

function scanWith(tables: AutomatonTables, record: Uint8Array): TermMatcher {
  const { units, rootNext, childMask, fail, hitAt, dict, slotState, slotClass, slotNext, termAt, termLength, shift, mask } = tables;
  return {
    strategy: 'automaton',
    scan: function scanAutomaton(text, found, matches) {
      // Locals, not captured variables: V8 then keeps them in registers through the loop.
      const unitEntry = units;
      const root = rootNext;
      const masks = childMask;
      const keys = slotState;
      const keyClasses = slotClass;
      const targets = slotNext;
      const failTo = fail;
      const firstHit = hitAt;
      const nextHit = dict;
      const hashShift = shift;
      const hashMask = mask;
      const length = text.length;
      const code = codeUnits(text);
      let state = 0;
      let flags = 0;
      for (let i = 0; i < length; i++) {
        const entry = unitEntry[code[i]!]!;
        flags |= entry;
        const cls = entry & CLASS_BITS;
        if (cls === 0) {
          state = 0;
          continue;
        }
        const bit = 1 << (cls & 31);
        let next = -1;
        while (state !== 0) {
          if ((masks[state]! & bit) !== 0) {
            let h = Math.imul(state ^ Math.imul(cls, 0x85ebca6b), 0x9e3779b1) >>> hashShift;
            for (let key = keys[h]!; key !== 0; key = keys[h]!) {
              if (key === state && keyClasses[h] === cls) {
                next = targets[h]!;
                break;
              }
              h = (h + 1) & hashMask;
            }
            if (next >= 0) break;
          }
          state = failTo[state]!;
        }
        state = next >= 0 ? next : root[cls]!;
        for (let hit = firstHit[state]!; hit !== 0; hit = nextHit[hit]!) {
          const t = termAt[hit]!;
          found[t] = 1;
          if (record[t] === 1) matches.push(t, i + 1 - termLength[t]!);
        }
      }
      return (flags & NOT_INERT) === 0;
    },
  };
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
