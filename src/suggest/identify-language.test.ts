import { describe, expect, it } from 'vitest';
import { MAX_RUNNER_UP, MIN_LETTERS, identifyLanguage } from './identify-language.js';

const english = [
  'Which trail did you take?',
  'What about you?',
  'That is lovely',
  'Sounds fun, I love hiking too.',
  'No worries at all, weeks like that are draining.',
  'Mostly the quiet, after an hour on a trail my head finally goes silent.',
];
const lithuanian = [
  'Skamba puikiai, kuriuo taku ėjai?',
  'Haha, tikrai taip',
  'Kava ar arbata?',
  'Ką veiki savaitgalį?',
  'Tikrai? Papasakok daugiau',
  'Nieko tokio, gerai, kad parašei.',
  'Vis dar galvoju apie tavo Tatrus.',
];

describe('language identification (franc, English or Lithuanian)', () => {
  it(`language: every sample of ${MIN_LETTERS}+ letters is identified correctly with the runner-up at most ${MAX_RUNNER_UP}`, () => {
    for (const text of english) expect(identifyLanguage(text), text).toMatchObject({ language: 'en' });
    for (const text of lithuanian) expect(identifyLanguage(text), text).toMatchObject({ language: 'lt' });
    for (const text of [...english, ...lithuanian]) {
      const v = identifyLanguage(text);
      if (v.basis === 'trigrams') expect(v.runnerUp!).toBeLessThanOrEqual(0.6);
    }
  });

  it('language: below 12 letters trigrams mislead ("How was it?" scores Lithuanian), so short texts are undetermined', () => {
    expect(identifyLanguage('How was it?')).toMatchObject({ language: 'undetermined', basis: 'too_short' });
    expect(identifyLanguage('Nice!')).toMatchObject({ language: 'undetermined' });
    expect(identifyLanguage('Labas!')).toMatchObject({ language: 'undetermined' });
  });

  it('language: letters only Lithuanian uses decide even a two-word reply', () => {
    expect(identifyLanguage('Ačiū!')).toMatchObject({ language: 'lt', basis: 'lithuanian_letters' });
    expect(identifyLanguage('Super, ačiū')).toMatchObject({ language: 'lt', basis: 'lithuanian_letters' });
  });

  it('language: punctuation, digits and emoji are not letters', () => {
    expect(identifyLanguage('😄 12:30 !!! ??').letters).toBe(0);
  });
});
