import { boundedCall } from '../bounded-call.js';
import type { ModelCallRecord } from '../model/index.js';
import { assembleSuggestions } from './assemble-suggestions.js';
import { auditRound, type CandidateEvidence } from './audit-round.js';
import type { AuditRecord } from '../evidence/audit-record.js';
import { draftRound } from './draft-round.js';
import { draftingPlan } from './drafting-plan.js';
import { DEFAULT_EVENT_THRESHOLDS, type EventThresholds } from './event-state.js';
import type { GateRecord } from '../evidence/gate-record.js';
import { emptyPipelineState, type GateDefinition, type PipelineContext } from './gate.js';
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
import { redraft } from './redraft.js';
import { runGates } from './run-gates.js';
import { stopCopy } from './stop-copy.js';
import type { SuggestEvidence } from './suggest-evidence.js';
import { stopState, type SuggestionResult } from './suggestion-result.js';
import type { SkillCallOptions, SuggestSkills } from './suggest-skills.js';
import { NO_MODEL, TOO_FEW_SURVIVED, stepFailed, unavailableOfGate, type Unavailable } from './unavailable.js';
import { emptyWiki, type Wiki } from './wiki.js';

export { CANDIDATE_AUDITS } from './audit-round.js';
export type { CandidateEvidence } from './audit-round.js';

/** The seven gates in the order they run. */
export const GATES: readonly GateDefinition[] = [matchGate, propertyGate, timelineGate, eventGate, profileGate, routerGate, strategyGate];

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
  /**
   * Cancels the request (the sidecar passes its request's signal: the client went away). Each
   * skill call is handed it and is no longer waited for once it aborts, and `suggestReplies`
   * rejects with the signal's reason instead of deciding. Default: none.
   */
  readonly signal?: AbortSignal;
}

/** The application result and, beside it, its evidence. The result stays exactly the four-property union. */
export interface SuggestOutcome {
  readonly result: SuggestionResult;
  readonly evidence: SuggestEvidence;
}

/**
 * Decides whether any message should be written to this match and, if so, returns 3–5 audited
 * suggestions, in phases: the seven gates run in order and the first stop state is the result,
 * never turned into suggestions; the plan reads what they settled; candidates are drafted from the
 * strategy brief and each passes every audit; failures are dropped and redrafted once; the result
 * is the kept candidates, or a `hold` whose summary says why fewer than three survived. Never
 * throws for a model's failure: that is a stop state with its evidence.
 */
export async function suggestReplies({
  match,
  wiki = emptyWiki,
  profile = emptyProfile,
  skills = null,
  now = Date.now(),
  thresholds = DEFAULT_EVENT_THRESHOLDS,
  analysisLanguage,
  signal,
}: SuggestOptions): Promise<SuggestOutcome> {
  signal?.throwIfAborted();
  const copy = stopCopy(analysisLanguage ?? match.language);
  const context: PipelineContext = {
    match,
    wiki,
    profile,
    skills: skills && signal ? cancellableSkills(skills, signal) : skills,
    now,
    thresholds,
    analysisLanguage: analysisLanguage ?? null,
    copy,
    state: emptyPipelineState(match.id),
    calls: [],
  };
  const gates = await runGates(GATES, context);
  const finish = (result: SuggestionResult, after: AfterGates = {}): SuggestOutcome => ({
    result,
    evidence: suggestEvidence(context, gates.records, { needsModel: gates.needsModel, ...after }),
  });
  if (gates.stop) return finish(gates.stop, { unavailable: unavailableOfGate(gates.records.at(-1)) });
  const plan = draftingPlan(context, gates.needsModel);
  if (!plan) return finish(stopState('hold', copy.needsModel), { needsModel: true, unavailable: NO_MODEL });

  const first = await draftRound(plan, { directions: plan.strategy.directions, failed: [], kept: [] });
  if (!first.ok)
    return finish(stopState('hold', copy.skillFailed('drafting', first.reason)), { calls: [first.call], unavailable: stepFailed('drafting', first.reason) });
  const audited = await auditRound(plan, first.value.candidates, 1, { firstIndex: 0, keptBefore: [] });
  const second = await redraft(plan, audited);

  const rounds = second.round ? [audited, second.round] : [audited];
  const audits = rounds.flatMap((r) => r.audits);
  const drafted = first.value.candidates.length + second.drafted;
  const assembled = assembleSuggestions(
    plan,
    rounds.flatMap((r) => r.kept),
    { drafted, audits, copy },
  );
  return finish(assembled.result, {
    unavailable: assembled.result.resultType === 'suggestions' ? null : TOO_FEW_SURVIVED,
    audits: [...audits, ...assembled.audits],
    candidates: rounds.flatMap((r) => r.candidates),
    calls: [first.call, ...audited.calls, ...second.calls],
  });
}

/** What the request decided after the gates, for its evidence. */
interface AfterGates {
  readonly audits?: readonly AuditRecord[];
  readonly candidates?: readonly CandidateEvidence[];
  /** Model calls after the gates' own (which the pipeline context holds). */
  readonly calls?: readonly ModelCallRecord[];
  readonly needsModel?: boolean;
  readonly unavailable?: Unavailable | null;
}

/** The request's evidence: the gates' records and calls, what came after them, and the compact pipeline state. */
function suggestEvidence({ match, state, calls }: PipelineContext, gates: readonly GateRecord[], after: AfterGates): SuggestEvidence {
  return {
    matchId: match.id,
    gates,
    audits: after.audits ?? [],
    candidates: after.candidates ?? [],
    calls: [...calls, ...(after.calls ?? [])],
    needsModel: after.needsModel ?? false,
    unavailable: after.unavailable ?? null,
    suspicions: state.boundaries?.suspicions ?? [],
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
  };
}

/**
 * `skills` cancelled by `signal`: each call is handed it and not waited for once it aborts, so a
 * request whose client left stops at its next skill call (rejecting with the signal's reason).
 */
function cancellableSkills(skills: SuggestSkills, signal: AbortSignal): SuggestSkills {
  const bound =
    <I, O>(call: (input: I, options: SkillCallOptions) => Promise<O>) =>
    (input: I) =>
      boundedCall((s) => call(input, { signal: s }), { signal });
  return {
    readBurst: bound((input, options) => skills.readBurst(input, options)),
    planStrategy: bound((input, options) => skills.planStrategy(input, options)),
    draftCandidates: bound((input, options) => skills.draftCandidates(input, options)),
    reviewCandidates: bound((input, options) => skills.reviewCandidates(input, options)),
  };
}
