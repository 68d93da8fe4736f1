import { describe, expect, it } from 'vitest';
import { words } from '../text-similarity.js';
import type { AuditContext, Candidate } from './audit.js';
import { privacyAudit, privateOverlap } from './privacy-audit.js';
import { ngrams, type PrivateKind, type PrivateMaterial } from './private-material.js';

/** Private material made by hand: trigrams of `long` texts, and `short` one- or two-word terms. */
const material = (long: [string, PrivateKind][], short: [string, PrivateKind][] = []): PrivateMaterial => ({
  texts: [...long, ...short].map(([t]) => t),
  trigrams: new Map(long.flatMap(([t, kind]) => ngrams(words(t), 3).map((g) => [g, kind] as const))),
  shortPhrases: new Map(short),
});
const none = material([]);
const candidate = (text: string, rationale: string): Candidate => ({
  index: 0,
  round: 1,
  draft: { direction: 'direct_answer_and_callback', text, rationale, handles: [], claims: [] },
});

describe('privacy audit', () => {
  it('privacy: the audit is named privacy; each finding says whether the text or the rationale leaks', () => {
    expect(privacyAudit.name).toBe('privacy');
    const m = material([['Never smoke around me, asthma.', 'wiki_note']], [['avoidant', 'profile_classification']]);
    expect(
      privacyAudit.check(candidate('Glad you never smoke around me, 3 / 5.', 'She is avoidant, says the wiki.'), { privateMaterial: m } as AuditContext),
    ).toEqual([
      { code: 'private_wording:wiki_note', detail: 'text: three words of wiki note' },
      { code: 'score_figure', detail: 'text: a score-like figure' },
      { code: 'private_wording:profile_classification', detail: 'rationale: a profile classification term' },
      { code: 'private_vocabulary', detail: 'rationale: wiki' },
    ]);
  });
  it('privacy: a short private term is caught as whole words, one or two of them, whatever the case', () => {
    const m = material(
      [],
      [
        ['avoidant', 'profile_classification'],
        ['anxious attachment', 'private_note'],
      ],
    );
    expect(privateOverlap('Honestly? AVOIDANT, and an anxious attachment too.', m)).toEqual([
      { code: 'private_wording:profile_classification', detail: 'a profile classification term' },
      { code: 'private_wording:private_note', detail: 'a private note term' },
    ]);
  });
  it('privacy: a short private term inside a longer word, or its two words apart, is not that term', () => {
    const m = material(
      [],
      [
        ['avoidant', 'profile_classification'],
        ['anxious attachment', 'private_note'],
      ],
    );
    expect(privateOverlap('Nonavoidants are rare; anxious about attachment styles?', m)).toEqual([]);
    expect(privateOverlap('Mostly the quiet of the forest.', m)).toEqual([]);
  });
  it('privacy: the Lithuanian words for a check list, red flags, private notes and prior analysis are private vocabulary', () => {
    const cases: [string, string][] = [
      ['Pagal kontrolinį sąrašą ji tinka.', 'kontrolin* sąraš*'],
      ['Jokių raudonų vėliavų.', 'raudon* vėliav*'],
      ['Tai tik privati pastaba.', 'privat* pastab*'],
      ['Ankstesnė analizė sakė kitaip.', 'ankstesn* analiz*'],
    ];
    for (const [text, phrase] of cases) expect(privateOverlap(text, none), text).toEqual([{ code: 'private_vocabulary', detail: phrase }]);
  });
  it('privacy: a score figure is caught with or without spaces, with two-digit and decimal scores; letters glued to it are not a score', () => {
    for (const text of [
      'She is an 8/10.',
      'A solid 10/10 from me.',
      'Maybe 3 / 5 at best.',
      'Maybe 3 /5 at best.',
      'Maybe 3/ 5 at best.',
      'Call it 7.5/10.',
      'Call it 7,5 / 10.',
    ]) {
      expect(privateOverlap(text, none), text).toEqual([{ code: 'score_figure', detail: 'a score-like figure' }]);
    }
    for (const text of ['My German is somewhere at B1/B2.', 'Open 9 to 5, Monday to Friday.']) expect(privateOverlap(text, none), text).toEqual([]);
  });
});
