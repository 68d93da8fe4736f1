import { francAll } from 'franc';
import { memoByText } from './text-cache.js';

/** The copy languages the suggestion layer writes: English and Lithuanian. */
export type CopyLanguage = 'en' | 'lt';

/** What language identification concluded about one text. */
export interface LanguageVerdict {
  /** The identified language, or `undetermined` when the text is too short or too close to call. */
  readonly language: CopyLanguage | 'undetermined';
  /** How it was decided: franc's trigram model, Lithuanian-only letters, or neither. */
  readonly basis: 'trigrams' | 'lithuanian_letters' | 'too_short' | 'too_close';
  /** Letters counted (punctuation, digits and emoji excluded). */
  readonly letters: number;
  /** franc's score of the runner-up language relative to the winner (1 = a tie). */
  readonly runnerUp: number | null;
}

/**
 * Fewer letters than this and franc's trigram scores are noise: "How was it?" (8 letters) scores
 * as Lithuanian. From 12 letters on, every English and Lithuanian sample in the tests separates.
 */
export const MIN_LETTERS = 12;
/**
 * The runner-up's relative score must be at most this for a verdict. Real sentences of 12+ letters
 * score the other language at 0.17–0.56; a tie is 1.
 */
export const MAX_RUNNER_UP = 0.7;

const francCodes: Record<string, CopyLanguage> = { eng: 'en', lit: 'lt' };
/** Letters Lithuanian has and English never uses: decisive even in a two-word reply. */
const lithuanianLetters = /[ąčęėįšųūžĄČĘĖĮŠŲŪŽ]/u;

/**
 * Identifies whether `text` is English or Lithuanian with franc (a real trigram language
 * identifier), restricted to those two so short replies are not mistaken for a third language.
 * Short or ambiguous texts are `undetermined` rather than guessed — unless they contain letters
 * only Lithuanian uses. Each distinct text is identified once (the last 2048 are remembered).
 */
export const identifyLanguage: (text: string) => LanguageVerdict = memoByText(identify, 2048);

function identify(text: string): LanguageVerdict {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters >= MIN_LETTERS) {
    const [first, second] = francAll(text, { only: ['eng', 'lit'], minLength: 1 });
    const winner = first ? francCodes[first[0]] : undefined;
    const runnerUp = second ? second[1] : 0;
    if (winner && runnerUp <= MAX_RUNNER_UP) return { language: winner, basis: 'trigrams', letters, runnerUp };
    if (lithuanianLetters.test(text)) return { language: 'lt', basis: 'lithuanian_letters', letters, runnerUp };
    return { language: 'undetermined', basis: 'too_close', letters, runnerUp };
  }
  if (lithuanianLetters.test(text)) return { language: 'lt', basis: 'lithuanian_letters', letters, runnerUp: null };
  return { language: 'undetermined', basis: 'too_short', letters, runnerUp: null };
}
