import { InputError, parseInput } from '../errors.js';
import { acceptContractJson } from './accept-contract-json.js';
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
 * Where a contract read by {@link readContract} keeps the verifier built while reading it, so
 * compiling it does not build the matcher twice: a non-enumerable property of the frozen
 * contract, which goes when the contract does. Not a `WeakMap`: every entry of one is an
 * ephemeron the garbage collector traces apart, and with a fresh contract per turn the
 * collections came to cost several times the reading itself.
 */
const VERIFIER = Symbol('warrant.contract.verifier');

/** The verifier {@link readContract} built for `contract`, or `undefined` for a contract it did not read. */
export function verifierOf(contract: ReplyContract): ContractVerifier | undefined {
  return (contract as { [VERIFIER]?: ContractVerifier })[VERIFIER];
}

/**
 * Reads a Reply Contract v0 from its wire form (parsed JSON). Refuses, with an
 * {@link InputError} naming each JSON path and reason: a missing or mistyped field, an unknown
 * key anywhere, another `contract_version`, an empty term, a string that is not well-formed
 * Unicode, a fallback that violates its own contract (W2), a forbidden term inside a required
 * one. Duplicate terms come back as warnings.
 */
export function readContract(input: unknown): ReadContractResult {
  // The lists are frozen at once; the contract itself once its verifier is attached to it.
  const json = acceptContractJson(input) ?? parseInput(replyContractSchema, input, CONTRACT_SUBJECT);
  const contract = freezeLists(contractFromJson(json));
  const verifier = createVerifier(contract);
  const { issues, warnings } = lintContract(contract, verifier);
  if (issues.length > 0) throw new InputError(CONTRACT_SUBJECT, issues);
  Object.defineProperty(contract, VERIFIER, { value: verifier });
  return { contract: Object.freeze(contract), warnings };
}

function freezeLists(contract: ReplyContract): ReplyContract {
  Object.freeze(contract.entityRoles);
  Object.freeze(contract.mustInclude);
  Object.freeze(contract.mustAsk);
  Object.freeze(contract.canonicalTerms);
  Object.freeze(contract.forbiddenTerms);
  return contract;
}
