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
    c.statusClosed,
    c.reEntryUnanswered,
    c.awaitingAfterCta,
    c.reEntryUsed,
    c.likedPauseResting(48),
    c.awaitingMatchReply,
    c.boundaryEndContact,
    c.boundaryPause('2026-11-24'),
    c.blocker(['details.drinking']),
    c.unsupportedLanguageSummary('de'),
    c.unsupportedLanguageQuestion,
    c.photoSummary,
    c.photoQuestion,
    c.missingFactSummary('work'),
    c.missingFactQuestion('work'),
    c.needsModel,
    c.skillFailed('drafting', 'timeout'),
    c.strategyIncomplete(everyStrategyProblem),
    c.boundaryDisputedSummary,
    c.boundaryDisputedQuestion('Please stop texting me.'),
    c.boundaryNeedsReading,
    c.tooFewSurvived(2, 5, Object.values(c.auditNames).slice(0, 2).join(', ')),
    c.fallbackAnalysis(3),
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

  it('language: a match language Warrant does not write gets English stop sentences; a regional tag its language’s', () => {
    expect(stopCopy('de')).toBe(stopCopy('en'));
    expect(stopCopy('lt-LT')).toBe(stopCopy('lt'));
    expect(stopCopy('en-GB')).toBe(stopCopy('en'));
  });

  it('copy: a failed step is named and its failure said in the copy language, never an internal key', () => {
    const failures = ['timeout', 'provider_error', 'malformed', 'refused', 'no_model', 'aborted', 'unruled_suspicions'] as const;
    for (const language of ['en', 'lt'] as const) {
      for (const step of ['burst', 'strategy', 'drafting'] as const) {
        for (const failure of failures) {
          const sentence = stopCopy(language).skillFailed(step, failure);
          expect(sentence).not.toMatch(/\b(burst|strategy|timeout|provider_error|malformed|no_model|aborted|unruled_suspicions)\b/);
          if (language === 'lt') expect(identifyLanguage(sentence).language, sentence).toBe('lt');
        }
      }
    }
  });
});
