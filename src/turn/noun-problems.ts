import { GRAMMATICAL_GENDERS, GRAMMATICAL_NUMBERS, languageOf, type ServerCopy } from '../copy/index.js';
import type { WorkflowDefinition } from './workflow.js';

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/**
 * What is wrong with `workflow`'s noun for a runtime serving `locales` with `copy`, each named by
 * its path (`trip.noun.it.gender: …`):
 * - a declaration that is neither a non-empty word nor `{ word, gender, number? }` with a known
 *   gender and number (and no other key);
 * - a bare word in a served language whose sentences agree with the noun's gender (the copy
 *   selects on `gender` there): with no gender, Italian would say «un nuovo pratica».
 * A workflow that declares no noun for a language is called by its key there, in the language's
 * default gender.
 */
export function nounProblems(workflow: WorkflowDefinition, locales: readonly string[], copy: ServerCopy): string[] {
  const out: string[] = [];
  const at = (locale: string) => `${workflow.key}.noun.${locale}`;
  for (const [locale, value] of Object.entries(workflow.noun ?? {})) {
    if (typeof value === 'string') {
      if (value.trim() === '') out.push(`${at(locale)}: expected a word, got an empty string`);
      continue;
    }
    if (typeof value !== 'object' || value === null) {
      out.push(`${at(locale)}: expected a word or { word, gender, number? }, got ${value === null ? 'null' : typeof value}`);
      continue;
    }
    const { word, gender, number, ...rest } = value as unknown as Record<string, unknown>;
    if (typeof word !== 'string' || word.trim() === '') out.push(`${at(locale)}.word: expected a non-empty word, got ${JSON.stringify(word)}`);
    if (!GRAMMATICAL_GENDERS.includes(gender as never)) {
      out.push(`${at(locale)}.gender: expected one of ${quoted(GRAMMATICAL_GENDERS)}, got ${JSON.stringify(gender)}`);
    }
    if (number !== undefined && !GRAMMATICAL_NUMBERS.includes(number as never)) {
      out.push(`${at(locale)}.number: expected one of ${quoted(GRAMMATICAL_NUMBERS)}, got ${JSON.stringify(number)}`);
    }
    for (const key of Object.keys(rest)) out.push(`${at(locale)}.${key}: unknown key (a noun declares word, gender and number)`);
  }
  for (const locale of locales) {
    const key = declaredKey(workflow, locale);
    const value = key === undefined ? undefined : workflow.noun![key];
    if (typeof value !== 'string' || value.trim() === '' || !copy.selectors(locale).has('gender')) continue;
    out.push(
      `${at(key!)}: the sentences in ${locale} agree with the noun's gender; declare it as { word: ${JSON.stringify(value)}, gender: ${GRAMMATICAL_GENDERS.map((g) => `'${g}'`).join(' | ')} }`,
    );
  }
  return out;
}

/** The key of the noun that speaks for `locale`: its own tag, else its language's (as `pick` reads it). */
function declaredKey(workflow: WorkflowDefinition, locale: string): string | undefined {
  const noun = workflow.noun ?? {};
  if (Object.hasOwn(noun, locale)) return locale;
  const language = languageOf(locale);
  return Object.hasOwn(noun, language) ? language : undefined;
}
