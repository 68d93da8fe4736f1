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

/** The terms inside a term that holds none. */
const NONE_INSIDE: readonly number[] = Object.freeze([]);

/**
 * The naive strategy, kept for small term sets where it is the fastest thing V8 offers:
 * `includes` is native code, while an automaton pays a few nanoseconds per code unit in
 * JavaScript. Compiling still helps: a term inside a longer term that was found is found too,
 * so it is never searched for.
 */
export function includesMatcher(terms: readonly string[], record: Uint8Array): TermMatcher {
  // Longest first, so a found term settles every shorter term inside it. Finding which terms
  // nest costs a search per pair, so only small sets (the ones this strategy is chosen for) do it.
  // Plain loops, and one shared empty list: with a fresh contract per turn this runs as often
  // as the scan, and building it with closures cost more than the first verification.
  const order: number[] = [];
  for (let t = 0; t < terms.length; t++) {
    // Insertion, keeping the list's order among terms of one length: lists here are short.
    let at = order.length;
    while (at > 0 && terms[order[at - 1]!]!.length < terms[t]!.length) at--;
    order.splice(at, 0, t);
  }
  const inside: (readonly number[])[] = [];
  for (let o = 0; o < terms.length; o++) {
    const outer = terms[o]!;
    let within: number[] | undefined;
    if (terms.length <= NESTING_MAX_TERMS) {
      for (let i = 0; i < terms.length; i++) {
        const inner = terms[i]!;
        if (i !== o && inner.length <= outer.length && outer.includes(inner)) (within ??= []).push(i);
      }
    }
    inside.push(within ?? NONE_INSIDE);
  }
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
 * first state with a hit, and the term ending exactly there (-1: none). Four keeps records
 * even, leaving bit 0 of a reference free.
 */
const STATE_WORDS = 4;
/** log2 of {@link STATE_WORDS}: a record's state number by a shift, not a division (which yields a float). */
const STATE_SHIFT = 2;
/** Words per hash slot: the state's record (0: empty slot), the class, the target's reference. */
const SLOT_WORDS = 3;

/**
 * Where the bits of the terms' first pairs of code units start in {@link AutomatonTables.units},
 * and how many there are: 2^17 bits, 16 KiB, so that for 2,000 distinct pairs about 1.5% of
 * the text's positions are false hits. The size is fixed so the scan shifts by a constant (a
 * size per automaton measured 7% slower).
 */
const PAIRS_AT = 65536;
const PAIR_BITS = 17;

/**
 * Bytes of the tables every automaton holds whatever its terms: the class table and, after it,
 * the set of first pairs, 144 KiB. A cache that keeps compiled contracts must count them.
 */
export const AUTOMATON_TABLE_BYTES = (PAIRS_AT + (1 << PAIR_BITS) / 16) * Uint16Array.BYTES_PER_ELEMENT;

/**
 * The walks from the root may take this many steps, plus one per two code units scanned so far,
 * before the scan hands the rest of the text to the failure links: beyond that, terms start
 * nearly everywhere (100 English words over English prose) and Aho–Corasick, which looks at
 * each unit once, is faster. Measured on that text: handing over at one step per unit left the
 * scan 50% slower than Aho–Corasick alone; at one per two, as fast.
 */
const WALK_SLACK = 64;

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
 *   set in a 2^17-bit set stored after the class table ({@link pairBit}), and units that are
 *   terms by themselves have the highest classes. So a position is passed over when its pair's
 *   bit is clear and its unit's entry is at most {@link AutomatonTables.plainClasses}. An entry
 *   above is a one-unit term or — until the first is seen, which settles the answer — a unit
 *   that is not NFC-inert. In the `contract-large` benchmark's text, drawn from the terms' own
 *   alphabet (2,000 terms over 1,500 ideographs), 1.8% of positions are starts, and the scan
 *   takes 2.7 ns per unit where Aho–Corasick alone took 6.1 (same process, loaded machine).
 *   The test runs on four positions a round: V8 repeats its checks of the typed arrays on
 *   every round of a loop, so fewer rounds are cheaper (measured: a sixth faster).
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
 *   depend on which automaton ran first (a closure per automaton measured up to twice as slow
 *   once several existed).
 *
 * Occurrences are reported in no particular order (by start for the walks, by end for the
 * failure links); callers sort them. A scan allocates nothing but the occurrences it reports.
 * Returns `undefined` when the terms use more than 32,767 distinct code units (the class would
 * not fit beside the inertness bit); the caller then keeps the includes strategy.
 */
export function automatonMatcher(terms: readonly string[], record: Uint8Array): TermMatcher | undefined {
  const tables = buildAutomaton(terms);
  if (!tables) return undefined;
  const matcher: TermMatcher = {
    strategy: 'automaton',
    scan: (text, found, matches) => scanAutomaton(tables, record, codeUnits(text), text.length, found, matches),
    scanUnits: (units, length, found, matches) => void scanAutomaton(tables, record, units, length, found, matches),
  };
  warmUp(matcher, tables, terms, record);
  return matcher;
}

/**
 * Runs one scan over the terms themselves, by starts and by failure links, so every path of
 * the scan — walks, moves, failure links, occurrences of recorded and unrecorded terms — has
 * run before V8 optimizes it. Otherwise the first real occurrence can meet optimized code that
 * never saw one; V8 discards that code and was seen to re-enter the loop through on-stack
 * replacement on every later call, twice as slow.
 */
function warmUp(matcher: TermMatcher, tables: AutomatonTables, terms: readonly string[], record: Uint8Array): void {
  const recorded = terms.find((_, t) => record[t] === 1) ?? '';
  const other = terms.find((_, t) => record[t] === 0) ?? '';
  const text = `${terms.slice(0, 8).join('\u0000')}\u0000${recorded}${other}`;
  matcher.scan(text, new Uint8Array(terms.length), []);
  scanByLinks(tables, record, codeUnits(text), 0, text.length, new Uint8Array(terms.length), []);
}

/** The automaton's tables: typed arrays only, so a matcher retains nothing of the build. */
interface AutomatonTables {
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
}

/**
 * Builds the tables in a scope of its own: the Map and arrays of the build become garbage as
 * soon as it returns, instead of being kept alive by the matcher.
 */
function buildAutomaton(terms: readonly string[]): AutomatonTables | undefined {
  const units = new Uint16Array(PAIRS_AT + (1 << PAIR_BITS) / 16);
  units.set(inertnessTable());
  // Units that are terms by themselves are given their classes last, so they are the highest.
  // Typed arrays and loops throughout the build: a contract written fresh for every turn pays
  // for it on every turn (a Map of edges and arrays of children took 3 ms for 2,000 terms).
  const alone = new Uint8Array(65536);
  let total = 0; // code units of all terms: a bound on the trie's states
  for (const term of terms) {
    total += term.length;
    if (term.length === 1) alone[term.charCodeAt(0)] = 1;
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
  return { units, plainClasses, memory, rootOffset, slotOffset, shift, mask, termAt, dict, termLength };
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

/** Occurrences of a scan as pairs (see each scan); shared, since scans never overlap. */
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
  // Two calls, not one inside the other: inlined into the walks' loop, the failure links'
  // loop measured 20% slower.
  const outcome = scanByStarts(tables, record, code, length, found, matches);
  if (outcome < 0) return outcome === INERT;
  return scanByLinks(tables, record, code, outcome >>> 1, length, found, matches) && (outcome & 1) === 0;
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
  tables: AutomatonTables,
  record: Uint8Array,
  code: Uint16Array,
  length: number,
  found: Uint8Array,
  matches: number[],
): number {
  const { units, plainClasses, memory, rootOffset, slotOffset, shift, mask } = tables;
  // A walk logs at most one occurrence per step, and the steps are bounded.
  if (hitLog.length < length + 2 * WALK_SLACK) hitLog = new Int32Array(2 * length + 2 * WALK_SLACK);
  const log = hitLog; // (term, offset of its last unit) pairs
  let logged = 0;
  let steps = 0;
  // Entries are masked with `keep`: units that are not NFC-inert are starts until one is seen.
  let keep = 0xffff;
  const last = length - 1;
  for (let from = 0; from <= last; ) {
    // The next start: four positions a round, then one at a time from the round that had one.
    // The hashes are pairBit's, written out (the calls were not all inlined: 12% slower).
    let i = from;
    for (; i + 4 <= last; i += 4) {
      const u0 = code[i]!;
      const u1 = code[i + 1]!;
      const u2 = code[i + 2]!;
      const u3 = code[i + 3]!;
      const u4 = code[i + 4]!;
      const b0 = Math.imul((u0 << 16) | u1, 0x9e3779b1) >>> 15;
      const b1 = Math.imul((u1 << 16) | u2, 0x9e3779b1) >>> 15;
      const b2 = Math.imul((u2 << 16) | u3, 0x9e3779b1) >>> 15;
      const b3 = Math.imul((u3 << 16) | u4, 0x9e3779b1) >>> 15;
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
      const bit = Math.imul((unit << 16) | next, 0x9e3779b1) >>> 15;
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
        reportWalks(tables, record, before, found, matches);
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
  reportWalks(tables, record, logged, found, matches);
  return keep === CLASS_BITS ? NOT_ALL_INERT : INERT;
}

/** Reports the walks' occurrences, logged as (term, offset of its last unit) pairs. */
function reportWalks(tables: AutomatonTables, record: Uint8Array, logged: number, found: Uint8Array, matches: number[]): void {
  const { termLength } = tables;
  const log = hitLog;
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
function scanByLinks(
  tables: AutomatonTables,
  record: Uint8Array,
  code: Uint16Array,
  start: number,
  length: number,
  found: Uint8Array,
  matches: number[],
): boolean {
  const { units, memory, rootOffset, slotOffset, shift, mask } = tables;
  if (hitLog.length < 2 * length) hitLog = new Int32Array(2 * length);
  const log = hitLog; // (state record, offset) pairs
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

/**
 * The bit of a pair of adjacent code units in the set of the terms' first pairs: Fibonacci
 * hashing, keeping the top {@link PAIR_BITS} bits. {@link scanByStarts} repeats it inline.
 */
function pairBit(first: number, second: number): number {
  return Math.imul((first << 16) | second, 0x9e3779b1) >>> (32 - PAIR_BITS);
}

/** Fibonacci hashing of the (state, class) pair; the high bits of the product mix best. */
function slotOf(state: number, cls: number, shift: number): number {
  return Math.imul(state ^ Math.imul(cls, 0x85ebca6b), 0x9e3779b1) >>> shift;
}
