import { isWireText, wireKeyProblem } from '../wire-string.js';
import { CONTRACT_VERSIONS, MATCH_MODES, REQUIRED_MATCH_MODES, type ReplyContractJson, TERM_LISTS } from './reply-contract.js';

/** The fields of the wire form this fast path checks; any other key sends a contract to the schema. */
export const ACCEPTED_CONTRACT_KEYS = [
  'contract_version',
  'interaction_kind',
  'entity_roles',
  'authority_status',
  'fallback_body',
  'must_include',
  'must_ask',
  'canonical_terms',
  'forbidden_terms',
  'matching',
] as const;

const TERM_LIST_KEYS = ['must_include', 'must_ask', 'canonical_terms', 'forbidden_terms'] as const;
const NON_EMPTY_KEYS = ['interaction_kind', 'authority_status', 'fallback_body'] as const;
const KNOWN_KEYS: ReadonlySet<string> = new Set(ACCEPTED_CONTRACT_KEYS);
const VERSIONS: ReadonlySet<unknown> = new Set(CONTRACT_VERSIONS);

/**
 * Each key of `matching` and the modes it takes: the lists and mode lists `contractMatchingSchema`
 * is built from (not read from the schema, which would load zod when this module is imported;
 * the test holds the two equal).
 */
export const MATCHING_MODES: ReadonlyMap<string, ReadonlySet<unknown>> = new Map(
  TERM_LISTS.map((list) => [list, new Set<unknown>(list === 'forbidden_terms' ? MATCH_MODES : REQUIRED_MATCH_MODES)]),
);

/**
 * The wire form of a contract, when `input` is one the schema (`replyContractSchema`, with the
 * `__proto__` check `parseInput` adds) certainly accepts as it is; `undefined` for anything else,
 * which then goes through the schema for its verdict and its errors. A fast path, not a second
 * judge: it accepts only plain JSON objects and arrays whose every field is as the schema wants
 * it, and a property test holds that whatever it accepts, the schema accepts with an equal
 * result. Why it exists: the schema took about 2.5 µs of a fresh small contract's reading, where
 * verifying a reply takes 0.4 µs, and the specification has hosts write a contract per turn.
 */
export function acceptContractJson(input: unknown): ReplyContractJson | undefined {
  if (!isPlainObject(input)) return undefined;
  for (const key in input) if (!KNOWN_KEYS.has(key)) return undefined;
  const json = input as Record<string, unknown>;
  if (!VERSIONS.has(json.contract_version)) return undefined;
  for (const key of NON_EMPTY_KEYS) {
    const text = json[key];
    if (typeof text !== 'string' || text.length === 0 || !isWireText(text)) return undefined;
  }
  for (const key of TERM_LIST_KEYS) if (!isTermList(json[key])) return undefined;
  const roles = json.entity_roles;
  if (!isPlainObject(roles)) return undefined;
  for (const key in roles) {
    const value = roles[key];
    if (wireKeyProblem(key) !== undefined || typeof value !== 'string' || !isWireText(value)) return undefined;
  }
  // v0 has no `matching` (the schema refuses it there, with its own message).
  if ('matching' in json && (json.contract_version === 'v0' || !isMatching(json.matching))) return undefined;
  return input as ReplyContractJson;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function isTermList(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const term: unknown = value[i];
    if (typeof term !== 'string' || term.length === 0 || !isWireText(term)) return false;
  }
  return true;
}

function isMatching(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    const modes = MATCHING_MODES.get(key);
    if (modes === undefined || !modes.has(value[key])) return false;
  }
  return true;
}
