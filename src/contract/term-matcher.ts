/**
 * Finds which of a fixed set of terms occur in a text, and where the "recorded" ones occur.
 * Matching is over UTF-16 code units, exactly as `String.prototype.includes` and `indexOf` see
 * a string: no normalization, no case folding, overlapping occurrences all count.
 */
export interface TermMatcher {
  /** Which strategy this is, reported in benchmarks and traces. */
  readonly strategy: 'includes' | 'automaton';
  /**
   * Scans `text`: sets `found[t] = 1` for every term `t` that occurs; for every occurrence of a
   * term whose `record[t]` is 1, pushes `t` and the occurrence's start offset onto `matches`.
   * `found` must hold zeros for the terms not yet seen.
   */
  scan(text: string, found: Uint8Array, matches: number[]): void;
}

/**
 * The naive strategy, kept for small term sets where it is the fastest thing V8 offers:
 * `includes` is a vectorised search, and a purpose-built automaton pays per code unit in
 * JavaScript. Compiling still helps: a term inside a longer term that was found is found too,
 * so it is never searched for.
 */
export function includesMatcher(terms: readonly string[], record: Uint8Array): TermMatcher {
  // Longest first, so a found term settles every shorter term inside it.
  const order = terms.map((_, i) => i).sort((a, b) => terms[b]!.length - terms[a]!.length || a - b);
  const inside = terms.map((outer, o) =>
    terms.flatMap((inner, i) => (i !== o && inner.length <= outer.length && outer.includes(inner) ? [i] : [])),
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
    },
  };
}

const EMPTY_SLOT = 0;

/**
 * An Aho–Corasick automaton over UTF-16 code units, for large term sets: one pass over the
 * text whatever the number of terms. Code units are first mapped to dense classes (0 for a code
 * unit no term contains, which sends the automaton straight back to its root); the root's moves
 * are a dense table, every other move lives in one open-addressing hash table; dictionary links
 * chain a state to the shorter terms that end where it does. Everything is in typed arrays so a
 * scan allocates nothing but the occurrences it reports.
 *
 * Returns `undefined` when the terms use every code unit (more than 65,535 classes), where the
 * class table would not fit; the caller then keeps the includes strategy.
 */
export function automatonMatcher(terms: readonly string[], record: Uint8Array): TermMatcher | undefined {
  const classOf = new Uint16Array(65536);
  let classes = 0;
  for (const term of terms) {
    for (let i = 0; i < term.length; i++) {
      const unit = term.charCodeAt(i);
      if (classOf[unit] === 0) {
        if (classes === 65535) return undefined;
        classOf[unit] = ++classes;
      }
    }
  }

  // The trie, built with a Map, then frozen into typed arrays.
  const edges = new Map<number, number>();
  const edgeKey = (state: number, cls: number) => state * 65536 + cls;
  const termAtList: number[] = [-1];
  const childrenOf: number[][] = [[]];
  const classIn: number[] = [0];
  terms.forEach((term, t) => {
    let state = 0;
    for (let i = 0; i < term.length; i++) {
      const cls = classOf[term.charCodeAt(i)]!;
      let next = edges.get(edgeKey(state, cls));
      if (next === undefined) {
        next = termAtList.length;
        termAtList.push(-1);
        childrenOf.push([]);
        classIn.push(cls);
        edges.set(edgeKey(state, cls), next);
        childrenOf[state]!.push(next);
      }
      state = next;
    }
    termAtList[state] = t;
  });
  const states = termAtList.length;
  const termAt = Int32Array.from(termAtList);
  const termLength = Int32Array.from(terms, (term) => term.length);

  const rootNext = new Int32Array(classes + 1);
  for (const child of childrenOf[0]!) rootNext[classIn[child]!] = child;

  let bits = 3;
  while (1 << bits < (states - 1 - childrenOf[0]!.length) * 2) bits++;
  const size = 1 << bits;
  const mask = size - 1;
  const shift = 32 - bits;
  const slotState = new Int32Array(size);
  const slotClass = new Int32Array(size);
  const slotNext = new Int32Array(size);
  for (let state = 1; state < states; state++) {
    for (const child of childrenOf[state]!) {
      let h = slotOf(state, classIn[child]!, shift);
      while (slotState[h] !== EMPTY_SLOT) h = (h + 1) & mask;
      slotState[h] = state;
      slotClass[h] = classIn[child]!;
      slotNext[h] = child;
    }
  }
  const move = (state: number, cls: number): number => {
    if (state === 0) return rootNext[cls]!;
    let h = slotOf(state, cls, shift);
    for (;;) {
      const s = slotState[h]!;
      if (s === EMPTY_SLOT) return -1;
      if (s === state && slotClass[h] === cls) return slotNext[h]!;
      h = (h + 1) & mask;
    }
  };

  // Failure and dictionary links, breadth first so a state's links are known before its children's.
  const fail = new Int32Array(states);
  const dict = new Int32Array(states);
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

  return {
    strategy: 'automaton',
    scan(text, found, matches) {
      let state = 0;
      const length = text.length;
      for (let i = 0; i < length; i++) {
        const cls = classOf[text.charCodeAt(i)]!;
        if (cls === 0) {
          state = 0;
          continue;
        }
        for (;;) {
          if (state === 0) {
            state = rootNext[cls]!;
            break;
          }
          let h = slotOf(state, cls, shift);
          let next = -1;
          for (;;) {
            const s = slotState[h]!;
            if (s === EMPTY_SLOT) break;
            if (s === state && slotClass[h] === cls) {
              next = slotNext[h]!;
              break;
            }
            h = (h + 1) & mask;
          }
          if (next >= 0) {
            state = next;
            break;
          }
          state = fail[state]!;
        }
        let hit = termAt[state]! >= 0 ? state : dict[state]!;
        while (hit !== 0) {
          const t = termAt[hit]!;
          found[t] = 1;
          if (record[t] === 1) matches.push(t, i + 1 - termLength[t]!);
          hit = dict[hit]!;
        }
      }
    },
  };
}

/** Fibonacci hashing of the (state, class) pair; the high bits of the product mix best. */
function slotOf(state: number, cls: number, shift: number): number {
  return Math.imul(state ^ Math.imul(cls, 0x85ebca6b), 0x9e3779b1) >>> shift;
}
