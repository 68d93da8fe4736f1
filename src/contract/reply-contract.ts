import { z } from 'zod';
import { wireRecord, wireString } from '../wire-string.js';

/**
 * A Reply Contract v0 as the library holds it (camelCase). The host authors one per governed
 * turn from fresh truth: what the reply must say, must ask, must call things, must never say,
 * and the approved fallback shown when no candidate obeys. Obtain one through `readContract`,
 * which refuses contracts that cannot be honoured.
 */
export interface ReplyContract {
  /** Always `"v0"`: the only version this verifier understands. */
  readonly contractVersion: 'v0';
  /** What the turn means, e.g. `seller_home_valuation`. Evidence only; not interpreted. */
  readonly interactionKind: string;
  /** Who or what each party is in this turn. Evidence only; not interpreted. */
  readonly entityRoles: Readonly<Record<string, string>>;
  /** Who may decide, e.g. `awaiting_human_confirmation`. Evidence only; not interpreted. */
  readonly authorityStatus: string;
  /** The host-approved reply shown when no candidate passes. It satisfies its own contract. */
  readonly fallbackBody: string;
  /** Exact substrings every accepted reply contains. */
  readonly mustInclude: readonly string[];
  /** Exact substrings naming what the reply must ask for. */
  readonly mustAsk: readonly string[];
  /** The host's own words for things, which the reply must use verbatim. */
  readonly canonicalTerms: readonly string[];
  /** Exact substrings no accepted reply may contain. */
  readonly forbiddenTerms: readonly string[];
}

/** The four term lists of a contract, by their wire names, in the order effects report them. */
export const TERM_LISTS = ['must_include', 'must_ask', 'canonical_terms', 'forbidden_terms'] as const;

/** The wire name of one of a contract's term lists. */
export type TermListName = (typeof TERM_LISTS)[number];

/** True when `text` has no lone surrogate (every UTF-16 surrogate is half of a pair). */
export function isWellFormed(text: string): boolean {
  return !/\p{Surrogate}/u.test(text);
}

/** Says "required" for a missing field instead of zod's "expected string, received undefined". */
const missing = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : undefined);
// Every string refuses U+0000 and lone surrogates, naming its path (see wireString).
const wellFormed = () => wireString({ error: missing });
const nonEmpty = (what: string) => wellFormed().refine((s) => s.length > 0, { error: `${what} must not be empty` });
const termList = z.array(nonEmpty('a term'), { error: missing });

/**
 * The wire form of a Reply Contract v0: snake_case JSON, field for field as the host sends it.
 * Strict: an unknown key anywhere is an error, so a misspelt `forbiden_terms` cannot silently
 * switch a guard off. The server builds its OpenAPI document from this schema.
 */
export const replyContractSchema = z
  .strictObject({
    contract_version: z.literal('v0', { error: (issue) => missing(issue) ?? 'contract_version must be "v0"' }),
    interaction_kind: nonEmpty('interaction_kind'),
    entity_roles: wireRecord(wellFormed(), { error: missing }),
    authority_status: nonEmpty('authority_status'),
    fallback_body: nonEmpty('fallback_body'),
    must_include: termList,
    must_ask: termList,
    canonical_terms: termList,
    forbidden_terms: termList,
  })
  .meta({ id: 'ReplyContract', description: 'Reply Contract v0: host-declared language constraints on one reply.' });

/** A Reply Contract v0 in its snake_case wire form. */
export type ReplyContractJson = z.infer<typeof replyContractSchema>;

/** The wire form → the library's form. The one place contract field names change case. */
export function contractFromJson(json: ReplyContractJson): ReplyContract {
  return {
    contractVersion: json.contract_version,
    interactionKind: json.interaction_kind,
    entityRoles: { ...json.entity_roles },
    authorityStatus: json.authority_status,
    fallbackBody: json.fallback_body,
    mustInclude: [...json.must_include],
    mustAsk: [...json.must_ask],
    canonicalTerms: [...json.canonical_terms],
    forbiddenTerms: [...json.forbidden_terms],
  };
}

/** The library's form → the wire form, e.g. to store or send a contract. */
export function contractToJson(contract: ReplyContract): ReplyContractJson {
  return {
    contract_version: contract.contractVersion,
    interaction_kind: contract.interactionKind,
    entity_roles: { ...contract.entityRoles },
    authority_status: contract.authorityStatus,
    fallback_body: contract.fallbackBody,
    must_include: [...contract.mustInclude],
    must_ask: [...contract.mustAsk],
    canonical_terms: [...contract.canonicalTerms],
    forbidden_terms: [...contract.forbiddenTerms],
  };
}

/** A contract's term list by its wire name. */
export function contractTerms(contract: ReplyContract, list: TermListName): readonly string[] {
  switch (list) {
    case 'must_include':
      return contract.mustInclude;
    case 'must_ask':
      return contract.mustAsk;
    case 'canonical_terms':
      return contract.canonicalTerms;
    case 'forbidden_terms':
      return contract.forbiddenTerms;
  }
}
