import type { ModelCallRecord } from '../model/index.js';
import type { Candidate } from './audits/audit.js';
import { auditRound, type AuditedRound } from './audit-round.js';
import { draftRound } from './draft-round.js';
import type { DraftingPlan } from './drafting-plan.js';
import type { Direction } from './skill-schemas.js';

/** What the one redraft did: its calls, its audited round (`null` when none ran), and how many it drafted. */
export interface Redraft {
  readonly calls: readonly ModelCallRecord[];
  readonly round: AuditedRound | null;
  readonly drafted: number;
}

const NO_REDRAFT: Redraft = { calls: [], round: null, drafted: 0 };

/**
 * The redraft phase: once, and only when the first round lost candidates, drafts as many
 * replacements as failed (never beyond five kept), each in a direction no kept candidate took,
 * shown what failed and what was kept; then audits them as round 2. A redraft that fails to draft
 * adds nothing: the request goes on with what the first round kept.
 */
export async function redraft(plan: DraftingPlan, first: AuditedRound): Promise<Redraft> {
  if (first.failed.length === 0) return NO_REDRAFT;
  const directions = redraftDirections(plan, first.kept, first.failed.length);
  if (directions.length === 0) return NO_REDRAFT;
  const second = await draftRound(plan, { directions, failed: first.failed, kept: first.kept.map((c) => c.draft.text) });
  if (!second.ok) return { calls: [second.call], round: null, drafted: 0 };
  const round = await auditRound(plan, second.value.candidates, 2, { firstIndex: first.candidates.length, keptBefore: first.kept });
  return { calls: [second.call, ...round.calls], round, drafted: second.value.candidates.length };
}

/**
 * The directions of the redraft: the strategy's, then the rest the route allows, without those a
 * kept candidate took, one per failed candidate and at most enough to reach five kept.
 */
export function redraftDirections(plan: Pick<DraftingPlan, 'strategy' | 'route'>, kept: readonly Candidate[], failed: number): Direction[] {
  const keptDirections = new Set(kept.map((c) => c.draft.direction));
  const wanted = Math.min(failed, 5 - kept.length);
  return [...plan.strategy.directions, ...plan.route.eligibleDirections].filter((d, i, all) => !keptDirections.has(d) && all.indexOf(d) === i).slice(0, wanted);
}
