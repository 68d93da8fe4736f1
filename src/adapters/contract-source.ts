import { compileContract, isCompiledContract, type CompiledContract } from '../contract/compile-contract.js';
import { readContract } from '../contract/read-contract.js';
import type { ReplyContract, ReplyContractJson } from '../contract/reply-contract.js';
import { InputError } from '../errors.js';

/**
 * A contract as an adapter accepts it: compiled (`compileContract`), read (`readContract`'s
 * camelCase value), or its snake_case wire JSON as a host loads it from a file or a request,
 * which is read as strictly as everywhere else (unknown keys, an unsound fallback: refused).
 */
export type ContractSource = CompiledContract | ReplyContract | ReplyContractJson;

/**
 * Compiled contracts by the object they came from. Adapters run once per model call, so a
 * contract given once (in options, or the same object per call) is read and compiled once;
 * a contract is a value, so an object must not be changed after its first use.
 */
const compiledBySource = new WeakMap<object, CompiledContract>();

/**
 * Turns any {@link ContractSource} into a compiled contract, reading wire JSON strictly.
 * `subject` names where the contract came from in a refusal (e.g.
 * `providerOptions.warrant.contract`), so the error says both where and what: `$.forbiden_terms`.
 *
 * @throws InputError when the contract is refused; nothing is cached then.
 */
export function compileContractSource(source: unknown, subject: string): CompiledContract {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw new InputError(subject, [{ path: '$', message: 'a reply contract must be an object' }]);
  }
  const cached = compiledBySource.get(source);
  if (cached) return cached;
  let compiled: CompiledContract;
  try {
    const value = source as ContractSource;
    if (isCompiledContract(value as CompiledContract | ReplyContract)) compiled = value as CompiledContract;
    else if ('contractVersion' in value) compiled = compileContract(value);
    else compiled = compileContract(readContract(value).contract);
  } catch (error) {
    if (InputError.isInstance(error)) throw new InputError(`${subject} (${error.subject})`, error.issues);
    throw error;
  }
  compiledBySource.set(source, compiled);
  return compiled;
}
