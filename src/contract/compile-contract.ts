import type { CandidateVerdict } from './candidate-verdict.js';
import { createVerifier, INCLUDES_MAX_TERMS, type MatchStrategy } from './contract-verifier.js';
import { readContract, verifierOf } from './read-contract.js';
import { contractTerms, contractToJson, matchModeOf, TERM_LISTS, type MatchMode, type ReplyContract } from './reply-contract.js';
import { AUTOMATON_TABLE_BYTES } from './term-matcher.js';

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

/**
 * Bytes of the fixed-size tables the compiled form of `contract` holds or may build, for caches
 * that bound their memory: each automaton has a class table and a set of first pairs
 * ({@link AUTOMATON_TABLE_BYTES}, 192 KiB) however few its terms. One automaton is built per
 * match mode whose lists hold more than {@link INCLUDES_MAX_TERMS} distinct terms; the exact
 * lists' has a second, over their NFC forms, built when a candidate first needs NFC hints. An
 * upper bound: terms that fold alike are searched once. 0 for a contract the includes loop serves.
 */
export function matcherTableBytes(contract: ReplyContract): number {
  const termsByMode = new Map<MatchMode, Set<string>>();
  for (const list of TERM_LISTS) {
    const mode = matchModeOf(contract, list);
    let terms = termsByMode.get(mode);
    if (terms === undefined) termsByMode.set(mode, (terms = new Set()));
    for (const term of contractTerms(contract, list)) terms.add(term);
  }
  let automata = 0;
  for (const [mode, terms] of termsByMode) if (terms.size > INCLUDES_MAX_TERMS) automata += mode === 'exact' ? 2 : 1;
  return automata * AUTOMATON_TABLE_BYTES;
}

/**
 * Bytes the compiled form of `contract` (the one `compileContract(contract)` returns) holds now
 * beyond {@link matcherTableBytes} and what grows with the contract's size: its JavaScript
 * scan's scratch, and the memory of each automaton whose scan moved to WebAssembly (about
 * `WASM_SCAN_BYTES`, 106 KiB, each at first), all of which grow with the longest candidate
 * verified so far and never shrink. 0 for a contract the includes loop serves, and for one
 * `readContract` did not read (its compiled form is a copy). Caches that bound their memory
 * count it after each verification.
 */
export function matcherScanBytes(contract: ReplyContract): number {
  return verifierOf(contract)?.scanBytes() ?? 0;
}
