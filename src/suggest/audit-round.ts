import type { ModelCallRecord } from '../model/index.js';
import type { AuditRecord } from '../evidence/audit-record.js';
import { runAudit, type Candidate } from './audits/audit.js';
import { conductAudit } from './audits/conduct-audit.js';
import { diversityAudit } from './audits/diversity-audit.js';
import { implicationAudit } from './audits/implication-audit.js';
import { languageAudit } from './audits/language-audit.js';
import { obligationsAudit } from './audits/obligations-audit.js';
import { privacyAudit } from './audits/privacy-audit.js';
import { reviewRecords } from './audits/review-records.js';
import { schemaAudit } from './audits/schema-audit.js';
import { auditContextOf, type DraftingPlan } from './drafting-plan.js';
import type { Direction, Draft } from './skill-schemas.js';
import type { FailedDraft } from './suggest-skills.js';

/** The deterministic audits in the order each candidate meets them; diversity runs last, against kept ones. */
export const CANDIDATE_AUDITS = [schemaAudit, languageAudit, conductAudit, privacyAudit, implicationAudit, obligationsAudit] as const;

/** One drafted candidate as evidence: what it said, where it came from, and whether it was kept. */
export interface CandidateEvidence {
  readonly index: number;
  readonly round: 1 | 2;
  readonly direction: Direction;
  readonly text: string;
  readonly rationale: string;
  readonly claims: readonly Draft['claims'][number][];
  readonly handles: readonly string[];
  readonly kept: boolean;
}

/** What one round of audits decided. */
export interface AuditedRound {
  /** The candidates this round kept, in the order they passed. */
  readonly kept: readonly Candidate[];
  /** The candidates that failed, with what failed: shown to the redraft. */
  readonly failed: readonly FailedDraft[];
  /** Every verdict: each candidate's code audits in drafting order, then the review's. */
  readonly audits: readonly AuditRecord[];
  /** Every candidate of the round, in drafting order, kept or not. */
  readonly candidates: readonly CandidateEvidence[];
  /** The review's call, when any candidate passed the code audits. */
  readonly calls: readonly ModelCallRecord[];
}

/**
 * The audit phase, for one round of drafts: every candidate meets the code audits (diversity
 * against the candidates kept before and those that passed before it this round); those that pass
 * all go to one model review, whose every verdict must pass too. Nothing unreviewed is kept: an
 * unavailable review fails them all. Candidates are numbered from `firstIndex` in drafting order.
 */
export async function auditRound(
  plan: DraftingPlan,
  drafts: readonly Draft[],
  round: 1 | 2,
  { firstIndex, keptBefore }: { readonly firstIndex: number; readonly keptBefore: readonly Candidate[] },
): Promise<AuditedRound> {
  const audits: AuditRecord[] = [];
  const failed: FailedDraft[] = [];
  const passedCode: Candidate[] = [];
  const candidates = drafts.map((draft, i): Candidate => ({ index: firstIndex + i, round, draft }));
  for (const candidate of candidates) {
    const against = auditContextOf(plan, [...keptBefore, ...passedCode]);
    const records = [...CANDIDATE_AUDITS, diversityAudit].map((audit) => runAudit(audit, candidate, against));
    audits.push(...records);
    const failures = failureLines(records);
    if (failures.length === 0) passedCode.push(candidate);
    else failed.push({ direction: candidate.draft.direction, text: candidate.draft.text, failures });
  }
  const reviewed = passedCode.length === 0 ? null : await reviewRound(plan, passedCode);
  const kept = reviewed?.kept ?? [];
  return {
    kept,
    failed: [...failed, ...(reviewed?.failed ?? [])],
    audits: [...audits, ...(reviewed?.audits ?? [])],
    candidates: candidates.map((c) => ({ ...evidenceOf(c), kept: kept.includes(c) })),
    calls: reviewed ? [reviewed.call] : [],
  };
}

/** One model review of the candidates that passed the code audits; each verdict becomes a record. */
async function reviewRound(plan: DraftingPlan, passedCode: readonly Candidate[]) {
  const { skills, route, brief, material } = plan;
  const review = await skills.reviewCandidates({
    language: route.language,
    analysisLanguage: brief.analysisLanguage,
    candidates: passedCode.map((c) => ({ index: c.index, text: c.draft.text, rationale: c.draft.rationale, claims: c.draft.claims })),
    burst: brief.burst,
    obligations: route.obligations,
    boundaries: brief.boundaries,
    facts: brief.facts,
    draftingRules: brief.draftingRules,
    privateMaterial: material.texts,
  });
  const kept: Candidate[] = [];
  const failed: FailedDraft[] = [];
  const audits: AuditRecord[] = [];
  for (const candidate of passedCode) {
    const verdict = review.ok ? review.value.verdicts.find((v) => v.index === candidate.index) : undefined;
    const records = reviewRecords(candidate, verdict, review.ok ? 'not_reviewed' : `review_unavailable:${review.reason}`);
    audits.push(...records);
    const failures = failureLines(records);
    if (failures.length === 0) kept.push(candidate);
    else failed.push({ direction: candidate.draft.direction, text: candidate.draft.text, failures });
  }
  return { kept, failed, audits, call: review.call };
}

/** A failed audit's findings as the redraft is shown them: `audit: code`. */
function failureLines(records: readonly AuditRecord[]): string[] {
  return records.filter((r) => !r.passed).flatMap((r) => r.findings.map((f) => `${r.audit}: ${f.code}`));
}

function evidenceOf(c: Candidate): Omit<CandidateEvidence, 'kept'> {
  return {
    index: c.index,
    round: c.round,
    direction: c.draft.direction,
    text: c.draft.text,
    rationale: c.draft.rationale,
    claims: c.draft.claims,
    handles: c.draft.handles,
  };
}
