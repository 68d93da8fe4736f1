import { InputError } from '../errors.js';
import type { IndexedCandidateVerdict } from './candidate-verdict.js';
import { compileContract, isCompiledContract, type CompiledContract } from './compile-contract.js';
import type { ReplyContract } from './reply-contract.js';
import type { ReplyEffect } from './reply-effect.js';

/**
 * Governs one reply: verifies every candidate (W2: nothing unverified is shown), selects the
 * first that passes in the order given (`accepted`), and otherwise — also when no candidate was
 * given — the contract's approved fallback (`fallback`). Every candidate's verdict is on the
 * effect, including those after the selected one, so the evidence is complete.
 *
 * Pass a {@link CompiledContract} when governing many replies under one contract; a plain
 * contract is compiled (and checked, throwing `InputError` if refused) on each call. Candidates
 * that are not strings (from untyped callers) are refused with `InputError` too.
 */
export function governReply(contract: ReplyContract | CompiledContract, candidates: readonly string[]): ReplyEffect {
  const compiled = isCompiledContract(contract) ? contract : compileContract(contract);
  if (!Array.isArray(candidates) || candidates.some((c) => typeof c !== 'string')) {
    // Only reachable from untyped callers; refused like any other caller mistake (W9).
    throw new InputError(
      'candidates',
      Array.isArray(candidates)
        ? (candidates as readonly unknown[]).flatMap((c, i) =>
            typeof c === 'string' ? [] : [{ path: `$[${i}]`, message: `a candidate must be a string, not ${typeof c}` }],
          )
        : [{ path: '$', message: 'candidates must be an array of strings' }],
    );
  }
  const verdicts: IndexedCandidateVerdict[] = candidates.map((candidate, index) => ({
    index,
    ...compiled.verify(candidate),
  }));
  const selected = verdicts.find((v) => v.passed);
  const c = compiled.contract;
  return {
    contractVersion: c.contractVersion,
    interactionKind: c.interactionKind,
    authorityStatus: c.authorityStatus,
    entityRoles: c.entityRoles,
    status: selected ? 'accepted' : 'fallback',
    selectedCandidate: selected ? selected.index : null,
    body: selected ? candidates[selected.index]! : c.fallbackBody,
    candidates: verdicts,
  };
}
