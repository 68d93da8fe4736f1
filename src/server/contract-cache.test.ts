import { describe, expect, it } from 'vitest';
import { matcherTableBytes } from '../contract/compile-contract.js';
import { readContract } from '../contract/index.js';
import { automotiveContractJson } from '../contract/testing-contracts.js';
import { InputError } from '../errors.js';
import { contractCacheCost, createContractCache } from './contract-cache.js';
import { limitsFromEnv } from './limits-from-env.js';

/** An automotive contract with `count` extra forbidden terms, distinct per `seed`. */
function contractWith(seed: number, count: number) {
  const contract = automotiveContractJson();
  return { ...contract, forbidden_terms: [...contract.forbidden_terms, ...Array.from({ length: count }, (_, i) => `禁${seed}語${i}`)] };
}

describe('W10: the contract cache is bounded in bytes', () => {
  it('keeps the most recently used contracts within maxBytes, whatever their count', () => {
    // Seeds 10–39 cost the same; each holds an automaton (and may build its NFC twin).
    const one = contractCacheCost(JSON.stringify(contractWith(39, 200)), matcherTableBytes(readContract(contractWith(39, 200)).contract));
    const cache = createContractCache({ maxEntries: 1_000, maxBytes: one * 5 });
    for (let seed = 0; seed < 40; seed++) cache.get(contractWith(seed, 200));
    expect(cache.size).toBe(5);
    expect(cache.bytes).toBeLessThanOrEqual(one * 5);
    // The last five are the ones kept: a hit returns the very same compiled contract.
    expect(cache.get(contractWith(39, 200))).toBe(cache.get(contractWith(39, 200)));
  });

  it('a contract costing more than a quarter of the budget is verified but not kept', () => {
    const cache = createContractCache({ maxBytes: contractCacheCost(JSON.stringify(contractWith(0, 10))) * 2 });
    const big = contractWith(1, 2_000);
    expect(cache.get(big).compiled.contract.forbiddenTerms.length).toBeGreaterThan(2_000);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("counts an automaton's fixed tables, which a short JSON text does not show", () => {
    // 36 distinct terms: over the includes loop's 32, so the exact lists get an automaton of
    // 144 KiB of tables (and may build a second for NFC hints), in a JSON text of under 1 KB.
    const small = contractWith(0, 30);
    const text = JSON.stringify(small);
    expect(matcherTableBytes(readContract(small).contract)).toBe(2 * 144 * 1024);
    expect(matcherTableBytes(readContract(automotiveContractJson()).contract)).toBe(0);
    const one = contractCacheCost(text, 2 * 144 * 1024);
    const cache = createContractCache({ maxBytes: 4 * one });
    cache.get(small);
    expect(cache.bytes).toBe(one);
    // Counted by their JSON alone, five such contracts (6 KB) would all be kept; with their
    // tables (over 1 MiB), four are.
    for (let seed = 1; seed < 5; seed++) cache.get(contractWith(seed, 30));
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(4 * one);
  });

  it('a v1 contract is charged per match mode whose lists need an automaton', () => {
    const folded = { ...contractWith(0, 30), contract_version: 'v1' as const };
    // The 33 forbidden terms are folded (v1's default), the 5 required exact: one automaton.
    expect(matcherTableBytes(readContract(folded).contract)).toBe(144 * 1024);
  });

  it('maxBytes 0 keeps nothing', () => {
    const cache = createContractCache({ maxBytes: 0 });
    cache.get(contractWith(0, 1));
    expect(cache.size).toBe(0);
  });
});

describe('limits from the environment', () => {
  it('each limit is read from its variable; a bad value is refused naming it', () => {
    expect(
      limitsFromEnv({
        WARRANT_HEADERS_TIMEOUT_MS: '2000',
        WARRANT_REQUEST_TIMEOUT_MS: '9000',
        WARRANT_KEEP_ALIVE_TIMEOUT_MS: '65000',
        WARRANT_MAX_CONNECTIONS: '64',
        WARRANT_DRAIN_TIMEOUT_MS: '3000',
        WARRANT_CONTRACT_CACHE_BYTES: '0',
      }),
    ).toEqual({
      listen: { headersTimeoutMs: 2000, requestTimeoutMs: 9000, keepAliveTimeoutMs: 65000, maxConnections: 64, drainTimeoutMs: 3000 },
      server: { contractCacheBytes: 0 },
    });
    expect(limitsFromEnv({})).toEqual({ listen: {}, server: {} });
    for (const [name, value] of [
      ['WARRANT_MAX_CONNECTIONS', '0'],
      ['WARRANT_HEADERS_TIMEOUT_MS', '1e3'],
      ['WARRANT_CONTRACT_CACHE_BYTES', '-1'],
    ]) {
      let refused: unknown;
      try {
        limitsFromEnv({ [name!]: value });
      } catch (error) {
        refused = error;
      }
      expect(InputError.isInstance(refused) && refused.subject).toBe(name);
    }
  });
});
