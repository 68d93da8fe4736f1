import { describe, expect, it } from 'vitest';
import { compileContract } from '../contract/compile-contract.js';
import { readContract } from '../contract/read-contract.js';
import { InputError } from '../errors.js';
import { ticketContractJson } from './adapter-test-contracts.js';
import { compileContractSource } from './contract-source.js';

describe('compileContractSource', () => {
  it('reads wire JSON, a read contract and a compiled one alike', () => {
    const json = ticketContractJson();
    const read = readContract(json).contract;
    const compiled = compileContract(read);
    for (const source of [json, read, compiled]) {
      expect(compileContractSource(source, 'test').verify('we reserved two tickets').forbiddenTermsPresent).toEqual(['reserved two tickets']);
    }
    expect(compileContractSource(compiled, 'test')).toBe(compiled);
  });

  it('compiles a contract object once: the same object gets the same compiled contract', () => {
    const json = ticketContractJson();
    expect(compileContractSource(json, 'test')).toBe(compileContractSource(json, 'test'));
    expect(compileContractSource(ticketContractJson(), 'test')).not.toBe(compileContractSource(json, 'test'));
  });

  it('W9: a refused contract names where it came from and its JSON path, and is not cached', () => {
    const bad = { ...ticketContractJson(), forbidden_terms: [''] };
    const refuse = () => compileContractSource(bad, 'providerOptions.warrant.contract');
    expect(refuse).toThrow(InputError);
    try {
      refuse();
    } catch (error) {
      expect((error as InputError).subject).toBe('providerOptions.warrant.contract (reply contract)');
      expect((error as InputError).issues[0]!.path).toBe('$.forbidden_terms[0]');
    }
    expect(() => compileContractSource('v0', 'x')).toThrow('a reply contract must be an object');
  });
});
