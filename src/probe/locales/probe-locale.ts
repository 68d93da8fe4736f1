/**
 * The samples of one language the probe's weak-term checks read a contract with. One data module
 * per locale (`en.ts`, `it.ts`, …), gathered in `index.ts`; `locales.test.ts` checks that each
 * supplies every kind.
 */
export interface ProbeLocale {
  /** The BCP 47 tag, also the module's file name. */
  readonly locale: string;
  /**
   * How the language tells words apart: `spaces` (an assertion marker counts only as a whole
   * word, and a bare state is one word) or `characters` (a marker counts anywhere, and a bare
   * state is up to three characters).
   */
  readonly words: 'spaces' | 'characters';
  /**
   * Replies unrelated to any one contract, as an assistant writes them in this language: a
   * required term that most of them hold guards nothing.
   */
  readonly genericReplies: readonly string[];
  /**
   * Words that make a term an assertion rather than a bare state ("has", "we", 已), so that the
   * term's denial does not contain it. Matched without regard to case.
   */
  readonly assertionMarkers: readonly string[];
  /**
   * How a correct denial of a bare state reads in this language, and the assertion to forbid
   * instead. Required of the locales a term's script falls to (`denialLocaleOf`); the others
   * leave it out.
   */
  readonly denial?: ProbeDenial;
}

/** A language's denial of a bare state and the assertion of it. */
export interface ProbeDenial {
  /** "It has not been approved.": a correct reply a forbidden bare state would block. */
  deny(state: string): string;
  /** "has been approved": the assertion the contract should forbid instead. */
  assert(state: string): string;
}

/** A locale that supplies a denial: one a term's script may fall to. */
export type DenyingLocale = ProbeLocale & { readonly denial: ProbeDenial };
