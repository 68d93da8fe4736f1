import type { z } from 'zod';
import { wireRecord, wireString, wireTextProblem } from '../wire-string.js';
import { onDemand } from '../zod-on-demand.js';

/**
 * How a term list is compared with a candidate. `exact`: case-sensitive substrings over UTF-16
 * code units, as Reply Contract v0 specifies. `folded` (v1 only): both sides folded first —
 * NFKC, full case folding, default-ignorable code points removed, whitespace runs as one space,
 * UTS #39 confusable skeletons — so a disguised term is still found (see `fold-text.ts`).
 * `loose` (v1 forbidden terms only): `folded`, then only the letters compared, through leet,
 * stretched, spaced, joined, masked, marked-up and styled spellings, added or stripped marks and
 * Traditional/Simplified Han (see `loose-fold.ts`). Each catches all the one before it catches.
 */
export type MatchMode = 'exact' | 'folded' | 'loose';

/**
 * The modes a required list may take: a required term must be seen as written, so `loose`
 * (which would accept `r3fund` for `refund`) is for forbidden terms only.
 */
export type RequiredMatchMode = Exclude<MatchMode, 'loose'>;

/** Every match mode, as `matching` names them: what a forbidden list may take. */
export const MATCH_MODES = ['exact', 'folded', 'loose'] as const satisfies readonly MatchMode[];

/** The match modes a required list may take. */
export const REQUIRED_MATCH_MODES = ['exact', 'folded'] as const satisfies readonly RequiredMatchMode[];

/** The match mode of each term list, by the library's list names. */
export interface ContractMatching {
  readonly mustInclude: RequiredMatchMode;
  readonly mustAsk: RequiredMatchMode;
  readonly canonicalTerms: RequiredMatchMode;
  readonly forbiddenTerms: MatchMode;
}

/** The contract versions this library reads. */
export const CONTRACT_VERSIONS = ['v0', 'v1'] as const;

/** A contract version: `v0` (every list exact) or `v1` (lists may be `folded`, forbidden terms `loose`). */
export type ContractVersion = (typeof CONTRACT_VERSIONS)[number];

// Shared and frozen: every verifier and lint of a v0 contract asks for them.
const V0_MATCHING: ContractMatching = Object.freeze({ mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: 'exact' });
const V1_MATCHING: ContractMatching = Object.freeze({ mustInclude: 'exact', mustAsk: 'exact', canonicalTerms: 'exact', forbiddenTerms: 'folded' });

/**
 * The modes a version gives lists its `matching` leaves out. v1 folds forbidden terms (a
 * forbidden term must be caught in any disguise) and keeps the required lists exact (the user
 * must see those words as written).
 */
export function defaultMatching(version: ContractVersion): ContractMatching {
  return version === 'v0' ? V0_MATCHING : V1_MATCHING;
}

/**
 * A Reply Contract (v0 or v1) as the library holds it (camelCase). The host authors one per
 * governed turn from fresh truth: what the reply must say, must ask, must call things, must
 * never say, and the approved fallback shown when no candidate obeys. Obtain one through
 * `readContract`, which refuses contracts that cannot be honoured.
 */
export interface ReplyContract {
  /** `"v0"` (exact matching, as the Reply Contract v0 specification says) or `"v1"` (per-list matching modes). */
  readonly contractVersion: ContractVersion;
  /**
   * v1: each list's match mode, every list present (the defaults filled in by `readContract`).
   * Absent: the version's defaults ({@link defaultMatching}). Always exact for v0.
   */
  readonly matching?: ContractMatching;
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
const EMPTY_TERM = 'a term must not be empty';

/**
 * A term list: an array of strings, each checked in one pass over the list rather than by a
 * schema per term, which took most of a verify request with a contract of thousands of terms
 * (issue 21; `verify-body` bench). It refuses what that schema refused, at the same paths, with
 * the same messages, in the same order (`term-list-schema.test.ts`): a term that is not a string
 * (zod's own issue, from the element schema), an empty term, a term the store cannot hold
 * ({@link wireTextProblem}). Duplicates are not refused; `lintContract` names them.
 */
const termList = onDemand((z) =>
  z.array(z.string({ error: missing }), { error: missing }).superRefine(checkTerms, {
    // Run after element type faults too (as each term's own schema did), but not on a non-array.
    when: (payload) => Array.isArray(payload.value),
  }),
);

function checkTerms(terms: unknown[], ctx: z.RefinementCtx<unknown[]>): void {
  const typeFaults = ctx.issues.length;
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i];
    // A term that is not a string is refused already, by the element schema.
    if (typeof term !== 'string') continue;
    const problem = term.length === 0 ? EMPTY_TERM : wireTextProblem(term);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [i], message: problem, input: term });
  }
  // One issue list in term order, as a schema per term gave it: the element schema's faults came
  // first, so merge them in by index (a stable sort; only on refusal of both kinds).
  if (typeFaults > 0 && ctx.issues.length > typeFaults) ctx.issues.sort((a, b) => Number(a.path?.[0]) - Number(b.path?.[0]));
}
const requiredMatchMode = onDemand((z) =>
  z.enum(REQUIRED_MATCH_MODES, {
    error: (issue) =>
      missing(issue) ??
      (issue.input === 'loose'
        ? '"loose" is for forbidden_terms only: a required term must be seen as written, so a required list is "exact" or "folded"'
        : 'a match mode is "exact" or "folded"'),
  }),
);
const forbiddenMatchMode = onDemand((z) =>
  z.enum(MATCH_MODES, {
    error: (issue) => missing(issue) ?? 'a match mode is "exact", "folded" or "loose"',
  }),
);

/** v1's `matching`: a mode per list; a list left out keeps the version's default. */
export const contractMatchingSchema = onDemand((z) =>
  z
    .strictObject({
      must_include: requiredMatchMode.optional(),
      must_ask: requiredMatchMode.optional(),
      canonical_terms: requiredMatchMode.optional(),
      forbidden_terms: forbiddenMatchMode.optional(),
    })
    .describe(
      'v1 only: how each list is matched, `exact` or `folded`; forbidden_terms may also be `loose`. Defaults: forbidden_terms folded, the others exact.',
    ),
);

/**
 * The wire form of a Reply Contract v0: snake_case JSON, field for field as the host sends it.
 * Strict: an unknown key anywhere is an error, so a misspelt `forbiden_terms` cannot silently
 * switch a guard off. The server builds its OpenAPI document from this schema.
 */
export const replyContractSchema = onDemand((z) =>
  z
    .strictObject({
      contract_version: z.enum(CONTRACT_VERSIONS, { error: (issue) => missing(issue) ?? 'contract_version must be "v0" or "v1"' }),
      interaction_kind: nonEmpty('interaction_kind'),
      entity_roles: wireRecord(wellFormed(), { error: missing }),
      authority_status: nonEmpty('authority_status'),
      fallback_body: nonEmpty('fallback_body'),
      must_include: termList,
      must_ask: termList,
      canonical_terms: termList,
      forbidden_terms: termList,
      matching: contractMatchingSchema.optional(),
    })
    .superRefine((contract, ctx) => {
      // v0 stays exactly as the Reply Contract v0 specification says it: `matching` is no field of v0.
      if (contract.contract_version === 'v0' && contract.matching !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['matching'], message: 'unknown key (matching is a field of contract_version "v1")' });
      }
    })
    .meta({
      id: 'ReplyContract',
      description: 'Reply Contract v0 or v1: host-declared language constraints on one reply. v1 adds `matching`.',
    }),
);

/** A Reply Contract in its snake_case wire form. */
export type ReplyContractJson = z.infer<typeof replyContractSchema>;

/** The wire form → the library's form. The one place contract field names change case. */
export function contractFromJson(json: ReplyContractJson): ReplyContract {
  return new Contract(json);
}

/**
 * The library's form of a contract, as {@link contractFromJson} makes it: the fields of
 * {@link ReplyContract} in its order (a v0 contract has no `matching`), and one private slot
 * where `readContract` keeps the verifier it built ({@link keepVerifier}), so compiling the
 * contract does not build it again. A private field, not a property: it is copied by no spread,
 * compared by no `toEqual`, serialized by no `JSON.stringify`, and costs nothing to freeze,
 * where defining a non-enumerable property on each contract (`Object.defineProperty`) cost
 * about a microsecond, a quarter of reading a small contract written for one turn.
 */
class Contract implements ReplyContract {
  declare readonly contractVersion: ContractVersion;
  declare readonly matching?: ContractMatching;
  declare readonly interactionKind: string;
  declare readonly entityRoles: Readonly<Record<string, string>>;
  declare readonly authorityStatus: string;
  declare readonly fallbackBody: string;
  declare readonly mustInclude: readonly string[];
  declare readonly mustAsk: readonly string[];
  declare readonly canonicalTerms: readonly string[];
  declare readonly forbiddenTerms: readonly string[];
  #verifier: object | undefined = undefined;

  constructor(json: ReplyContractJson) {
    // Assigned one by one, in the interface's order: `declare` fields are not defined before.
    const self = this as { -readonly [K in keyof ReplyContract]: ReplyContract[K] };
    self.contractVersion = json.contract_version;
    if (json.contract_version === 'v1') {
      const m = json.matching ?? {};
      self.matching = {
        mustInclude: m.must_include ?? V1_MATCHING.mustInclude,
        mustAsk: m.must_ask ?? V1_MATCHING.mustAsk,
        canonicalTerms: m.canonical_terms ?? V1_MATCHING.canonicalTerms,
        forbiddenTerms: m.forbidden_terms ?? V1_MATCHING.forbiddenTerms,
      };
    }
    self.interactionKind = json.interaction_kind;
    // Copied by Object.assign, not spread: V8 froze the spread's copy (readContract freezes it)
    // ten times slower, 2 µs of a 4 µs reading. The values are strings, so a "__proto__" key
    // (which the schema refuses anyway) could not set a prototype.
    self.entityRoles = Object.assign({}, json.entity_roles);
    self.authorityStatus = json.authority_status;
    self.fallbackBody = json.fallback_body;
    self.mustInclude = json.must_include.slice();
    self.mustAsk = json.must_ask.slice();
    self.canonicalTerms = json.canonical_terms.slice();
    self.forbiddenTerms = json.forbidden_terms.slice();
  }

  static keep(contract: ReplyContract, verifier: object): void {
    if (!(contract instanceof Contract) || contract.#verifier !== undefined)
      throw new Error('keepVerifier: a contract keeps one verifier, made when it was read');
    contract.#verifier = verifier;
  }

  static kept(contract: ReplyContract): object | undefined {
    return #verifier in contract ? contract.#verifier : undefined;
  }
}

/**
 * Keeps `verifier` in `contract` (made by {@link contractFromJson}), for `readContract` only:
 * once, before the contract is handed out, which the contract's private slot and this check make
 * the only way a verifier gets there. Typed `object` so this module need not know the verifier.
 */
export function keepVerifier(contract: ReplyContract, verifier: object): void {
  Contract.keep(contract, verifier);
}

/** The verifier {@link keepVerifier} kept in `contract`, or `undefined` (a contract not read, or a copy of one). */
export function keptVerifier(contract: ReplyContract): object | undefined {
  return Contract.kept(contract);
}

/** The library's form → the wire form, e.g. to store or send a contract. */
export function contractToJson(contract: ReplyContract): ReplyContractJson {
  const matching = contract.contractVersion === 'v1' ? contractMatching(contract) : undefined;
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
    ...(matching
      ? {
          matching: {
            must_include: matching.mustInclude,
            must_ask: matching.mustAsk,
            canonical_terms: matching.canonicalTerms,
            forbidden_terms: matching.forbiddenTerms,
          },
        }
      : {}),
  };
}

/** Every list's match mode: the contract's own for v1, else its version's defaults (all exact for v0). */
export function contractMatching(contract: ReplyContract): ContractMatching {
  if (contract.contractVersion === 'v0') return defaultMatching('v0');
  return contract.matching ?? defaultMatching(contract.contractVersion);
}

/** The match mode of one list, by its wire name. */
export function matchModeOf(contract: ReplyContract, list: TermListName): MatchMode {
  const m = contractMatching(contract);
  switch (list) {
    case 'must_include':
      return m.mustInclude;
    case 'must_ask':
      return m.mustAsk;
    case 'canonical_terms':
      return m.canonicalTerms;
    case 'forbidden_terms':
      return m.forbiddenTerms;
  }
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
