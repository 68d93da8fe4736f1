import type { ReviewVerdict } from '../skill-schemas.js';
import type { AuditFinding, AuditName, AuditRecord } from '../../evidence/audit-record.js';
import type { Candidate } from './audit.js';

/** The audits the model review answers for, in the order its records are kept. */
export const REVIEWED_AUDITS = ['privacy', 'implication', 'obligations', 'conduct', 'language', 'drafting'] as const satisfies readonly AuditName[];

/** What the review's verdict says each audit found, as stable finding codes. */
function reviewFindings(verdict: ReviewVerdict): Record<(typeof REVIEWED_AUDITS)[number], string[]> {
  return {
    privacy: [...(verdict.privacy === 'leak' ? ['review_privacy'] : []), ...verdict.privateJudgements.map((j) => `review_${j}`)],
    implication: verdict.implication === 'clean' ? [] : ['review_implication'],
    obligations: verdict.obligations === 'handled' ? [] : ['review_obligations'],
    conduct: verdict.conduct === 'clean' ? [] : [`review_${verdict.conduct}`],
    language: verdict.language === 'correct' ? [] : ['review_wrong_language'],
    drafting: verdict.drafting.map((rule) => `review_${rule}`),
  };
}

/**
 * The model review's half of each audit for one candidate, as records (`by: model_review`). With
 * no verdict for the candidate — the review failed (`unreviewed` names how) or left it out — every
 * reviewed audit fails: nothing unreviewed is shown.
 */
export function reviewRecords(candidate: Candidate, verdict: ReviewVerdict | undefined, unreviewed: string): AuditRecord[] {
  const found = verdict ? reviewFindings(verdict) : undefined;
  return REVIEWED_AUDITS.map((audit): AuditRecord => {
    const findings: AuditFinding[] = found ? found[audit].map((code) => ({ code, detail: verdict!.reason })) : [{ code: unreviewed, detail: '' }];
    return { audit, candidate: candidate.index, round: candidate.round, by: 'model_review', passed: findings.length === 0, findings };
  });
}
