import { describe, expect, it } from 'vitest';
import { identifyLanguage } from './identify-language.js';
import { stopCopy, type StopCopy } from './stop-copy.js';

function sentences(c: StopCopy): string[] {
  return [
    c.statusClosed, c.reEntryUnanswered, c.awaitingAfterCta, c.reEntryUsed, c.likedPauseResting(48), c.awaitingMatchReply,
    c.boundaryEndContact, c.boundaryPause, c.blocker(['details.drinking']), c.unsupportedLanguageSummary('de'),
    c.unsupportedLanguageQuestion, c.photoSummary, c.photoQuestion, c.missingFactSummary('work'), c.missingFactQuestion('work'),
    c.needsModel, c.skillFailed('drafting', 'timeout'), c.strategyIncomplete('2 directions'),
    c.tooFewSurvived(2, 5, Object.values(c.auditNames).slice(0, 2).join(', ')), c.fallbackAnalysis(3),
  ];
}

describe("Warrant's own stop-state sentences", () => {
  it.each([
    ['en', 'en'],
    ['lt', 'lt'],
  ] as const)('language: every %s stop sentence is identified as its language', (language, expected) => {
    for (const sentence of sentences(stopCopy(language))) {
      expect([expected, 'undetermined'], sentence).toContain(identifyLanguage(sentence).language);
      expect(identifyLanguage(sentence).language, sentence).not.toBe(expected === 'en' ? 'lt' : 'en');
    }
  });

  it('language: a match language Warrant does not write gets English stop sentences', () => {
    expect(stopCopy('de')).toBe(stopCopy('en'));
  });
});
