import type { CandidateVerdict } from './candidate-verdict.js';
import { createVerifier, type MatchStrategy } from './contract-verifier.js';
import { readContract, verifierOf } from './read-contract.js';
import { contractToJson, type ReplyContract } from './reply-contract.js';

/**
 * A contract made ready to verify many candidates: its terms deduplicated, its matcher built.
 * Compile once per contract and reuse it; `governReply` accepts it in place of the contract.
 */
export interface CompiledContract {
  /** Brand that tells a compiled contract from a plain one, even across package copies. */
  readonly kind: 'compiled_reply_contract';
  /** The contract it was compiled from (frozen). */
  readonly contract: ReplyContract;
  /** The matching strategy chosen: `includes` for small contracts, `automaton` for large. */
  readonly strategy: 'includes' | 'automaton';
  /** Verifies one candidate: the four lists, forbidden offsets and NFC hints. */
  verify(candidate: string): CandidateVerdict;
}

/** Options of {@link compileContract}. */
export interface CompileOptions {
  /**
   * How to search candidates. Default `auto`: chosen by the number of distinct terms, because
   * the `includes` loop wins on small contracts and the automaton on large ones. Forcing one
   * is for tests and benchmarks; the verdicts are identical either way.
   */
  readonly strategy?: MatchStrategy;
}

/**
 * Compiles `contract` for repeated verification. A contract that did not come from
 * `readContract` is checked here the same way (W2: its fallback must obey it), so a hand-built
 * contract cannot slip an unverified fallback through; a refused one throws `InputError`.
 */
export function compileContract(contract: ReplyContract, { strategy = 'auto' }: CompileOptions = {}): CompiledContract {
  let sound = contract;
  let verifier = verifierOf(contract);
  if (!verifier) {
    // Not read by readContract (or a copy of one): check it the same way, and keep a frozen copy.
    sound = readContract(contractToJson(contract)).contract;
    verifier = verifierOf(sound)!;
  }
  if (strategy !== 'auto' && strategy !== verifier.strategy) verifier = createVerifier(sound, strategy);
  return { kind: 'compiled_reply_contract', contract: sound, strategy: verifier.strategy, verify: verifier.verify };
}

/** True when `value` is a {@link CompiledContract} rather than a plain contract. */
export function isCompiledContract(value: ReplyContract | CompiledContract): value is CompiledContract {
  return (value as CompiledContract).kind === 'compiled_reply_contract';
}
