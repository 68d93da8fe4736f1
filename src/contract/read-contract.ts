import { InputError, parseInput } from '../errors.js';
import { acceptContractJson } from './accept-contract-json.js';
import { createVerifier, type ContractVerifier } from './contract-verifier.js';
import { lintContract, type ContractWarning } from './lint-contract.js';
import { contractFromJson, keepVerifier, keptVerifier, replyContractSchema, type ReplyContract } from './reply-contract.js';

/** What {@link readContract} returns: a sound contract and anything worth fixing in it. */
export interface ReadContractResult {
  /** The contract, camelCase and frozen (the library treats contracts as immutable values). */
  readonly contract: ReplyContract;
  /** Problems that do not refuse the contract, such as duplicate terms. */
  readonly warnings: ContractWarning[];
}

/** The subject every refused contract's error names. */
export const CONTRACT_SUBJECT = 'reply contract';

/**
 * The verifier {@link readContract} built for `contract`, or `undefined` for a contract it did
 * not read (or a copy of one). Kept in the contract's private slot (`keepVerifier`): not a
 * `WeakMap`, whose every entry is an ephemeron the garbage collector traces apart (with a fresh
 * contract per turn the collections came to cost several times the reading itself), nor a
 * non-enumerable property, which cost a quarter of a small reading to define.
 */
export function verifierOf(contract: ReplyContract): ContractVerifier | undefined {
  return keptVerifier(contract) as ContractVerifier | undefined;
}

/**
 * Reads a Reply Contract v0 from its wire form (parsed JSON). Refuses, with an
 * {@link InputError} naming each JSON path and reason: a missing or mistyped field, an unknown
 * key anywhere, another `contract_version`, an empty term, a string that is not well-formed
 * Unicode, a fallback that violates its own contract (W2), a forbidden term inside a required
 * one. Duplicate terms come back as warnings.
 */
export function readContract(input: unknown): ReadContractResult {
  const json = acceptContractJson(input) ?? parseInput(replyContractSchema, input, CONTRACT_SUBJECT);
  const contract = frozen(contractFromJson(json));
  const verifier = createVerifier(contract);
  const { issues, warnings } = lintContract(contract, verifier);
  if (issues.length > 0) throw new InputError(CONTRACT_SUBJECT, issues);
  keepVerifier(contract, verifier);
  return { contract, warnings };
}

/** `contract` and its lists frozen (its private verifier slot stays writable, for `keepVerifier`). */
function frozen(contract: ReplyContract): ReplyContract {
  Object.freeze(contract.entityRoles);
  Object.freeze(contract.mustInclude);
  Object.freeze(contract.mustAsk);
  Object.freeze(contract.canonicalTerms);
  Object.freeze(contract.forbiddenTerms);
  return Object.freeze(contract);
}
