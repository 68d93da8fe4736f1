import type { Boundary } from './boundary-ledger.js';
import { DRAFTING_RULES } from './drafting-rules.js';
import type { PipelineContext, Route } from './gate.js';
import type { MatchMessage } from './match.js';
import type { ProfileFact } from './profile.js';
import type { BoundaryView, CopyBrief, FactView, MessageView } from './suggest-skills.js';

/** A message as skills see it (a photo shows as `[photo]`: the model never guesses its content). */
export function messageView(m: MatchMessage): MessageView {
  return { id: m.id, author: m.author, text: m.kind === 'photo' ? `[photo] ${m.text}`.trim() : m.text, sentAt: new Date(m.sentAt).toISOString() };
}

/** A fact as skills see it: only verified, disclosable facts are ever passed. */
export function factView(f: ProfileFact): FactView {
  return { id: f.id, statement: f.statement, supports: f.supports, doesNotSupport: f.doesNotSupport };
}

/** A ruled-out topic as skills see it: which message set it and the terms to keep out. */
export function boundaryView(b: Boundary): BoundaryView {
  return { messageId: b.messageId, scope: b.scope, avoidTerms: b.avoidTerms };
}

/**
 * The facts drafting may use: the verified, disclosable facts the profile gate selected that it
 * also marked relevant to this conversation. What drafting sees is what the audits accept as a
 * source, so a fact the drafts were never shown cannot back a claim.
 */
export function relevantFacts(state: PipelineContext['state']): readonly ProfileFact[] {
  const relevant = new Set(state.profile?.relevant ?? []);
  return (state.profile?.selected ?? []).filter((f) => relevant.has(f.id));
}

/**
 * What the strategy and drafting skills are shown of a request, read once from the gates' state:
 * the unanswered burst, the route's obligations, the topics the match ruled out anywhere in the
 * thread, the selected facts relevant to it, the match's details, the drafting rules, and the
 * analysis language (the copy language unless the user asked for another).
 */
export function copyBrief({ match, state, analysisLanguage }: PipelineContext, route: Route): CopyBrief {
  return {
    language: route.language,
    analysisLanguage: analysisLanguage ?? route.language,
    burst: (state.timeline?.answered ? [] : (state.timeline?.matchBurst ?? [])).map(messageView),
    obligations: route.obligations,
    boundaries: route.boundaries.map(boundaryView),
    facts: relevantFacts(state).map(factView),
    matchDetails: match.details,
    draftingRules: DRAFTING_RULES,
  };
}
