import type { ModelCallRecord } from '../model/index.js';
import { AUDIT_NAMES, runAudit, type AuditContext, type AuditName, type AuditRecord, type Candidate } from './audits/audit.js';
import { conductAudit, conductFindings } from './audits/conduct-audit.js';
import { diversityAudit } from './audits/diversity-audit.js';
import { implicationAudit } from './audits/implication-audit.js';
import { languageAudit, notIdentifiedAs } from './audits/language-audit.js';
import { obligationsAudit } from './audits/obligations-audit.js';
import { privacyAudit, privateOverlap } from './audits/privacy-audit.js';
import { privateMaterial } from './audits/private-material.js';
import { reviewRecords } from './audits/review-records.js';
import { schemaAudit } from './audits/schema-audit.js';
import type { Boundary } from './boundary-ledger.js';
import { DEFAULT_EVENT_THRESHOLDS, type EventThresholds } from './event-state.js';
import { gateRecord, type GateDefinition, type GateRecord, type PipelineContext, type PipelineState } from './gate.js';
import { eventGate } from './gates/event-gate.js';
import { matchGate } from './gates/match-gate.js';
import { profileGate } from './gates/profile-gate.js';
import { propertyGate } from './gates/property-gate.js';
import { routerGate } from './gates/router-gate.js';
import { strategyGate } from './gates/strategy-gate.js';
import { timelineGate } from './gates/timeline-gate.js';
import type { CopyLanguage } from './identify-language.js';
import type { Match } from './match.js';
import { emptyProfile, type Profile } from './profile.js';
import type { Direction, Draft } from './skill-schemas.js';
import { stopCopy, type StopCopy } from './stop-copy.js';
import { stopState, suggestionResultSchema, type SuggestionResult } from './suggestion-result.js';
import type { FailedDraft, SuggestSkills } from './suggest-skills.js';
import { copyBrief } from './views.js';
import { emptyWiki, type Wiki } from './wiki.js';

/** The seven gates in the order they run. */
export const GATES: readonly GateDefinition[] = [matchGate, propertyGate, timelineGate, eventGate, profileGate, routerGate, strategyGate];

/** The deterministic audits in the order each candidate meets them; diversity runs last, against kept ones. */
export const CANDIDATE_AUDITS = [schemaAudit, languageAudit, conductAudit, privacyAudit, implicationAudit, obligationsAudit] as const;

/** Model calls on the happy path of a reply: read the burst, plan, draft, review. */
export const HAPPY_PATH_MODEL_CALLS = 4;
/** The bound: the happy path plus the one redraft and its review. */
export const MAX_MODEL_CALLS = 6;

/** Options of {@link suggestReplies}. */
export interface SuggestOptions {
  /** The validated Match (see `parseMatch`). */
  readonly match: Match;
  /** The user's private Wiki. Default: empty. */
  readonly wiki?: Wiki;
  /** The user's profile. Default: empty, so nothing about the user can be claimed. */
  readonly profile?: Profile;
  /**
   * The model-backed skills. `null` (the default) runs every gate's deterministic part and
   * returns a stop state: generation needs a model.
   */
  readonly skills?: SuggestSkills | null;
  /** The time the event gate measures silence against, in ms since the epoch. Default: now. */
  readonly now?: number;
  /** Event timing thresholds. Default {@link DEFAULT_EVENT_THRESHOLDS}. */
  readonly thresholds?: EventThresholds;
  /** A different language the user explicitly asked analysis and rationales in. Default: the match's. */
  readonly analysisLanguage?: CopyLanguage;
}

/** One drafted candidate as evidence: what it said, where it came from, and whether it was kept. */
export interface CandidateEvidence {
  readonly index: number;
  readonly round: 1 | 2;
  readonly direction: Direction;
  readonly text: string;
  readonly rationale: string;
  readonly claims: Draft['claims'];
  readonly handles: readonly string[];
  readonly kept: boolean;
}

/** Everything the request decided, beside the result: gate records, audit verdicts, model calls. */
export interface SuggestEvidence {
  /** The one Match id the whole request concerned. */
  readonly matchId: string;
  readonly gates: readonly GateRecord[];
  readonly audits: readonly AuditRecord[];
  readonly candidates: readonly CandidateEvidence[];
  readonly calls: readonly ModelCallRecord[];
  /** True when generation stopped because no model is configured. */
  readonly needsModel: boolean;
  /** The boundary ledger: every boundary the match set in the thread, and whether it is in force. */
  readonly boundaries: readonly Boundary[];
  /** The compact pipeline state at the end (references and decisions, no payloads). */
  readonly state: {
    readonly language: CopyLanguage | null;
    readonly eventState: string | null;
    readonly task: string | null;
    readonly ruleset: string | null;
    readonly effort: string | null;
    readonly obligations: readonly string[];
    readonly directions: readonly Direction[];
  };
}

/** The application result and, beside it, its evidence. The result stays exactly the four-property union. */
export interface SuggestOutcome {
  readonly result: SuggestionResult;
  readonly evidence: SuggestEvidence;
}

/**
 * Decides whether any message should be written to this match and, if so, returns 3–5 audited
 * suggestions. The seven gates run in order; the first stop state is the result and is never
 * turned into suggestions. Candidates are drafted from the strategy brief and each passes every
 * audit; failures are dropped and redrafted once; fewer than three survivors is a `hold` whose
 * summary says why. Never throws for a model's failure: that is a stop state with its evidence.
 */
export async function suggestReplies({
  match,
  wiki = emptyWiki,
  profile = emptyProfile,
  skills = null,
  now = Date.now(),
  thresholds = DEFAULT_EVENT_THRESHOLDS,
  analysisLanguage,
}: SuggestOptions): Promise<SuggestOutcome> {
  const copy = stopCopy(analysisLanguage ?? match.language);
  const state: PipelineState = {
    matchId: match.id,
    language: null,
    propertyInterpretations: [],
    timeline: null,
    event: null,
    boundaries: null,
    profile: null,
    route: null,
    strategy: null,
  };
  const calls: ModelCallRecord[] = [];
  const context: PipelineContext = { match, wiki, profile, skills, now, thresholds, analysisLanguage: analysisLanguage ?? null, copy, state, calls };
  const gates: GateRecord[] = [];
  const audits: AuditRecord[] = [];
  const candidates: CandidateEvidence[] = [];
  let needsModel = false;
  const finish = (result: SuggestionResult): SuggestOutcome => ({
    result,
    evidence: {
      matchId: match.id,
      gates,
      audits,
      candidates,
      calls,
      needsModel,
      boundaries: state.boundaries?.entries ?? [],
      state: {
        language: state.language,
        eventState: state.event?.state ?? null,
        task: state.event?.task ?? null,
        ruleset: state.route?.ruleset ?? null,
        effort: state.route?.effort ?? null,
        obligations: state.route?.obligations.map((o) => o.id) ?? [],
        directions: state.strategy?.directions ?? [],
      },
    },
  });

  for (const gate of GATES) {
    const verdict = await gate.run(context);
    gates.push(gateRecord(gate.name, verdict));
    if (verdict.decision === 'stop') return finish(verdict.stop);
    if (verdict.decision === 'needs_model') needsModel = true;
  }
  const { route, strategy } = state;
  if (needsModel || !skills || !route || !strategy) {
    needsModel = true;
    return finish(stopState('hold', copy.needsModel));
  }

  const material = privateMaterial(match, wiki, profile);
  const brief = copyBrief(context, route);
  const { burst, facts, analysisLanguage: rationaleLanguage } = brief;
  const auditContext = (kept: readonly Candidate[]): AuditContext => ({
    match,
    profile,
    route,
    copyLanguage: route.language,
    analysisLanguage: rationaleLanguage,
    selectedFacts: state.profile?.selected ?? [],
    privateMaterial: material,
    kept,
  });
  let nextIndex = 0;

  /**
   * Audits one round of drafts: code audits first, then one model review of those that passed.
   * Survivors are appended to `kept`; the failures are returned for the redraft to learn from.
   */
  const auditRound = async (drafts: readonly Draft[], round: 1 | 2, kept: Candidate[]): Promise<FailedDraft[]> => {
    const failed: FailedDraft[] = [];
    const passedCode: Candidate[] = [];
    for (const draft of drafts) {
      const candidate: Candidate = { index: nextIndex++, round, draft };
      const against = auditContext([...kept, ...passedCode]);
      const records = [...CANDIDATE_AUDITS, diversityAudit].map((audit) => runAudit(audit, candidate, against));
      audits.push(...records);
      const failures = failureLines(records);
      if (failures.length === 0) passedCode.push(candidate);
      else failed.push({ direction: draft.direction, text: draft.text, failures });
      candidates.push({ ...evidenceOf(candidate), kept: false });
    }
    if (passedCode.length === 0) return failed;
    const review = await skills.reviewCandidates({
      language: route.language,
      analysisLanguage: rationaleLanguage,
      candidates: passedCode.map((c) => ({ index: c.index, text: c.draft.text, rationale: c.draft.rationale, claims: c.draft.claims })),
      burst,
      obligations: route.obligations,
      boundaries: brief.boundaries,
      facts,
      draftingRules: brief.draftingRules,
      privateMaterial: material.texts,
    });
    calls.push(review.call);
    for (const candidate of passedCode) {
      const verdict = review.ok ? review.value.verdicts.find((v) => v.index === candidate.index) : undefined;
      const unreviewed = review.ok ? 'not_reviewed' : `review_unavailable:${review.reason}`;
      const records = reviewRecords(candidate, verdict, unreviewed);
      audits.push(...records);
      const failures = failureLines(records);
      if (failures.length === 0) {
        kept.push(candidate);
        const entry = candidates.findIndex((c) => c.index === candidate.index);
        candidates[entry] = { ...candidates[entry]!, kept: true };
      } else {
        failed.push({ direction: candidate.draft.direction, text: candidate.draft.text, failures });
      }
    }
    return failed;
  };

  const kept: Candidate[] = [];
  const first = await skills.draftCandidates({ ...brief, strategy, directions: strategy.directions, failed: [], kept: [] });
  calls.push(first.call);
  if (!first.ok) return finish(stopState('hold', copy.skillFailed('drafting', first.reason)));
  const failed = await auditRound(first.value.candidates, 1, kept);
  let drafted = first.value.candidates.length;

  if (failed.length > 0) {
    const keptDirections = new Set(kept.map((c) => c.draft.direction));
    const wanted = Math.min(failed.length, 5 - kept.length);
    const directions = [...strategy.directions, ...route.eligibleDirections].filter((d, i, all) => !keptDirections.has(d) && all.indexOf(d) === i).slice(0, wanted);
    if (directions.length > 0) {
      const second = await skills.draftCandidates({ ...brief, strategy, directions, failed, kept: kept.map((c) => c.draft.text) });
      calls.push(second.call);
      if (second.ok) {
        drafted += second.value.candidates.length;
        await auditRound(second.value.candidates, 2, kept);
      }
    }
  }

  if (kept.length < 3) return finish(stopState('hold', copy.tooFewSurvived(kept.length, drafted, causes(audits, copy))));

  const chosen = kept.slice(0, 5);
  const analysis = analysisSummary(strategy.analysisSummary, rationaleLanguage, material, copy, chosen.length);
  audits.push(...analysis.records);
  const result: SuggestionResult = {
    resultType: 'suggestions',
    analysisSummary: analysis.text,
    question: '',
    suggestions: chosen.map((c) => ({ text: c.draft.text.trim(), rationale: c.draft.rationale.trim() })),
  };
  const checked = suggestionResultSchema.safeParse(result);
  audits.push({
    audit: 'schema',
    candidate: null,
    round: 1,
    by: 'code',
    passed: checked.success,
    findings: checked.success ? [] : checked.error.issues.map((i) => ({ code: 'result_shape', detail: `${i.path.join('.')}: ${i.message}` })),
  });
  if (!checked.success) throw new Error(`assembled result breaks the application schema: ${checked.error.message}`);
  return finish(checked.data);
}

/** A failed audit's findings as the redraft is shown them: `audit: code`. */
function failureLines(records: readonly AuditRecord[]): string[] {
  return records.filter((r) => !r.passed).flatMap((r) => r.findings.map((f) => `${r.audit}: ${f.code}`));
}

function evidenceOf(c: Candidate): Omit<CandidateEvidence, 'kept'> {
  return { index: c.index, round: c.round, direction: c.draft.direction, text: c.draft.text, rationale: c.draft.rationale, claims: c.draft.claims, handles: c.draft.handles };
}

/** Which audits dropped candidates, counted, in the user's words. */
function causes(audits: readonly AuditRecord[], copy: StopCopy): string {
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
function analysisSummary(
  proposed: string,
  language: CopyLanguage,
  material: ReturnType<typeof privateMaterial>,
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
