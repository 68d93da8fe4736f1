import { suggestionSchema } from '../suggestion-result.js';
import { defineAudit } from './audit.js';

/** Copy-ready means compact: longer than this is a letter, not a reply. */
export const MAX_TEXT_CHARS = 400;

/**
 * Schema audit of one candidate: it becomes exactly `{ text, rationale }`, both non-empty, the
 * text compact. The whole result is checked against the application schema when assembled.
 */
export const schemaAudit = defineAudit('schema', ({ draft }) => {
  const findings = [];
  const parsed = suggestionSchema.safeParse({ text: draft.text.trim(), rationale: draft.rationale.trim() });
  if (!parsed.success) findings.push(...parsed.error.issues.map((i) => ({ code: 'suggestion_shape', detail: `${i.path.join('.')}: ${i.message}` })));
  if (draft.text.length > MAX_TEXT_CHARS) findings.push({ code: 'text_too_long', detail: `${draft.text.length} characters (at most ${MAX_TEXT_CHARS})` });
  return findings;
});
