import { describe, expect, it } from 'vitest';
import { matcherScanBytes, matcherTableBytes } from '../contract/compile-contract.js';
import { TIER_UP_UNITS, WASM_SCAN_BYTES } from '../contract/term-matcher.js';
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

/** What the cache counts for `json` when it first keeps it: its text, its automata's tables, what its scans hold once read. */
function costOf(json: unknown): number {
  const { contract } = readContract(json);
  return contractCacheCost(JSON.stringify(json), matcherTableBytes(contract)) + matcherScanBytes(contract);
}

describe('W10: the contract cache is bounded in bytes', () => {
  it('keeps the most recently used contracts within maxBytes, whatever their count', () => {
    // Seeds 10–39 cost the same; each holds an automaton (and may build its NFC twin).
    const one = costOf(contractWith(39, 200));
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
    // 192 KiB of tables (and may build a second for NFC hints), in a JSON text of under 1 KB.
    const small = contractWith(0, 30);
    const text = JSON.stringify(small);
    expect(matcherTableBytes(readContract(small).contract)).toBe(2 * 192 * 1024);
    expect(matcherTableBytes(readContract(automotiveContractJson()).contract)).toBe(0);
    const one = costOf(small);
    expect(one).toBeGreaterThan(contractCacheCost(text, 2 * 192 * 1024));
    const cache = createContractCache({ maxBytes: 4 * one });
    cache.get(small);
    expect(cache.bytes).toBe(one);
    // Counted by their JSON alone, five such contracts (6 KB) would all be kept; with their
    // tables (over 1 MiB), four are.
    for (let seed = 1; seed < 5; seed++) cache.get(contractWith(seed, 30));
    expect(cache.size).toBe(4);
    expect(cache.bytes).toBe(4 * one);
  });

  it("counts the WebAssembly memory an automaton's scan takes once it moved there, and what a longer candidate grows", () => {
    const cache = createContractCache({ maxBytes: 64 * 1024 * 1024 });
    const { compiled } = cache.get(contractWith(0, 30));
    const read = cache.bytes;
    // Candidates of 4,000 code units until the automaton has scanned enough to move to WebAssembly.
    const candidate = '好的，已記下希望到府估車的時段。'.repeat(250);
    for (let scanned = 0; scanned <= TIER_UP_UNITS; scanned += candidate.length) compiled.verify(candidate);
    // At least room for 4,096 units and their log (2 + 8 bytes a unit), at most that in whole pages.
    expect(cache.bytes - read).toBeGreaterThanOrEqual(10 * 4096);
    expect(cache.bytes - read).toBeLessThanOrEqual(WASM_SCAN_BYTES);
    expect(cache.bytes).toBe(costOf(contractWith(0, 30)) - matcherScanBytes(readContract(contractWith(0, 30)).contract) + matcherScanBytes(compiled.contract));
    // A candidate of 50,000 units grows the instance's memory, for good, to 2 bytes a unit for
    // the text and 8 for the log: about 500 KB, less the 41–106 KB it had.
    const moved = cache.bytes;
    compiled.verify(candidate.repeat(13).slice(0, 50_000));
    expect(cache.bytes - moved).toBeGreaterThan(10 * 50_000 - WASM_SCAN_BYTES);
  });

  it('keeps its bound as the kept contracts grow: the least recently used go', () => {
    const one = costOf(contractWith(0, 30));
    const maxBytes = 5 * one + 1024;
    const cache = createContractCache({ maxEntries: 1_000, maxBytes });
    const kept = [0, 1, 2, 3, 4].map((seed) => cache.get(contractWith(seed, 30)).compiled);
    expect(cache.size).toBe(5);
    const candidate = '好的，已記下希望到府估車的時段。'.repeat(250);
    for (const compiled of kept) {
      for (let scanned = 0; scanned <= TIER_UP_UNITS; scanned += candidate.length) {
        compiled.verify(candidate);
        expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      }
    }
    // Each grew by its instance's memory: five no longer fit, and the first kept went first.
    expect(cache.size).toBe(4);
    expect(cache.get(contractWith(4, 30)).compiled).toBe(kept[4]);
    expect(cache.get(contractWith(0, 30)).compiled).not.toBe(kept[0]);
  });

  it('a v1 contract is charged per match mode whose lists need an automaton', () => {
    const folded = { ...contractWith(0, 30), contract_version: 'v1' as const };
    // The 33 forbidden terms are folded (v1's default), the 5 required exact: one automaton.
    expect(matcherTableBytes(readContract(folded).contract)).toBe(192 * 1024);
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
