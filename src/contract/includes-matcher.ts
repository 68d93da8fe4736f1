import { isNfcInert } from './is-nfc.js';
import type { TermMatcher } from './term-matcher-types.js';

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
