import { ConfigurationError, isWarrantErrorNamed, WarrantError } from '../errors.js';
import type { CopyStruct, CopyTexts, CopyTranslation } from './copy-texts.js';
import { englishCopy } from './english-copy.js';
import { selectorsOf, sentenceProblem } from './format-sentence.js';
import { germanCopy } from './german-copy.js';
import { italianCopy } from './italian-copy.js';
import { languageOf, resolveLocale } from './resolve-locale.js';

/** Every struct and field a complete language has, in a stable order (English is the reference). */
const FIELDS: readonly (readonly [CopyStruct, readonly string[]])[] = (Object.keys(englishCopy) as CopyStruct[]).map(
  (struct) => [struct, Object.keys(englishCopy[struct])] as const,
);

/** One sentence a declared locale has no text for. */
export interface MissingSentence {
  readonly struct: CopyStruct;
  readonly field: string;
  readonly locale: string;
}

/** A partially filled language, as stored inside {@link ServerCopy}. */
type PartialTexts = { readonly [S in CopyStruct]: Partial<CopyTexts[S]> };

/**
 * The server's sentences in every language it has. Immutable: {@link ServerCopy.translated}
 * returns a new copy. Build one with {@link ServerCopy.builtIn} (English and Italian) or
 * {@link ServerCopy.english} (English alone, to add languages to field by field).
 */
export class ServerCopy {
  /**
   * Resolved sentences by the languages that speak for a locale (see {@link texts}): a turn reads
   * its copy once per composition, and building it field by field cost a third of composing a
   * turn. Keyed by the layers, not the requested tag, so it holds at most one entry per pair of
   * held languages however many tags requests bring.
   */
  private readonly resolved = new Map<string, CopyTexts>();

  private constructor(private readonly languages: ReadonlyMap<string, PartialTexts>) {
    for (const [locale, texts] of languages) checkSentences(locale, texts);
  }

  /** English alone: the starting point for a deployment that writes its own languages. */
  static english(): ServerCopy {
    return new ServerCopy(new Map([['en', englishCopy]]));
  }

  /** The shipped languages: English (`en`), Italian (`it`) and German (`de`). */
  static builtIn(): ServerCopy {
    return new ServerCopy(
      new Map<string, PartialTexts>([
        ['en', englishCopy],
        ['it', italianCopy],
        ['de', germanCopy],
      ]),
    );
  }

  /** The locale tags this copy has any text for. */
  get locales(): readonly string[] {
    return [...this.languages.keys()];
  }

  /**
   * Adds `locale`, or replaces fields of it, field by field: fields not given keep the text they
   * had (none, for a new language). An empty string counts as missing, never as a sentence. A
   * sentence that does not parse (an unclosed `{`, a select with no `other` case) is a
   * `ConfigurationError` naming it (`de.composition.starting`).
   */
  translated(locale: string, texts: CopyTranslation): ServerCopy {
    const current = this.languages.get(locale);
    const merged = Object.fromEntries(
      FIELDS.map(([struct]) => [struct, { ...(current?.[struct] ?? {}), ...(texts[struct] ?? {}) }]),
    ) as unknown as PartialTexts;
    return new ServerCopy(new Map([...this.languages, [locale, merged]]));
  }

  /**
   * Every (struct, field, locale) of `locales` with no text, in struct order then locale order.
   * Empty when the copy is complete for all of them. A regional tag (`it-IT`) is served by its
   * own text first and its language's (`it`) next, exactly as {@link texts} reads them, so
   * declaring `it-IT` needs no copy of its own while `it` has every sentence.
   */
  missing(locales: readonly string[]): MissingSentence[] {
    const out: MissingSentence[] = [];
    for (const [struct, fields] of FIELDS) {
      for (const field of fields) {
        for (const locale of locales) {
          if (!this.sentenceFor(locale, struct, field)) out.push({ struct, field, locale });
        }
      }
    }
    return out;
  }

  /**
   * The sentences for `locale`, field by field: the exact tag's text (`it-IT`), else its
   * language's (`it`), else, when the copy holds neither, the tag {@link resolveLocale} picks (a
   * sibling such as `it-CH`), else English. Call only on a copy {@link missing} found complete for
   * the locales served; a field still absent reads as English rather than as nothing.
   */
  texts(locale: string): CopyTexts {
    const keys = this.layersFor(locale);
    const cacheKey = keys.join('\u0000');
    let texts = this.resolved.get(cacheKey);
    if (texts === undefined) {
      const layers = keys.map((k) => this.languages.get(k)!);
      texts = Object.freeze(
        Object.fromEntries(
          FIELDS.map(([struct]) => [struct, Object.freeze(Object.assign({}, englishCopy[struct], ...layers.map((l) => nonBlank(l[struct]))))]),
        ),
      ) as unknown as CopyTexts;
      this.resolved.set(cacheKey, texts);
    }
    return texts;
  }

  /**
   * The parameters the sentences for `locale` select on (`gender`, `number`): what a noun must
   * declare in that language for the sentences about it to agree with it.
   */
  selectors(locale: string): ReadonlySet<string> {
    const texts = this.texts(locale);
    const found = new Set<string>();
    for (const [struct, fields] of FIELDS) {
      for (const field of fields) for (const s of selectorsOf((texts[struct] as unknown as Record<string, string>)[field]!)) found.add(s);
    }
    return found;
  }

  /** The keys of the languages held that speak for `locale`, least specific first. */
  private layersFor(locale: string): string[] {
    const tag = this.heldKey(locale);
    const language = this.heldKey(languageOf(locale));
    const layers = [language, tag].filter((l, i, all): l is string => l !== undefined && all.indexOf(l) === i);
    if (layers.length > 0) return layers;
    const resolved = resolveLocale(locale, this.locales, this.languages.has('en') ? 'en' : this.locales[0]);
    return this.languages.has(resolved) ? [resolved] : [];
  }

  /** The language held under `tag`, compared case-insensitively. */
  private held(tag: string): PartialTexts | undefined {
    const key = this.heldKey(tag);
    return key === undefined ? undefined : this.languages.get(key);
  }

  /** The key of the language held under `tag`, compared case-insensitively. */
  private heldKey(tag: string): string | undefined {
    return this.locales.find((l) => l.toLowerCase() === tag.toLowerCase());
  }

  /** The non-blank text of one sentence for `locale` (its tag, then its language), if any. */
  private sentenceFor(locale: string, struct: CopyStruct, field: string): string | undefined {
    for (const texts of [this.held(locale), this.held(languageOf(locale))]) {
      const text = (texts?.[struct] as Record<string, unknown> | undefined)?.[field];
      if (typeof text === 'string' && text.trim() !== '') return text;
    }
    return undefined;
  }
}

/** Refuses a language whose sentences do not parse, naming each one by its locale, struct and field. */
function checkSentences(locale: string, texts: PartialTexts): void {
  const problems: string[] = [];
  for (const [struct] of FIELDS) {
    for (const [field, text] of Object.entries(texts[struct] ?? {})) {
      const problem = typeof text === 'string' ? sentenceProblem(text) : `expected a string, got ${typeof text}`;
      if (problem) problems.push(`${locale}.${struct}.${field}: ${problem}`);
    }
  }
  if (problems.length > 0) throw new ConfigurationError(`server copy has sentences that do not parse:\n  ${problems.join('\n  ')}`);
}

/** The fields of `texts` that hold a sentence: a blank one reads as absent, never as the sentence. */
function nonBlank(texts: object | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(texts ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));
}

/**
 * A deployment declared a locale that some server sentence has no text in. Thrown when a runtime
 * is built, never while serving: misconfiguration, not input. Names every missing sentence.
 */
export class CopyIncompleteError extends WarrantError {
  constructor(readonly missing: readonly MissingSentence[]) {
    super('configuration', `server copy lacks ${missing.length} sentence(s):\n${missing.map((m) => `  ${m.struct}.${m.field} in ${m.locale}`).join('\n')}`);
    this.name = 'CopyIncompleteError';
  }
  /** True for any `CopyIncompleteError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is CopyIncompleteError {
    return isWarrantErrorNamed(error, 'CopyIncompleteError');
  }
}

/** Throws {@link CopyIncompleteError} unless `copy` has every sentence in every one of `locales` (W8). */
export function assertCopyComplete(copy: ServerCopy, locales: readonly string[]): void {
  const missing = copy.missing(locales);
  if (missing.length > 0) throw new CopyIncompleteError(missing);
}
