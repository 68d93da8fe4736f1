import { InputError, parseInput } from '../errors.js';
import { createVerifier, type ContractVerifier } from './contract-verifier.js';
import { lintContract, type ContractWarning } from './lint-contract.js';
import { contractFromJson, replyContractSchema, type ReplyContract } from './reply-contract.js';

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
 * Verifiers built while reading, kept so compiling a contract just read does not build its
 * matcher twice. Keyed by the frozen contract object, so entries go when the contract does.
 */
export const verifiersByContract = new WeakMap<ReplyContract, ContractVerifier>();

/**
 * Reads a Reply Contract v0 from its wire form (parsed JSON). Refuses, with an
 * {@link InputError} naming each JSON path and reason: a missing or mistyped field, an unknown
 * key anywhere, another `contract_version`, an empty term, a string that is not well-formed
 * Unicode, a fallback that violates its own contract (W2), a forbidden term inside a required
 * one. Duplicate terms come back as warnings.
 */
export function readContract(input: unknown): ReadContractResult {
  const contract = freezeContract(contractFromJson(parseInput(replyContractSchema, input, CONTRACT_SUBJECT)));
  const verifier = createVerifier(contract);
  const { issues, warnings } = lintContract(contract, verifier);
  if (issues.length > 0) throw new InputError(CONTRACT_SUBJECT, issues);
  verifiersByContract.set(contract, verifier);
  return { contract, warnings };
}

function freezeContract(contract: ReplyContract): ReplyContract {
  Object.freeze(contract.entityRoles);
  Object.freeze(contract.mustInclude);
  Object.freeze(contract.mustAsk);
  Object.freeze(contract.canonicalTerms);
  Object.freeze(contract.forbiddenTerms);
  return Object.freeze(contract);
}
