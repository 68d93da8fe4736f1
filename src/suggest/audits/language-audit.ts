import { identifyLanguage, type CopyLanguage } from '../identify-language.js';
import { defineAudit, type AuditFinding } from './audit.js';

/** Finds a text identified as the wrong language; short or ambiguous texts are not guessed. */
export function wrongLanguage(field: string, text: string, expected: CopyLanguage): AuditFinding[] {
  const verdict = identifyLanguage(text);
  if (verdict.language === 'undetermined' || verdict.language === expected) return [];
  return [{ code: 'wrong_language', detail: `${field} is ${verdict.language} (${verdict.basis}), expected ${expected}` }];
}

/**
 * Language audit: the copy is in the match's language and the rationale in the analysis language,
 * as franc identifies them — not as the model says.
 */
export const languageAudit = defineAudit('language', ({ draft }, { copyLanguage, analysisLanguage }) => [
  ...wrongLanguage('text', draft.text, copyLanguage),
  ...wrongLanguage('rationale', draft.rationale, analysisLanguage),
]);
