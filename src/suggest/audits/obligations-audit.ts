import { REQUIRED_OBLIGATION_KINDS } from '../gates/router-gate.js';
import { findPhrase, phrases } from '../phrase-match.js';
import type { AuditFinding } from '../../evidence/audit-record.js';
import { defineAudit } from './audit.js';

/** How many questions a text asks: runs of `?` ending a sentence. */
export function questionCount(text: string): number {
  return (text.match(/\?+/g) ?? []).length;
}

/**
 * Obligations audit: the candidate handles the primary obligation of the latest burst and every
 * direct question, disclosure, correction, boundary and decision in it; asks at most one question
 * (no stacked questions); and keeps out the terms of every topic the match ruled out, in any
 * message of the thread (the boundary ledger).
 */
export const obligationsAudit = defineAudit('obligations', ({ draft }, { route }) => {
  const findings: AuditFinding[] = [];
  const handled = new Set(draft.handles);
  for (const o of route.obligations) {
    if (o.primary && !handled.has(o.id)) findings.push({ code: 'primary_obligation_missed', detail: `${o.id} (${o.kind})` });
    else if (REQUIRED_OBLIGATION_KINDS.has(o.kind) && !handled.has(o.id)) findings.push({ code: 'obligation_ignored', detail: `${o.id} (${o.kind})` });
  }
  // A topic ruled out anywhere in the thread (the boundary ledger) binds every later message.
  for (const b of route.boundaries) {
    const raised = b.scope === 'topic' ? findPhrase(draft.text, phrases(b.avoidTerms)) : undefined;
    if (raised) findings.push({ code: 'boundary_topic_raised', detail: `${b.messageId}: "${raised}"` });
  }
  const questions = questionCount(draft.text);
  if (questions > 1) findings.push({ code: 'stacked_questions', detail: `${questions} questions` });
  return findings;
});
