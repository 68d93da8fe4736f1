import type { z } from 'zod';
import { onDemand } from '../zod-on-demand.js';
import type { IndexedCandidateVerdict } from './candidate-verdict.js';
import { DISGUISE_CLASSES } from './fold-text.js';
import { CONTRACT_VERSIONS, TERM_LISTS, type ContractVersion } from './reply-contract.js';

/**
 * The record of one governed reply: which candidate was shown (or that the fallback was), the
 * body itself, and every candidate's verdict. Carries the contract's evidence fields so the
 * record stands alone.
 */
export interface ReplyEffect {
  /** The contract's version, `"v0"` or `"v1"`. */
  readonly contractVersion: ContractVersion;
  /** The contract's `interaction_kind`. */
  readonly interactionKind: string;
  /** The contract's `authority_status`. */
  readonly authorityStatus: string;
  /** The contract's `entity_roles`. */
  readonly entityRoles: Readonly<Record<string, string>>;
  /** `accepted` when a candidate passed and is shown; `fallback` when the approved fallback is. */
  readonly status: 'accepted' | 'fallback';
  /** Index of the shown candidate, or `null` when the fallback is shown. */
  readonly selectedCandidate: number | null;
  /** The reply to show: the selected candidate, or the contract's fallback body. */
  readonly body: string;
  /** Every candidate's verdict, in the order the candidates were given. */
  readonly candidates: readonly IndexedCandidateVerdict[];
}

const termArray = onDemand((z) => z.array(z.string()));
const disguiseArray = onDemand((z) => z.array(z.enum(DISGUISE_CLASSES)));

/** One candidate's verdict on the wire. */
export const candidateVerdictJsonSchema = onDemand((z) =>
  z.strictObject({
    index: z.number().int().nonnegative(),
    passed: z.boolean(),
    missing_must_include: termArray,
    missing_must_ask: termArray,
    missing_canonical_terms: termArray,
    forbidden_terms_present: termArray,
    forbidden_matches: z.array(
      z.strictObject({
        term: z.string(),
        start: z.number().int().nonnegative().describe('UTF-16 offset, inclusive'),
        end: z.number().int().nonnegative().describe('UTF-16 offset, exclusive'),
        disguises: disguiseArray.optional().describe('v1 folded lists only: the disguises between the occurrence and the term'),
      }),
    ),
    normalization_hints: z.array(z.strictObject({ list: z.enum(TERM_LISTS), term: z.string() })),
    disguises_seen: disguiseArray.optional().describe('v1 only: every disguise seen on this candidate'),
  }),
);

/**
 * The wire form of a {@link ReplyEffect}: snake_case JSON with the field names of Reply
 * Contract v0. The server builds its OpenAPI document from this schema; fixtures record it.
 */
export const replyEffectJsonSchema = onDemand((z) =>
  z
    .strictObject({
      contract_version: z.enum(CONTRACT_VERSIONS),
      interaction_kind: z.string(),
      authority_status: z.string(),
      entity_roles: z.record(z.string(), z.string()),
      status: z.enum(['accepted', 'fallback']),
      selected_candidate: z.number().int().nonnegative().nullable(),
      body: z.string(),
      candidates: z.array(candidateVerdictJsonSchema),
    })
    .meta({ id: 'ReplyEffect', description: 'The record of one governed reply under a Reply Contract (v0 or v1).' }),
);

/** A Reply Effect in its snake_case wire form. */
export type ReplyEffectJson = z.infer<typeof replyEffectJsonSchema>;

/** The library's effect → its wire form. The one place effect field names change case. */
export function effectToJson(effect: ReplyEffect): ReplyEffectJson {
  return {
    contract_version: effect.contractVersion,
    interaction_kind: effect.interactionKind,
    authority_status: effect.authorityStatus,
    entity_roles: { ...effect.entityRoles },
    status: effect.status,
    selected_candidate: effect.selectedCandidate,
    body: effect.body,
    candidates: effect.candidates.map((c) => ({
      index: c.index,
      passed: c.passed,
      missing_must_include: [...c.missingMustInclude],
      missing_must_ask: [...c.missingMustAsk],
      missing_canonical_terms: [...c.missingCanonicalTerms],
      forbidden_terms_present: [...c.forbiddenTermsPresent],
      forbidden_matches: c.forbiddenMatches.map((m) => ({
        term: m.term,
        start: m.start,
        end: m.end,
        ...(m.disguises ? { disguises: [...m.disguises] } : {}),
      })),
      normalization_hints: c.normalizationHints.map((h) => ({ list: h.list, term: h.term })),
      ...(c.disguisesSeen ? { disguises_seen: [...c.disguisesSeen] } : {}),
    })),
  };
}

/** The wire form → the library's effect, e.g. for an effect read back from the store. */
export function effectFromJson(json: ReplyEffectJson): ReplyEffect {
  return {
    contractVersion: json.contract_version,
    interactionKind: json.interaction_kind,
    authorityStatus: json.authority_status,
    entityRoles: { ...json.entity_roles },
    status: json.status,
    selectedCandidate: json.selected_candidate,
    body: json.body,
    candidates: json.candidates.map((c) => ({
      index: c.index,
      passed: c.passed,
      missingMustInclude: [...c.missing_must_include],
      missingMustAsk: [...c.missing_must_ask],
      missingCanonicalTerms: [...c.missing_canonical_terms],
      forbiddenTermsPresent: [...c.forbidden_terms_present],
      forbiddenMatches: c.forbidden_matches.map((m) => ({
        term: m.term,
        start: m.start,
        end: m.end,
        ...(m.disguises ? { disguises: [...m.disguises] } : {}),
      })),
      normalizationHints: c.normalization_hints.map((h) => ({ list: h.list, term: h.term })),
      ...(c.disguises_seen ? { disguisesSeen: [...c.disguises_seen] } : {}),
    })),
  };
}
