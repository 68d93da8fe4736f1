import { SAME_REPLY_SIMILARITY, textSimilarity } from '../text-similarity.js';
import type { AuditFinding } from '../../evidence/audit-record.js';
import { defineAudit } from './audit.js';

/**
 * Diversity audit: a candidate must take a direction no kept candidate took, and must not be a
 * kept candidate re-dressed — differing only by adjectives, punctuation or word order, which
 * {@link textSimilarity} at {@link SAME_REPLY_SIMILARITY} catches. Compared in drafting order, so
 * the first of two near-duplicates is kept.
 */
export const diversityAudit = defineAudit('diversity', ({ draft }, { kept, route }) => {
  const findings: AuditFinding[] = [];
  if (!route.eligibleDirections.includes(draft.direction)) findings.push({ code: 'direction_not_eligible', detail: draft.direction });
  for (const other of kept) {
    if (other.draft.direction === draft.direction) findings.push({ code: 'direction_repeated', detail: `${draft.direction} as candidate ${other.index}` });
    const similarity = textSimilarity(draft.text, other.draft.text);
    if (similarity >= SAME_REPLY_SIMILARITY) {
      findings.push({ code: 'same_reply_reworded', detail: `similarity ${similarity.toFixed(2)} to candidate ${other.index}` });
    }
  }
  return findings;
});
