import type { AuditContext, Candidate } from './audits/audit.js';
import { privateMaterial, type PrivateMaterial } from './audits/private-material.js';
import type { PipelineContext, Route } from './gate.js';
import type { Match } from './match.js';
import type { Profile, ProfileFact } from './profile.js';
import type { Strategy } from './skill-schemas.js';
import type { CopyBrief, SuggestSkills } from './suggest-skills.js';
import { copyBrief, relevantFacts } from './views.js';

/** Everything drafting, auditing and assembling rest on, settled once the gates passed. */
export interface DraftingPlan {
  readonly skills: SuggestSkills;
  readonly route: Route;
  readonly strategy: Strategy;
  /** What the drafting skill is shown (and the review, in part). */
  readonly brief: CopyBrief;
  /** The private material no copy may reveal. */
  readonly material: PrivateMaterial;
  readonly match: Match;
  readonly profile: Profile;
  /** The facts the profile gate selected and marked relevant (what drafting was shown): what copy may claim about the user. */
  readonly selectedFacts: readonly ProfileFact[];
}

/**
 * The plan phase: reads what the gates settled — the route, the strategy, the brief the drafts are
 * written from, the private material the audits guard — or `null` when generation cannot go on:
 * a gate needed a model, no skills are configured, or the route or strategy was never settled.
 */
export function draftingPlan(context: PipelineContext, needsModel: boolean): DraftingPlan | null {
  const { match, wiki, profile, skills, state } = context;
  const { route, strategy } = state;
  if (needsModel || !skills || !route || !strategy) return null;
  const material = privateMaterial(match, wiki, profile);
  const brief = copyBrief(context, route);
  return { skills, route, strategy, brief, material, match, profile, selectedFacts: relevantFacts(state) };
}

/** What every audit of a candidate consults, with the candidates kept so far (for diversity). */
export function auditContextOf(plan: DraftingPlan, kept: readonly Candidate[]): AuditContext {
  return {
    match: plan.match,
    profile: plan.profile,
    route: plan.route,
    copyLanguage: plan.route.language,
    analysisLanguage: plan.brief.analysisLanguage,
    selectedFacts: plan.selectedFacts,
    privateMaterial: plan.material,
    kept,
  };
}
