import { describe, expect, it } from 'vitest';
import { identifyLanguage } from './identify-language.js';
import { stopCopy, type StopCopy, type StrategyProblem } from './stop-copy.js';

const everyStrategyProblem: StrategyProblem[] = [
  { kind: 'too_few_directions', count: 2 },
  { kind: 'pressure_after_pause', ruleset: 're_entry' },
  { kind: 'hook_not_selected', hookFactId: 'fact-3' },
];

function sentences(c: StopCopy): string[] {
  return [
    c.statusClosed, c.reEntryUnanswered, c.awaitingAfterCta, c.reEntryUsed, c.likedPauseResting(48), c.awaitingMatchReply,
    c.boundaryEndContact, c.boundaryPause('2026-11-24'), c.blocker(['details.drinking']), c.unsupportedLanguageSummary('de'),
    c.unsupportedLanguageQuestion, c.photoSummary, c.photoQuestion, c.missingFactSummary('work'), c.missingFactQuestion('work'),
    c.needsModel, c.skillFailed('drafting', 'timeout'), c.strategyIncomplete(everyStrategyProblem),
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

  it('language: a refused reply plan is explained wholly in Lithuanian for a Lithuanian match, no English fragment inside', () => {
    const sentence = stopCopy('lt').strategyIncomplete(everyStrategyProblem);
    expect(sentence).not.toMatch(/eligible|directions|pressure|silence|hook|selected/);
    expect(sentence).toContain('fact-3');
  });

  it('language: a match language Warrant does not write gets English stop sentences', () => {
    expect(stopCopy('de')).toBe(stopCopy('en'));
  });
});
