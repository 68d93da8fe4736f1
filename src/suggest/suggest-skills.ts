import type { TaskResult } from '../model/index.js';
import type { DraftingRule } from './drafting-rules.js';
import type { CopyLanguage } from './identify-language.js';
import type { BurstReading, Direction, Draft, Drafts, Obligation, Review, Strategy } from './skill-schemas.js';

/** A message as a skill sees it: no private material, only what the match and user wrote. */
export interface MessageView {
  readonly id: string;
  readonly author: 'user' | 'match';
  readonly text: string;
  readonly sentAt: string;
}

/** A verified, disclosable profile fact as a skill sees it: what it supports and what it does not. */
export interface FactView {
  readonly id: string;
  readonly statement: string;
  readonly supports: readonly string[];
  readonly doesNotSupport: readonly string[];
}

/** A boundary as a skill sees it: a topic the match ruled out, in force for every draft. */
export interface BoundaryView {
  readonly messageId: string;
  readonly scope: 'end_contact' | 'pause' | 'topic';
  /** Word patterns (`divor*`: any word beginning so) copy keeps out. */
  readonly avoidTerms: readonly string[];
}

/** Input of {@link SuggestSkills.readBurst}. */
export interface BurstInput {
  readonly language: string;
  /** The latest burst of the match's messages, complete. */
  readonly burst: readonly MessageView[];
  /** Earlier messages, most recent last, for callbacks and parallel topics. */
  readonly earlier: readonly MessageView[];
  /**
   * The match's messages, anywhere in the thread, whose words code suspects of setting a boundary,
   * with the wording that raised the suspicion and code's doubts about it. The reader rules on
   * every one (`rulings`); an unruled one fails the reading.
   */
  readonly suspected: readonly SuspectedView[];
}

/** A message code suspects of setting a boundary, as the reader is shown it. */
export interface SuspectedView {
  readonly message: MessageView;
  readonly scope: 'end_contact' | 'pause' | 'topic';
  readonly words: string;
  /** `explicit` when code alone would act on it; the reader still decides. */
  readonly certainty: 'explicit' | 'suspected';
  readonly doubts: readonly string[];
}

/** What the strategy and drafting skills both see of a request (see `copyBrief`). */
export interface CopyBrief {
  /** The copy language. */
  readonly language: CopyLanguage;
  /** The language of the analysis summary and each rationale (the copy language unless the user asked otherwise). */
  readonly analysisLanguage: CopyLanguage;
  /** The match's latest burst; empty when the user already answered it. */
  readonly burst: readonly MessageView[];
  readonly obligations: readonly Obligation[];
  /** Topics the match ruled out in any message of the thread (the boundary ledger): no draft raises them. */
  readonly boundaries: readonly BoundaryView[];
  /** The verified, disclosable facts the profile gate selected. */
  readonly facts: readonly FactView[];
  /** The match's own profile details (public: the match wrote them), for openers and hooks; citable as `match_detail` sources. */
  readonly matchDetails: Readonly<Record<string, string | number | boolean | null>>;
  /** The drafting rules every draft keeps, by id (`DRAFTING_RULES`): part of the brief whatever the prompt says. */
  readonly draftingRules: Readonly<Record<DraftingRule, string>>;
}

/** Input of {@link SuggestSkills.planStrategy}. */
export interface StrategyInput extends CopyBrief {
  readonly ruleset: string;
  readonly eventState: string;
  readonly topics: readonly string[];
  readonly eligibleDirections: readonly Direction[];
}

/** A candidate that failed, shown to the redraft so it does not repeat the failure. */
export interface FailedDraft {
  readonly direction: Direction;
  readonly text: string;
  readonly failures: readonly string[];
}

/** Input of {@link SuggestSkills.draftCandidates}. */
export interface DraftInput extends CopyBrief {
  readonly strategy: Strategy;
  /** Directions to write, one candidate each. */
  readonly directions: readonly Direction[];
  /** On the one redraft: what failed, and the texts already kept (to stay distinct from them). */
  readonly failed: readonly FailedDraft[];
  readonly kept: readonly string[];
}

/** Input of {@link SuggestSkills.reviewCandidates}. */
export interface ReviewInput {
  /** The copy language. */
  readonly language: CopyLanguage;
  /** The language each rationale must be in. */
  readonly analysisLanguage: CopyLanguage;
  readonly candidates: readonly (Pick<Draft, 'text' | 'rationale' | 'claims'> & { readonly index: number })[];
  readonly burst: readonly MessageView[];
  readonly obligations: readonly Obligation[];
  readonly boundaries: readonly BoundaryView[];
  readonly facts: readonly FactView[];
  /** The drafting rules the review names a candidate's breaches of. */
  readonly draftingRules: Readonly<Record<DraftingRule, string>>;
  /** The private material nothing may reveal: shown to the reviewer so it can recognise it. */
  readonly privateMaterial: readonly string[];
}

/**
 * The model-backed skills of the suggestion pipeline: where meaning is needed and code cannot
 * decide. Each returns a {@link TaskResult} — its value and the call's record, or why it has
 * none — and never throws. Gates and audits depend on this interface only, so tests and hosts can
 * supply their own; {@link modelSkills} runs them on the deployment's models.
 */
export interface SuggestSkills {
  /** Reads the latest burst: response obligations, callbacks, parallel topics. */
  readBurst(input: BurstInput, options?: SkillCallOptions): Promise<TaskResult<BurstReading>>;
  /** Writes the strategy brief. */
  planStrategy(input: StrategyInput, options?: SkillCallOptions): Promise<TaskResult<Strategy>>;
  /** Drafts one candidate per direction, each with its claims and their sources. */
  draftCandidates(input: DraftInput, options?: SkillCallOptions): Promise<TaskResult<Drafts>>;
  /** Reviews candidates for private material, unsupported implications and ignored obligations. */
  reviewCandidates(input: ReviewInput, options?: SkillCallOptions): Promise<TaskResult<Review>>;
}

/** What one skill call is handed besides its input. */
export interface SkillCallOptions {
  /**
   * Aborted when the request is cancelled (`suggestReplies({ signal })`: the sidecar's client
   * went away): pass it to the model call. `suggestReplies` stops waiting for the skill then,
   * whatever it does.
   */
  readonly signal?: AbortSignal;
}

/** The task names the skills run under (each can have its own model profile and prompt). */
export const SKILL_TASKS = {
  readBurst: 'suggest.burst',
  planStrategy: 'suggest.strategy',
  draftCandidates: 'suggest.draft',
  reviewCandidates: 'suggest.review',
} as const;
