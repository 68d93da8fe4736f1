import { contentStems } from '../phrase-match.js';
import type { ProfileFact } from '../profile.js';
import type { Claim } from '../skill-schemas.js';
import { textSimilarity } from '../text-similarity.js';
import type { AuditFinding } from '../../evidence/audit-record.js';
import { defineAudit, type AuditContext } from './audit.js';

/**
 * A claim matches a fact's supported statement when they share most words: at least this Jaccard
 * index. "has held an air pistol" vs "held an air pistol once" scores 0.67; "has shooting-range
 * experience" scores 0 against it.
 */
export const SUPPORT_SIMILARITY = 0.5;
/** Share of an unsupported implication's content words that, present in copy, imply it. */
export const IMPLIED_SHARE = 2 / 3;

function stemsShare(needles: readonly string[], haystack: ReadonlySet<string>): number {
  return needles.length === 0 ? 0 : needles.filter((s) => haystack.has(s)).length / needles.length;
}

/** What a fact lets the claim say, or why not. */
function factFinding(claim: Claim, fact: ProfileFact | undefined, label: string): AuditFinding | null {
  if (!fact) return { code: 'source_not_found', detail: `${label}: no profile fact ${claim.source.id}` };
  if (!fact.verified) return { code: 'unverified_source', detail: `${label}: fact ${fact.id} is not verified` };
  if (!fact.disclosable) return { code: 'private_source', detail: `${label}: fact ${fact.id} is not disclosable` };
  if (fact.doesNotSupport.some((n) => textSimilarity(claim.claim, n) >= SUPPORT_SIMILARITY)) {
    return { code: 'beyond_source', detail: `${label}: fact ${fact.id} explicitly does not support it` };
  }
  if (!fact.supports.some((s) => textSimilarity(claim.claim, s) >= SUPPORT_SIMILARITY)) {
    return { code: 'beyond_source', detail: `${label}: not among what fact ${fact.id} supports` };
  }
  return null;
}

function claimFinding(claim: Claim, context: AuditContext): AuditFinding | null {
  const label = `${claim.premise ? 'premise' : 'claim'} "${claim.claim}"`;
  if (claim.source.kind === 'none') return { code: claim.premise ? 'unsourced_premise' : 'unsourced_claim', detail: label };
  if (claim.source.kind === 'profile_fact') {
    if (claim.about === 'match') return { code: 'wrong_source', detail: `${label}: a profile fact of the user cannot source a claim about the match` };
    return factFinding(
      claim,
      context.profile.facts.find((f) => f.id === claim.source.id),
      label,
    );
  }
  if (claim.source.kind === 'match_detail') {
    const key = claim.source.id;
    if (!Object.hasOwn(context.match.details, key)) return { code: 'source_not_found', detail: `${label}: no detail ${key} in this match` };
    if (claim.about !== 'match')
      return { code: 'wrong_source', detail: `${label}: the match's details say nothing about the ${claim.about === 'user' ? 'user' : 'two of you'}` };
    const value = context.match.details[key];
    if (value === null || stemsShare(contentStems(claim.claim), new Set(contentStems(`${key} ${String(value)}`))) === 0) {
      return { code: 'beyond_source', detail: `${label}: detail ${key} says nothing of it` };
    }
    return null;
  }
  const message = context.match.messages.find((m) => m.id === claim.source.id);
  if (!message) return { code: 'source_not_found', detail: `${label}: no message ${claim.source.id} in this match` };
  if ((claim.about === 'user' && message.author !== 'user') || (claim.about === 'match' && message.author !== 'match')) {
    return { code: 'wrong_source', detail: `${label}: message ${message.id} was written by the ${message.author}` };
  }
  const said = new Set(contentStems(message.text));
  if (stemsShare(contentStems(claim.claim), said) === 0) {
    return { code: 'beyond_source', detail: `${label}: message ${message.id} says nothing of it` };
  }
  return null;
}

/**
 * Factual-implication audit: every claim — including what a question presupposes — has a source:
 * a verified, disclosable profile fact that supports exactly it, or a message of this match by the
 * right author that mentions it. Plausibility is not evidence. Independently of the claims the
 * draft lists, copy that carries most of the words of an implication a fact explicitly does not
 * support (the air-pistol photo → "shooting range") fails.
 */
export const implicationAudit = defineAudit('implication', ({ draft }, context) => {
  const findings = draft.claims.flatMap((c) => claimFinding(c, context) ?? []);
  const textStems = new Set(contentStems(draft.text));
  for (const fact of context.profile.facts) {
    for (const notSupported of fact.doesNotSupport) {
      if (stemsShare(contentStems(notSupported), textStems) >= IMPLIED_SHARE) {
        findings.push({ code: 'implies_unsupported', detail: `copy implies "${notSupported}", which fact ${fact.id} does not support` });
      }
    }
  }
  return findings;
});
