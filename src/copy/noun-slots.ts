/** A noun's grammatical gender, as the languages that agree with it name it. */
export type GrammaticalGender = 'masculine' | 'feminine' | 'neuter';

/** A noun's grammatical number: `plural` for a word that names one record in the plural («le ferie», «die Ferien»). */
export type GrammaticalNumber = 'singular' | 'plural';

/** Every gender a noun may declare, in the order errors list them. */
export const GRAMMATICAL_GENDERS: readonly GrammaticalGender[] = ['masculine', 'feminine', 'neuter'];

/** Every number a noun may declare. */
export const GRAMMATICAL_NUMBERS: readonly GrammaticalNumber[] = ['singular', 'plural'];

/**
 * The parameters a sentence about a record gets with its noun: the word itself, and what a
 * sentence may select on to agree with it — `gender` (`other` when undeclared, which each
 * language's copy reads as its default), `number` (default `singular`) and `initial`, the sound
 * the word begins with, for languages whose articles change with it (Italian «uno studio»,
 * «un’agenzia»).
 */
export interface NounSlots {
  readonly noun: string;
  readonly gender: GrammaticalGender | 'other';
  readonly number: GrammaticalNumber;
  /** `vowel` (h + vowel included: «l’hotel»), `cluster` (s + consonant, z, x, y, gn, ps, pn, i + vowel), else `consonant`. */
  readonly initial: 'vowel' | 'cluster' | 'consonant';
}

const CLUSTER = /^(s[^aeiouàèéìíòóùú]|z|x|y|gn|ps|pn|i[aeiouàèéìíòóùú])/;
const VOWEL = /^h?[aeiouàèéìíòóùú]/;

/** The slots for `word`, with the gender and number its workflow declares (if any). */
export function nounSlots(word: string, gender?: GrammaticalGender, number: GrammaticalNumber = 'singular'): NounSlots {
  const lower = word.toLowerCase();
  const initial = CLUSTER.test(lower) ? 'cluster' : VOWEL.test(lower) ? 'vowel' : 'consonant';
  return { noun: word, gender: gender ?? 'other', number, initial };
}
