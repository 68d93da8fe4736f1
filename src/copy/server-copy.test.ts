import { describe, expect, it } from 'vitest';
import { formatSentence } from './format-sentence.js';
import { nounSlots } from './noun-slots.js';
import { resolveLocale, resolveTurnLocale } from './resolve-locale.js';
import { CopyIncompleteError, ServerCopy, assertCopyComplete } from './server-copy.js';

describe('server copy', () => {
  it('W8: the built-in copy has every sentence in English, Italian and German', () => {
    expect(ServerCopy.builtIn().missing(['en', 'it', 'de', 'de-CH'])).toEqual([]);
  });

  it('a sentence that does not parse is refused when the copy is read, named by locale, struct and field', () => {
    expect(() => ServerCopy.english().translated('de', { composition: { starting: 'Ich lege {gender, select, feminine {eine neue} {noun} an.' } })).toThrow(
      /de\.composition\.starting: expected a name/,
    );
    expect(() => ServerCopy.english().translated('de', { ask: { nextSteps: '{gender, select, feminine {x}}' } })).toThrow(
      /de\.ask\.nextSteps: the select on gender has no “other” case/,
    );
    expect(() => ServerCopy.english().translated('de', { ask: { nextSteps: 'Weiter } {steps}' } })).toThrow(/de\.ask\.nextSteps: a “}” closes nothing/);
  });

  it('the sentences of Italian and German select on the noun’s gender; English’s do not', () => {
    expect([...ServerCopy.builtIn().selectors('it-IT')].sort()).toEqual(['gender', 'initial', 'number']);
    expect(ServerCopy.builtIn().selectors('de').has('gender')).toBe(true);
    expect(ServerCopy.builtIn().selectors('en').size).toBe(0);
  });

  it('texts are resolved once per language and cannot be changed by a caller', () => {
    const copy = ServerCopy.builtIn();
    expect(copy.texts('it-IT')).toBe(copy.texts('it'));
    expect(copy.texts('it-XX')).toBe(copy.texts('it'));
    expect(Object.isFrozen(copy.texts('de').notice)).toBe(true);
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
    expect(copy.texts('it').composition.starting).toBe(ServerCopy.builtIn().texts('it').composition.starting);
    expect(ServerCopy.builtIn().texts('it').composition.acknowledged).toBe('Ricevuto.');
  });

  it('English alone is a starting point with only English', () => {
    expect(ServerCopy.english().locales).toEqual(['en']);
    expect(ServerCopy.builtIn().locales).toEqual(['en', 'it', 'de']);
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

  it('a select says the case named by its parameter, else other, and may nest', () => {
    const t =
      'Inizio {number, select, plural {{gender, select, feminine {delle nuove} other {dei nuovi}}} other {{gender, select, feminine {una nuova} other {un nuovo}}}} {noun}.';
    expect(formatSentence(t, { noun: 'pratica', gender: 'feminine' })).toBe('Inizio una nuova pratica.');
    expect(formatSentence(t, { noun: 'viaggio', gender: 'masculine' })).toBe('Inizio un nuovo viaggio.');
    expect(formatSentence(t, { noun: 'ferie', gender: 'feminine', number: 'plural' })).toBe('Inizio delle nuove ferie.');
    expect(formatSentence(t, { noun: 'trip' })).toBe('Inizio un nuovo trip.');
  });

  it('a noun’s slots fill what the parameters do not give; the parameters win', () => {
    const t = 'Hai {noun} ({gender}, {number}, {initial}).';
    expect(formatSentence(t, {}, nounSlots('agenzia', 'feminine'))).toBe('Hai agenzia (feminine, singular, vowel).');
    expect(formatSentence(t, { noun: 'Studio' }, nounSlots('studio', 'masculine'))).toBe('Hai Studio (masculine, singular, cluster).');
    expect(nounSlots('hotel').initial).toBe('vowel');
    expect(nounSlots('pratica').initial).toBe('consonant');
    expect(nounSlots('Zaino').initial).toBe('cluster');
  });
});

describe('agreement with the noun', () => {
  const it_ = ServerCopy.builtIn().texts('it');
  const de = ServerCopy.builtIn().texts('de');
  const say = (template: string, word: string, gender?: 'masculine' | 'feminine' | 'neuter', number?: 'singular' | 'plural', params = {}) =>
    formatSentence(template, { operation: 'op', record: 'r', ...params }, nounSlots(word, gender, number));

  it('Italian: «Inizio una nuova pratica», never «un nuovo pratica»; the masculine reads as before', () => {
    expect(say(it_.composition.starting, 'pratica', 'feminine')).toBe('Inizio una nuova pratica.');
    expect(say(it_.composition.starting, 'viaggio', 'masculine')).toBe('Inizio un nuovo viaggio.');
    expect(say(it_.composition.starting, 'ferie', 'feminine', 'plural')).toBe('Inizio delle nuove ferie.');
    expect(say(it_.composition.starting, 'viaggi', 'masculine', 'plural')).toBe('Inizio dei nuovi viaggi.');
  });

  it('Italian: the article also follows the first sound — un, uno, una, un’', () => {
    const op = (word: string, gender: 'masculine' | 'feminine') => say(it_.notice.unknownOperation, word, gender);
    expect(op('viaggio', 'masculine')).toBe('«op» non è qualcosa che posso fare su un viaggio.');
    expect(op('studio', 'masculine')).toBe('«op» non è qualcosa che posso fare su uno studio.');
    expect(op('pratica', 'feminine')).toBe('«op» non è qualcosa che posso fare su una pratica.');
    expect(op('agenzia', 'feminine')).toBe('«op» non è qualcosa che posso fare su un’agenzia.');
    expect(say(it_.notice.unknownRecord, 'pratica', 'feminine')).toBe('Non ho potuto op: non esiste nessuna pratica «r».');
    expect(say(it_.notice.unknownRecord, 'studio', 'masculine')).toBe('Non ho potuto op: non esiste nessuno studio «r».');
    expect(say(it_.notice.unknownRecord, 'ferie', 'feminine', 'plural')).toBe('Non ho potuto op: non esistono ferie «r».');
  });

  it('Italian: participles and verbs agree in gender and number', () => {
    expect(say(it_.notice.conflict, 'pratica', 'feminine')).toContain('pratica «r» è stata modificata nello stesso momento');
    expect(say(it_.notice.conflict, 'ferie', 'feminine', 'plural')).toContain('ferie «r» sono state modificate');
    expect(say(it_.notice.conflict, 'viaggio', 'masculine')).toContain('viaggio «r» è stato modificato');
    expect(say(it_.composition.statusComplete, 'Ferie', 'feminine', 'plural')).toBe('Ferie «r» hanno tutto ciò che serve.');
    expect(say(it_.notice.alreadyExists, 'pratica', 'feminine')).toBe('Non ho potuto op: esiste già una pratica «r».');
  });

  it('German: der, die, das; ein, eine; neuer, neue, neues — by gender, number and case', () => {
    expect(say(de.composition.starting, 'Vorgang', 'masculine')).toBe('Ich lege einen neuen Vorgang an.');
    expect(say(de.composition.starting, 'Reise', 'feminine')).toBe('Ich lege eine neue Reise an.');
    expect(say(de.composition.starting, 'Projekt', 'neuter')).toBe('Ich lege ein neues Projekt an.');
    expect(say(de.composition.starting, 'Ferien', 'feminine', 'plural')).toBe('Ich lege neue Ferien an.');
    expect(say(de.composition.statusComplete, 'Reise', 'feminine')).toBe('Die Reise „r“ hat alles, was sie braucht.');
    expect(say(de.composition.statusComplete, 'Projekt', 'neuter')).toBe('Das Projekt „r“ hat alles, was es braucht.');
    expect(say(de.composition.statusComplete, 'Ferien', 'feminine', 'plural')).toBe('Die Ferien „r“ haben alles, was sie brauchen.');
    expect(say(de.notice.unknownRecord, 'Vorgang', 'masculine')).toBe('Das war nicht möglich (op): Es gibt keinen Vorgang „r“.');
    expect(say(de.notice.unknownRecord, 'Projekt', 'neuter')).toBe('Das war nicht möglich (op): Es gibt kein Projekt „r“.');
    expect(say(de.notice.alreadyExists, 'Reise', 'feminine')).toBe('Das war nicht möglich (op): Es gibt schon eine Reise „r“.');
    expect(say(de.notice.unchanged, 'Reise', 'feminine')).toBe('Bei der Reise „r“ gab es nichts zu tun (op): Es war schon so.');
    expect(say(de.notice.conflict, 'Projekt', 'neuter')).toContain('Das Projekt „r“ wurde im selben Moment');
    expect(say(de.ask.nextRecord, 'Reise', 'feminine', undefined, { sentence: 'Wer reist mit?' })).toBe('Als Nächstes die Reise „r“: Wer reist mit?');
  });
});

describe('regional tags', () => {
  it('W8: a regional tag is complete when its language is, and a tag of its own overrides field by field', () => {
    expect(ServerCopy.builtIn().missing(['it-IT', 'it-CH'])).toEqual([]);
    const swiss = ServerCopy.builtIn().translated('it-CH', { composition: { acknowledged: 'Preso nota.' } });
    expect(swiss.missing(['it-CH'])).toEqual([]);
    expect(swiss.texts('it-CH').composition.acknowledged).toBe('Preso nota.');
    expect(swiss.texts('it-CH').composition.starting).toBe(ServerCopy.builtIn().texts('it').composition.starting);
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
