/**
 * Finds which of a fixed set of terms occur in a text, and where the "recorded" ones occur.
 * Matching is over UTF-16 code units, exactly as `String.prototype.includes` and `indexOf` see
 * a string: no normalization, no case folding, overlapping occurrences all count.
 */
export interface TermMatcher {
  /** Which strategy this is, reported by compiled contracts and benchmarks. */
  readonly strategy: 'includes' | 'automaton';
  /** The automaton only: whether its scan runs as WebAssembly or as JavaScript. */
  readonly engine?: ScanEngine;
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
  /**
   * The automaton only: bytes its WebAssembly instance holds beyond the automaton's tables and
   * words (room for a text and its log); 0 while its scan runs in JavaScript.
   */
  instanceBytes?(): number;
}

/** Where an automaton's scan runs: WebAssembly, or JavaScript (the reference). */
export type ScanEngine = 'wasm' | 'js';
