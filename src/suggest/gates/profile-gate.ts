import { defineGate } from '../gate.js';

/**
 * Profile gate: only verified and disclosable facts may support anything in copy. Of those, the
 * ones whose topics the conversation touches are marked relevant. Each fact carries what it does
 * and does not support, for the factual-implication audit.
 */
export const profileGate = defineGate('profile', ({ profile, state }) => {
  const excluded: { id: string; reason: string }[] = [];
  const selected = profile.facts.filter((f) => {
    if (!f.verified) excluded.push({ id: f.id, reason: 'unverified' });
    else if (!f.disclosable) excluded.push({ id: f.id, reason: 'not_disclosable' });
    return f.verified && f.disclosable;
  });
  const reading = state.timeline?.reading;
  const topics = new Set([
    ...(reading?.topics ?? []),
    ...(reading?.obligations.flatMap((o) => (o.needsUserFact ? [o.needsUserFact.toLowerCase()] : [])) ?? []),
  ]);
  const relevant = topics.size === 0 ? selected.map((f) => f.id) : selected.filter((f) => f.topics.some((t) => topics.has(t))).map((f) => f.id);
  state.profile = { selected, relevant, excluded };
  return {
    decision: 'pass',
    reason: selected.length > 0 ? 'facts_selected' : 'no_disclosable_facts',
    detail: { selected: selected.map((f) => f.id), relevant, excluded },
  };
});
