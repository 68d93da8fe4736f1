import type { TaskResult } from '../model/index.js';
import type { DraftingPlan } from './drafting-plan.js';
import type { Direction, Drafts } from './skill-schemas.js';
import type { FailedDraft } from './suggest-skills.js';

/** What one round of drafting is asked for beyond the plan. */
export interface DraftRequest {
  /** One candidate per direction. */
  readonly directions: readonly Direction[];
  /** On the redraft: what failed, so it is not repeated. */
  readonly failed: readonly FailedDraft[];
  /** On the redraft: the texts already kept, to stay distinct from them. */
  readonly kept: readonly string[];
}

/**
 * The draft phase: the drafting skill writes from the strategy brief, never from the raw Match —
 * the brief, the strategy and the directions, plus on the redraft what failed and what was kept.
 */
export function draftRound(plan: DraftingPlan, { directions, failed, kept }: DraftRequest): Promise<TaskResult<Drafts>> {
  return plan.skills.draftCandidates({ ...plan.brief, strategy: plan.strategy, directions, failed, kept });
}
