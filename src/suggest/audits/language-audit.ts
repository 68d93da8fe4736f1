import { identifyLanguage, type CopyLanguage } from '../identify-language.js';
import type { AuditFinding } from '../../evidence/audit-record.js';
import { defineAudit } from './audit.js';

/** Finds a text identified as the wrong language; short or ambiguous texts are not guessed. */
export function wrongLanguage(field: string, text: string, expected: CopyLanguage): AuditFinding[] {
  const verdict = identifyLanguage(text);
  if (verdict.language === 'undetermined' || verdict.language === expected) return [];
  return [{ code: 'wrong_language', detail: `${field} is ${verdict.language} (${verdict.basis}), expected ${expected}` }];
}

/** Finds a text not identified as `expected`: wrong, or too short or close to tell (for text no review sees). */
export function notIdentifiedAs(field: string, text: string, expected: CopyLanguage): AuditFinding[] {
  const verdict = identifyLanguage(text);
  if (verdict.language === expected) return [];
  if (verdict.language === 'undetermined') return [{ code: 'language_undetermined', detail: `${field}: ${verdict.basis}, ${verdict.letters} letters` }];
  return [{ code: 'wrong_language', detail: `${field} is ${verdict.language} (${verdict.basis}), expected ${expected}` }];
}

/**
 * Language audit, deterministic half: the copy is in the match's language and the rationale in the
 * analysis language, as franc identifies them — not as the drafting model says. A text too short
 * or too close to tell is not passed by default: the model review's language verdict decides it
 * (every candidate gets one, and without it nothing is shown).
 */
export const languageAudit = defineAudit('language', ({ draft }, { copyLanguage, analysisLanguage }) => [
  ...wrongLanguage('text', draft.text, copyLanguage),
  ...wrongLanguage('rationale', draft.rationale, analysisLanguage),
]);
