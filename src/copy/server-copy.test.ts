import { describe, expect, it } from 'vitest';
import { formatSentence } from './format-sentence.js';
import { resolveLocale, resolveTurnLocale } from './resolve-locale.js';
import { CopyIncompleteError, ServerCopy, assertCopyComplete } from './server-copy.js';

describe('server copy', () => {
  it('W8: the built-in copy has every sentence in English and Italian', () => {
    expect(ServerCopy.builtIn().missing(['en', 'it'])).toEqual([]);
  });

  it('W8: the completeness check names every missing sentence by struct, field and locale', () => {
    const copy = ServerCopy.english().translated('de', { notice: { cardDeclined: 'Abgelehnt: „{card}“.' } });
    const missing = copy.missing(['en', 'de']);
    expect(missing.some((m) => m.locale === 'en')).toBe(false);
    expect(missing).toContainEqual({ struct: 'notice', field: 'unknownRecord', locale: 'de' });
    expect(missing).toContainEqual({ struct: 'attachment', field: 'notShown', locale: 'de' });
    expect(missing).not.toContainEqual({ struct: 'notice', field: 'cardDeclined', locale: 'de' });
    const fields = Object.values(ServerCopy.english().texts('en')).reduce((n, struct) => n + Object.keys(struct).length, 0);
    expect(missing).toHaveLength(fields - 1);
  });

  it('W8: refusing to start lists each missing sentence in the error', () => {
    let error: unknown;
    try {
      assertCopyComplete(ServerCopy.english(), ['en', 'fr']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CopyIncompleteError);
    expect((error as Error).message).toContain('ask.contested in fr');
    expect((error as Error).message).toContain('confirmation.button in fr');
  });

  it('an empty sentence counts as missing', () => {
    const copy = ServerCopy.builtIn().translated('it', { ask: { contested: '  ' } });
    expect(copy.missing(['it'])).toEqual([{ struct: 'ask', field: 'contested', locale: 'it' }]);
  });

  it('a language is replaced field by field; the other fields keep their text', () => {
    const copy = ServerCopy.builtIn().translated('it', { composition: { acknowledged: 'Va bene.' } });
    expect(copy.texts('it').composition.acknowledged).toBe('Va bene.');
    expect(copy.texts('it').composition.starting).toBe('Inizio un nuovo {noun}.');
    expect(ServerCopy.builtIn().texts('it').composition.acknowledged).toBe('Ricevuto.');
  });

  it('English alone is a starting point with only English', () => {
    expect(ServerCopy.english().locales).toEqual(['en']);
    expect(ServerCopy.builtIn().locales).toEqual(['en', 'it']);
  });

  it('texts resolve a regional tag to its language', () => {
    expect(ServerCopy.builtIn().texts('it-IT').composition.acknowledged).toBe('Ricevuto.');
    expect(ServerCopy.builtIn().texts('fr-FR').composition.acknowledged).toBe('Noted.');
  });
});

describe('locale resolution', () => {
  it('prefers the exact tag, then the language, then a sibling, then the fallback', () => {
    expect(resolveLocale('it-IT', ['en', 'it', 'it-IT'])).toBe('it-IT');
    expect(resolveLocale('it-IT', ['en', 'it'])).toBe('it');
    expect(resolveLocale('it-IT', ['en', 'it-CH'])).toBe('it-CH');
    expect(resolveLocale('pt-BR', ['en', 'it'])).toBe('en');
    expect(resolveLocale('IT', ['en', 'it'])).toBe('it');
  });
});

describe('sentences', () => {
  it('fill their slots and leave unknown slots visible', () => {
    expect(formatSentence('Next, {noun} “{record}”: {sentence}', { noun: 'trip', record: 'r1' })).toBe('Next, trip “r1”: {sentence}');
  });
});

describe('regional tags', () => {
  it('W8: a regional tag is complete when its language is, and a tag of its own overrides field by field', () => {
    expect(ServerCopy.builtIn().missing(['it-IT', 'it-CH'])).toEqual([]);
    const swiss = ServerCopy.builtIn().translated('it-CH', { composition: { acknowledged: 'Preso nota.' } });
    expect(swiss.missing(['it-CH'])).toEqual([]);
    expect(swiss.texts('it-CH').composition.acknowledged).toBe('Preso nota.');
    expect(swiss.texts('it-CH').composition.starting).toBe('Inizio un nuovo {noun}.');
    expect(swiss.texts('it-IT').composition.acknowledged).toBe('Ricevuto.');
  });

  it('the turn keeps its own tag when its language is served, else takes what is served', () => {
    expect(resolveTurnLocale('it-IT', ['en', 'it'])).toBe('it-IT');
    expect(resolveTurnLocale('it_it', ['en', 'it'])).toBe('it-IT');
    expect(resolveTurnLocale('it', ['en', 'it-IT'])).toBe('it-IT');
    expect(resolveTurnLocale('it-CH', ['en', 'it-IT'])).toBe('it-IT');
    expect(resolveTurnLocale('pt-BR', ['en', 'it'])).toBe('en');
    expect(resolveTurnLocale('EN', ['en', 'it'])).toBe('en');
  });
});
