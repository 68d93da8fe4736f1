import { describe, expect, it } from 'vitest';
import type { AuditContext, Candidate } from './audit.js';
import { languageAudit, notIdentifiedAs } from './language-audit.js';

const ENGLISH = 'Answers both of her questions plainly and keeps it light.';
const LITHUANIAN = 'Atsako į abu jos klausimus paprastai ir lengvai.';
const candidate = (text: string, rationale: string): Candidate => ({
  index: 0,
  round: 1,
  draft: { direction: 'direct_answer_and_callback', text, rationale, handles: [], claims: [] },
});
const languages = (copyLanguage: 'en' | 'lt', analysisLanguage: 'en' | 'lt') => ({ copyLanguage, analysisLanguage }) as AuditContext;

describe('language audit', () => {
  it('language: the audit is named language and says which field is in which language', () => {
    expect(languageAudit.name).toBe('language');
    expect(languageAudit.check(candidate(ENGLISH, ENGLISH), languages('lt', 'lt'))).toEqual([
      { code: 'wrong_language', detail: 'text is en (trigrams), expected lt' },
      { code: 'wrong_language', detail: 'rationale is en (trigrams), expected lt' },
    ]);
    expect(languageAudit.check(candidate(LITHUANIAN, ENGLISH), languages('lt', 'en'))).toEqual([]);
  });
  it('language: text no review sees must be identified as its language: wrong or undetermined both fail', () => {
    expect(notIdentifiedAs('analysisSummary', ENGLISH, 'lt')).toEqual([{ code: 'wrong_language', detail: 'analysisSummary is en (trigrams), expected lt' }]);
    expect(notIdentifiedAs('analysisSummary', 'Ok!', 'en')).toEqual([{ code: 'language_undetermined', detail: 'analysisSummary: too_short, 2 letters' }]);
    expect(notIdentifiedAs('analysisSummary', ENGLISH, 'en')).toEqual([]);
  });
});
