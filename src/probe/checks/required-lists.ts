/** The lists of terms a reply must hold, in the order the checks report them. */
export const REQUIRED_LISTS = ['must_include', 'must_ask', 'canonical_terms'] as const;
