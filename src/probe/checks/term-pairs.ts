import { foldTerm, matchModeOf, TERM_LISTS, type ReplyContract, type TermListName } from '../../contract/index.js';
import { contractTerms } from '../../contract/reply-contract.js';

/** One term of a contract with where it sits and the key its list matches it by. */
export interface PlacedTerm {
  readonly list: TermListName;
  readonly term: string;
  /** `forbidden_terms[2]`. */
  readonly path: string;
  /** The term as its list compares it: folded for a folded list, as written otherwise. */
  readonly key: string;
}

/**
 * Every pair of terms on the same side (both forbidden, or both required), in contract order:
 * a forbidden term inside a required one is refused when the contract is read, so only these
 * pairs can duplicate or overlap one another.
 */
export function sameSidePairs(c: ReplyContract): [PlacedTerm, PlacedTerm][] {
  const all = TERM_LISTS.flatMap((list) =>
    contractTerms(c, list).map(
      (term, i): PlacedTerm => ({ list, term, path: `${list}[${i}]`, key: matchModeOf(c, list) === 'folded' ? foldTerm(term) : term }),
    ),
  );
  const pairs: [PlacedTerm, PlacedTerm][] = [];
  for (let a = 0; a < all.length; a++) {
    for (let b = a + 1; b < all.length; b++) {
      if ((all[a]!.list === 'forbidden_terms') === (all[b]!.list === 'forbidden_terms')) pairs.push([all[a]!, all[b]!]);
    }
  }
  return pairs;
}
