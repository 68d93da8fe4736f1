import { describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { compileContract, isCompiledContract } from './compile-contract.js';
import { INCLUDES_MAX_TERMS } from './contract-verifier.js';
import { readContract } from './read-contract.js';
import type { ReplyContract } from './reply-contract.js';
import { automotiveContractJson, UNSAFE_AUTOMOTIVE_CANDIDATE } from './testing-contracts.js';

describe('compileContract', () => {
  it('keeps a contract that readContract read as it is, and reuses the verifier built when it was read', () => {
    const { contract } = readContract(automotiveContractJson());
    const first = compileContract(contract);
    const second = compileContract(contract);
    expect(first.contract).toBe(contract);
    // Compiling the same contract again builds nothing: the verifier read with it is shared.
    expect(second.verify).toBe(first.verify);
    expect(first.strategy).toBe('includes');
  });

  it('reuses that verifier when the strategy asked for is the one already chosen', () => {
    const { contract } = readContract(automotiveContractJson());
    expect(compileContract(contract, { strategy: 'includes' }).verify).toBe(compileContract(contract).verify);
  });

  it('builds a verifier of its own for the other strategy, with the same verdicts', () => {
    const { contract } = readContract(automotiveContractJson());
    const automaton = compileContract(contract, { strategy: 'automaton' });
    expect(automaton.strategy).toBe('automaton');
    expect(automaton.verify).not.toBe(compileContract(contract).verify);
    expect(automaton.verify(UNSAFE_AUTOMOTIVE_CANDIDATE)).toEqual(compileContract(contract).verify(UNSAFE_AUTOMOTIVE_CANDIDATE));
  });

  it('checks a contract readContract did not read, and verifies against a frozen copy of it', () => {
    const handBuilt = { ...readContract(automotiveContractJson()).contract, forbiddenTerms: ['看車'] } as ReplyContract;
    const compiled = compileContract(handBuilt);
    expect(compiled.contract).not.toBe(handBuilt);
    expect(compiled.contract.forbiddenTerms).toEqual(['看車']);
    expect(Object.isFrozen(compiled.contract)).toBe(true);
    expect(compiled.verify(UNSAFE_AUTOMOTIVE_CANDIDATE).forbiddenTermsPresent).toEqual(['看車']);
  });

  it('refuses a hand-built contract whose fallback breaks it (W2), naming the path', () => {
    const handBuilt = { ...readContract(automotiveContractJson()).contract, forbiddenTerms: ['真人顧問'] } as ReplyContract;
    let error: unknown;
    try {
      compileContract(handBuilt);
    } catch (e) {
      error = e;
    }
    expect(InputError.isInstance(error)).toBe(true);
    expect(String((error as Error).message)).toContain('fallback_body');
  });

  it('tells a compiled contract from a plain one', () => {
    const { contract } = readContract(automotiveContractJson());
    expect(isCompiledContract(compileContract(contract))).toBe(true);
    expect(isCompiledContract(contract)).toBe(false);
  });

  it(`chooses the includes loop up to ${INCLUDES_MAX_TERMS} distinct terms and the automaton above`, () => {
    const withDistinctTerms = (count: number) => {
      const base = automotiveContractJson();
      const own = new Set([...base.must_include, ...base.must_ask, ...base.canonical_terms, ...base.forbidden_terms]).size;
      const extra = Array.from({ length: count - own }, (_, i) => `禁語${i}號`);
      return compileContract(readContract({ ...base, forbidden_terms: [...base.forbidden_terms, ...extra] }).contract);
    };
    expect(withDistinctTerms(INCLUDES_MAX_TERMS).strategy).toBe('includes');
    expect(withDistinctTerms(INCLUDES_MAX_TERMS + 1).strategy).toBe('automaton');
  });
});
