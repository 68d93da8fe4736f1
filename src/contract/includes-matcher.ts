import { isNfcInert } from './is-nfc.js';
import type { TermMatcher } from './term-matcher-types.js';

/** Above this many terms the includes matcher skips the nesting analysis (quadratic in terms). */
const NESTING_MAX_TERMS = 256;

/**
 * Scans an includes matcher runs searching every term before it works out which terms nest in
 * which. A contract written for one turn is scanned twice, once for its fallback while it is
 * read and once for the reply, and the analysis (a search per pair of terms) cost it more than
 * the searches it saves; a contract verified again and again pays for it once, at its third scan.
 */
export const NESTING_AFTER_SCANS = 2;

/**
 * Up to this many terms `scanUnits` searches the units' bytes term by term; above, one string
 * made of them (each byte search pays a native call).
 */
const UNITS_SEARCH_MAX_TERMS = 8;

/** The terms inside a term that holds none. */
const NONE_INSIDE: readonly number[] = Object.freeze([]);

/**
 * The naive strategy, kept for small term sets where it is the fastest thing V8 offers:
 * `includes` is native code, while an automaton pays a few nanoseconds per code unit in
 * JavaScript. Compiling still helps a matcher that scans many texts: a term inside a longer term
 * that was found is found too, so from the scan after {@link NESTING_AFTER_SCANS} on it is never
 * searched for.
 */
export function includesMatcher(terms: readonly string[], record: Uint8Array): TermMatcher {
  return new IncludesMatcher(terms, record);
}

/** A class, not a closure per matcher: a contract written for every turn builds one per turn. */
class IncludesMatcher implements TermMatcher {
  readonly strategy = 'includes';
  /** Term indices, longest first; `undefined` until the nesting is worked out. */
  private order: number[] | undefined;
  /** Per term, the terms inside it. */
  private inside: (readonly number[])[] | undefined;
  private scans = 0;

  constructor(
    private readonly terms: readonly string[],
    private readonly record: Uint8Array,
  ) {}

  scan(text: string, found: Uint8Array, matches: number[]): boolean {
    this.find(text, found, matches);
    return isNfcInert(text);
  }

  /**
   * The units as a string, searched as {@link scan} does, without the NFC test: the folded
   * search, its only caller, has no use for it, and over a long text it cost more than finding
   * a few terms.
   */
  scanUnits(units: Uint16Array, length: number, found: Uint8Array, matches: number[]): void {
    const bytes = Buffer.from(units.buffer, units.byteOffset, 2 * length);
    // A search of the bytes as UTF-16 (whole units only), not of a string made of them: for a
    // few terms over a long text, making the string cost more than the searches.
    if (this.terms.length <= UNITS_SEARCH_MAX_TERMS) this.findInUnits(bytes, found, matches);
    else this.find(bytes.toString('utf16le'), found, matches);
  }

  /** {@link find} over UTF-16LE bytes, each term searched as whole code units (`Buffer#indexOf`). */
  private findInUnits(bytes: Buffer, found: Uint8Array, matches: number[]): void {
    const { terms, record } = this;
    for (let t = 0; t < terms.length; t++) {
      const term = terms[t]!;
      if (record[t] === 1) {
        let at = bytes.indexOf(term, 0, 'utf16le');
        if (at < 0) continue;
        found[t] = 1;
        while (at >= 0) {
          matches.push(t, at >>> 1);
          at = bytes.indexOf(term, at + 2, 'utf16le');
        }
      } else if (found[t] !== 1 && bytes.indexOf(term, 0, 'utf16le') >= 0) found[t] = 1;
    }
  }

  private find(text: string, found: Uint8Array, matches: number[]): void {
    if (this.order === undefined && ++this.scans > NESTING_AFTER_SCANS) this.nest();
    const { terms, record, order, inside } = this;
    if (order === undefined || inside === undefined) {
      for (let t = 0; t < terms.length; t++) {
        const term = terms[t]!;
        if (record[t] === 1) {
          let at = text.indexOf(term);
          if (at < 0) continue;
          found[t] = 1;
          while (at >= 0) {
            matches.push(t, at);
            at = text.indexOf(term, at + 1);
          }
        } else if (text.includes(term)) found[t] = 1;
      }
      return;
    }
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
  }

  /**
   * Longest first, so a found term settles every shorter term inside it. Finding which terms
   * nest costs a search per pair, so only small sets (the ones this strategy is chosen for) do
   * it. Plain loops and one shared empty list: closures here cost more than a scan.
   */
  private nest(): void {
    const { terms } = this;
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
    this.order = order;
    this.inside = inside;
  }
}
