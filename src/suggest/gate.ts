import type { GateName, GateRecord } from '../evidence/gate-record.js';
import type { ModelCallRecord } from '../model/index.js';
import type { Boundary, BoundaryLedger } from './boundary-ledger.js';
import type { EventReading, EventThresholds, GenerationTask } from './event-state.js';
import type { CopyLanguage } from './identify-language.js';
import type { Match, MatchMessage } from './match.js';
import type { Profile, ProfileFact } from './profile.js';
import type { BurstReading, Callback, Direction, Obligation, Strategy } from './skill-schemas.js';
import type { StopCopy } from './stop-copy.js';
import type { StopState } from './suggestion-result.js';
import type { SuggestSkills } from './suggest-skills.js';
import type { Wiki } from './wiki.js';

/** What one gate decided: go on, stop with a stop state, or go on without the part that needs a model. */
export type GateVerdict =
  | { readonly decision: 'pass'; readonly reason: string; readonly detail?: Record<string, unknown> }
  | { readonly decision: 'needs_model'; readonly reason: string; readonly detail?: Record<string, unknown> }
  | { readonly decision: 'stop'; readonly reason: string; readonly stop: StopState; readonly detail?: Record<string, unknown> };

/** A Wiki path resolved against the Match: the observed value and whether the user's label applies. */
export interface PropertyInterpretation {
  readonly path: string;
  readonly observed: string | number | boolean | null;
  readonly label: 'good' | 'bad' | 'blocker';
  readonly applies: boolean;
}

/** The route the router gate settled: everything drafting may assume. */
export interface Route {
  readonly task: GenerationTask;
  readonly language: CopyLanguage;
  readonly effort: 'light' | 'standard' | 'deep';
  readonly ruleset: 'opener' | 'reply' | 're_entry' | 'cta_follow_up';
  /** Obligations a candidate must handle (empty when the latest burst was already answered). */
  readonly obligations: readonly Obligation[];
  /** The topics the match ruled out anywhere in the thread (from the boundary ledger): copy keeps their terms out. */
  readonly boundaries: readonly Boundary[];
  readonly eligibleDirections: readonly Direction[];
}

/**
 * The compact internal state the gates fill in. Not the application
 * response; it holds references and decisions, never whole Match or Wiki payloads.
 */
export interface PipelineState {
  readonly matchId: string;
  language: CopyLanguage | null;
  propertyInterpretations: PropertyInterpretation[];
  timeline: {
    /** The complete latest same-author burst. */
    readonly burst: readonly MatchMessage[];
    /** The match's latest burst (the reply target when unanswered). */
    readonly matchBurst: readonly MatchMessage[];
    /** True when the user has written since the match's latest burst. */
    readonly answered: boolean;
    readonly explicitCallbacks: readonly Callback[];
    readonly reading: BurstReading | null;
  } | null;
  event: EventReading | null;
  /** Every boundary of the thread, built by the event gate. */
  boundaries: BoundaryLedger | null;
  profile: {
    readonly selected: readonly ProfileFact[];
    readonly relevant: readonly string[];
    readonly excluded: readonly { id: string; reason: string }[];
  } | null;
  route: Route | null;
  strategy: Strategy | null;
}

/** The state before any gate has run: nothing decided yet for `matchId`. */
export function emptyPipelineState(matchId: string): PipelineState {
  return { matchId, language: null, propertyInterpretations: [], timeline: null, event: null, boundaries: null, profile: null, route: null, strategy: null };
}

/** What every gate is given. */
export interface PipelineContext {
  readonly match: Match;
  readonly wiki: Wiki;
  readonly profile: Profile;
  /** `null` when no model is configured: gates run their deterministic parts only. */
  readonly skills: SuggestSkills | null;
  readonly now: number;
  readonly thresholds: EventThresholds;
  /** The language the user explicitly asked analysis in; `null`: the match's. */
  readonly analysisLanguage: CopyLanguage | null;
  /** Stop-state sentences in the analysis language. */
  readonly copy: StopCopy;
  readonly state: PipelineState;
  /** Every model call made so far, in order. */
  readonly calls: ModelCallRecord[];
}

/** A gate: a named definition whose every run yields a {@link GateRecord}. */
export interface GateDefinition {
  readonly name: GateName;
  run(context: PipelineContext): Promise<GateVerdict>;
}

/** Defines a gate. The pipeline records each run; a gate only returns its verdict. */
export function defineGate(name: GateName, run: (context: PipelineContext) => Promise<GateVerdict> | GateVerdict): GateDefinition {
  return { name, run: async (context) => run(context) };
}

/** The record of one run of `gate`. */
export function gateRecord(gate: GateName, verdict: GateVerdict): GateRecord {
  return { gate, decision: verdict.decision, reason: verdict.reason, detail: verdict.detail ?? {} };
}
