import { AUDIT_NAMES, type AuditName, type AuditRecord } from '../evidence/audit-record.js';
import type { Candidate } from './audits/audit.js';
import { conductFindings } from './audits/conduct-audit.js';
import { notIdentifiedAs } from './audits/language-audit.js';
import { privateOverlap } from './audits/privacy-audit.js';
import type { PrivateMaterial } from './audits/private-material.js';
import type { DraftingPlan } from './drafting-plan.js';
import type { CopyLanguage } from './identify-language.js';
import type { StopCopy } from './stop-copy.js';
import { stopState, suggestionResultSchema, type SuggestionResult } from './suggestion-result.js';

/** The result and the audit records assembling it left (on the analysis summary and the result's shape). */
export interface AssembledResult {
  readonly result: SuggestionResult;
  readonly audits: readonly AuditRecord[];
}

/**
 * The result phase: fewer than three kept candidates is a `hold` whose summary counts the failures
 * by audit; otherwise the first five kept, trimmed, with the strategy's analysis summary when it
 * passes its checks (else Warrant's own sentence), checked against the application schema. A
 * result that breaks the schema is a bug, so it throws.
 */
export function assembleSuggestions(
  plan: Pick<DraftingPlan, 'strategy' | 'brief' | 'material'>,
  kept: readonly Candidate[],
  { drafted, audits, copy }: { readonly drafted: number; readonly audits: readonly AuditRecord[]; readonly copy: StopCopy },
): AssembledResult {
  if (kept.length < 3) return { result: stopState('hold', copy.tooFewSurvived(kept.length, drafted, causes(audits, copy))), audits: [] };
  const chosen = kept.slice(0, 5);
  const analysis = analysisSummary(plan.strategy.analysisSummary, plan.brief.analysisLanguage, plan.material, copy, chosen.length);
  const result: SuggestionResult = {
    resultType: 'suggestions',
    analysisSummary: analysis.text,
    question: '',
    suggestions: chosen.map((c) => ({ text: c.draft.text.trim(), rationale: c.draft.rationale.trim() })),
  };
  const checked = suggestionResultSchema.safeParse(result);
  const shape: AuditRecord = {
    audit: 'schema',
    candidate: null,
    round: 1,
    by: 'code',
    passed: checked.success,
    findings: checked.success ? [] : checked.error.issues.map((i) => ({ code: 'result_shape', detail: `${i.path.join('.')}: ${i.message}` })),
  };
  if (!checked.success) throw new Error(`assembled result breaks the application schema: ${checked.error.message}`);
  return { result: checked.data, audits: [...analysis.records, shape] };
}

/** Which audits dropped candidates, counted, in the user's words. */
export function causes(audits: readonly AuditRecord[], copy: StopCopy): string {
  const counts = new Map<AuditName, Set<number>>();
  for (const r of audits) {
    if (r.passed || r.candidate === null) continue;
    counts.set(r.audit, (counts.get(r.audit) ?? new Set()).add(r.candidate));
  }
  return AUDIT_NAMES.filter((n) => counts.has(n))
    .map((n) => `${copy.auditNames[n]}: ${counts.get(n)!.size}`)
    .join(', ');
}

/**
 * The analysis summary shown with suggestions: the strategy's, if it passes the language, privacy
 * and conduct checks copy passes (one record each, `candidate: null`); otherwise Warrant's own
 * sentence. No review sees the summary, so a summary too short for its language to be identified
 * is not passed by default: Warrant's own sentence replaces it.
 */
export function analysisSummary(
  proposed: string,
  language: CopyLanguage,
  material: PrivateMaterial,
  copy: StopCopy,
  count: number,
): { text: string; records: AuditRecord[] } {
  const text = proposed.trim();
  const checks: [AuditName, AuditRecord['findings']][] = [
    ['language', text === '' ? [{ code: 'empty', detail: 'no analysis summary' }] : notIdentifiedAs('analysisSummary', text, language)],
    ['privacy', privateOverlap(text, material)],
    ['conduct', conductFindings('analysisSummary', text, { invitations: false })],
  ];
  const records = checks.map(([audit, findings]): AuditRecord => ({ audit, candidate: null, round: 1, by: 'code', passed: findings.length === 0, findings }));
  return { text: records.every((r) => r.passed) ? text : copy.fallbackAnalysis(count), records };
}
