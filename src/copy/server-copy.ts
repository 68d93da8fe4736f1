import { isWarrantErrorNamed, WarrantError } from '../errors.js';
import type { CopyStruct, CopyTexts, CopyTranslation } from './copy-texts.js';
import { englishCopy } from './english-copy.js';
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
  private constructor(private readonly languages: ReadonlyMap<string, PartialTexts>) {}

  /** English alone: the starting point for a deployment that writes its own languages. */
  static english(): ServerCopy {
    return new ServerCopy(new Map([['en', englishCopy]]));
  }

  /** The shipped languages: English (`en`) and Italian (`it`). */
  static builtIn(): ServerCopy {
    return new ServerCopy(
      new Map<string, PartialTexts>([
        ['en', englishCopy],
        ['it', italianCopy],
      ]),
    );
  }

  /** The locale tags this copy has any text for. */
  get locales(): readonly string[] {
    return [...this.languages.keys()];
  }

  /**
   * Adds `locale`, or replaces fields of it, field by field: fields not given keep the text they
   * had (none, for a new language). An empty string counts as missing, never as a sentence.
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
    const layers = this.layersFor(locale);
    return Object.fromEntries(
      FIELDS.map(([struct]) => [struct, Object.assign({}, englishCopy[struct], ...layers.map((l) => nonBlank(l[struct])))]),
    ) as unknown as CopyTexts;
  }

  /** The languages held that speak for `locale`, least specific first. */
  private layersFor(locale: string): PartialTexts[] {
    const tag = this.held(locale);
    const language = this.held(languageOf(locale));
    const layers = [language, tag].filter((l): l is PartialTexts => l !== undefined);
    if (layers.length > 0) return layers;
    const resolved = this.languages.get(resolveLocale(locale, this.locales, this.languages.has('en') ? 'en' : this.locales[0]));
    return resolved ? [resolved] : [];
  }

  /** The language held under `tag`, compared case-insensitively. */
  private held(tag: string): PartialTexts | undefined {
    const key = this.locales.find((l) => l.toLowerCase() === tag.toLowerCase());
    return key === undefined ? undefined : this.languages.get(key);
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
    super(
      'configuration',
      `server copy lacks ${missing.length} sentence(s):\n${missing
        .map((m) => `  ${m.struct}.${m.field} in ${m.locale}`)
        .join('\n')}`,
    );
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
