import type { z } from 'zod';
import { onDemand } from '../zod-on-demand.js';
import { DISGUISE_CLASSES } from './fold-text.js';
import { CONTRACT_VERSIONS } from './reply-contract.js';
import type { ReplyEffect } from './reply-effect.js';

/**
 * The runtime trace of one governed reply, as Reply Contract v0 records it: the contract's
 * version, kind and authority, the status, and why candidates were rejected. snake_case JSON.
 * v1 adds `disguises_seen`: which disguises the rejected candidates' forbidden terms wore.
 */
export const replyTraceJsonSchema = onDemand((z) =>
  z
    .strictObject({
      contract_version: z.enum(CONTRACT_VERSIONS),
      interaction_kind: z.string(),
      authority_status: z.string(),
      status: z.enum(['accepted', 'fallback']),
      selected_candidate: z.number().int().nonnegative().nullable(),
      missing_must_include: z.array(z.string()),
      missing_must_ask: z.array(z.string()),
      missing_canonical_terms: z.array(z.string()),
      forbidden_terms_present: z.array(z.string()),
      disguises_seen: z.array(z.enum(DISGUISE_CLASSES)).optional().describe('v1 only: the disguises seen on the rejected candidates'),
    })
    .meta({ id: 'ReplyTrace', description: 'Why a governed reply was accepted or fell back.' }),
);

/** A reply trace in its snake_case wire form. */
export type ReplyTraceJson = z.infer<typeof replyTraceJsonSchema>;

/**
 * Derives the trace from an effect. The violation lists gather what the rejected candidates
 * before the selection lacked or contained (every candidate when the fallback was shown), each
 * term once, in the order first met — for a single candidate, exactly its lists in the
 * contract's order. An accepted first candidate leaves them empty.
 */
export function traceOf(effect: ReplyEffect): ReplyTraceJson {
  const rejected = effect.candidates.filter((c) => !c.passed && (effect.selectedCandidate === null || c.index < effect.selectedCandidate));
  const gather = (pick: (c: (typeof rejected)[number]) => readonly string[]) => [...new Set(rejected.flatMap(pick))];
  return {
    contract_version: effect.contractVersion,
    interaction_kind: effect.interactionKind,
    authority_status: effect.authorityStatus,
    status: effect.status,
    selected_candidate: effect.selectedCandidate,
    missing_must_include: gather((c) => c.missingMustInclude),
    missing_must_ask: gather((c) => c.missingMustAsk),
    missing_canonical_terms: gather((c) => c.missingCanonicalTerms),
    forbidden_terms_present: gather((c) => c.forbiddenTermsPresent),
    ...(effect.contractVersion === 'v1' ? { disguises_seen: DISGUISE_CLASSES.filter((d) => rejected.some((c) => c.disguisesSeen?.includes(d))) } : {}),
  };
}
