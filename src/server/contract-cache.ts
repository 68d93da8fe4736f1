import { matcherScanBytes, matcherTableBytes } from '../contract/compile-contract.js';
import { compileContract, readContract } from '../contract/index.js';
import { InputError } from '../errors.js';

/** A contract read and compiled once, reused by every request that sends the same one. */
export interface CachedContract {
  readonly compiled: ReturnType<typeof compileContract>;
  /** Duplicate-term warnings from reading it, each with its path under `$.contract`. */
  readonly warnings: readonly { readonly path: string; readonly message: string }[];
}

/** Options of {@link createContractCache}. */
export interface ContractCacheOptions {
  /** Most contracts kept. Default 256. */
  maxEntries?: number;
  /**
   * Most memory the kept contracts may take, in bytes, as estimated by {@link contractCacheCost}.
   * Default 64 MiB (`WARRANT_CONTRACT_CACHE_BYTES`): a host sending hundreds of large contracts
   * costs recompiles, not the server's memory. 0 keeps nothing.
   */
  maxBytes?: number;
}

/**
 * What one cached contract is estimated to cost in memory, in bytes: its JSON text (the key, up
 * to 2 bytes a character) and the compiled matcher, which measured about 8 bytes per character of
 * the text for contracts of 250 KB, rounded up to 12 bytes per character, plus a fixed 1 KiB,
 * plus `tableBytes`: the matchers' fixed-size tables, which do not grow with the text (192 KiB
 * per automaton, so a contract of 33 short terms costs far more than its JSON says; the cache
 * passes `matcherTableBytes` of the contract). Default 0, the includes loop's.
 */
export function contractCacheCost(contractJsonText: string, tableBytes = 0): number {
  return 1024 + 12 * contractJsonText.length + tableBytes;
}

/**
 * Reads and compiles contracts, remembering the most recently used ones — at most `maxEntries`
 * and `maxBytes` (W10: bounded in bytes, not only in count) — by their JSON text, so the hot path
 * of a host that sends the same few contracts neither re-validates nor recompiles them. Keyed by
 * the exact JSON of the value sent: two spellings of one contract are two entries, never a wrong
 * hit. A contract costing more than a quarter of `maxBytes` is compiled and not kept. Refusals
 * are not cached; their paths are moved under `$.contract`, where the contract sits in the request.
 *
 * A kept contract's cost is counted again after each of its verifications: what its scans hold
 * grows with the longest candidate (`matcherScanBytes`: the scan's scratch, and about 106 KiB of
 * WebAssembly memory per automaton once its scan moved there), so the bound holds after every
 * verification, not only when a contract is first kept.
 */
export function createContractCache({ maxEntries = 256, maxBytes = 64 * 1024 * 1024 }: ContractCacheOptions = {}) {
  // Each entry with its estimated cost, so eviction takes back exactly what was counted.
  const entries = new Map<string, { readonly entry: CachedContract; readonly fixed: number; cost: number }>();
  let bytes = 0;
  const evict = (key: string) => {
    bytes -= entries.get(key)!.cost;
    entries.delete(key);
  };
  const bound = () => {
    while (entries.size > maxEntries || bytes > maxBytes) evict(entries.keys().next().value!);
  };
  /** Counts what `entry`'s scans hold now, if it is still kept; drops it if it alone outgrew its share. */
  const recount = (key: string, entry: CachedContract) => {
    const kept = entries.get(key);
    if (kept?.entry !== entry) return;
    const cost = kept.fixed + matcherScanBytes(entry.compiled.contract);
    if (cost === kept.cost) return;
    bytes += cost - kept.cost;
    kept.cost = cost;
    if (cost > maxBytes / 4) evict(key);
    else bound();
  };
  return {
    get(contractJson: unknown): CachedContract {
      const key = JSON.stringify(contractJson);
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.entry;
      }
      let read: ReturnType<typeof readContract>;
      try {
        read = readContract(contractJson);
      } catch (error) {
        if (InputError.isInstance(error))
          throw new InputError(
            'reply contract',
            error.issues.map((i) => ({ ...i, path: underContract(i.path) })),
          );
        throw error;
      }
      const compiled = compileContract(read.contract);
      const entry: CachedContract = {
        compiled: {
          ...compiled,
          verify(candidate) {
            const verdict = compiled.verify(candidate);
            recount(key, entry);
            return verdict;
          },
        },
        warnings: read.warnings.map((w) => ({ path: underContract(w.path), message: w.message })),
      };
      const fixed = contractCacheCost(key, matcherTableBytes(read.contract));
      const cost = fixed + matcherScanBytes(read.contract);
      if (cost > maxBytes / 4) return entry;
      entries.set(key, { entry, fixed, cost });
      bytes += cost;
      bound();
      return entry;
    },
    /** Contracts kept. */
    get size() {
      return entries.size;
    },
    /** Their estimated memory, in bytes (see {@link contractCacheCost}). */
    get bytes() {
      return bytes;
    },
  };
}

function underContract(path: string): string {
  return path.startsWith('$') ? `$.contract${path.slice(1)}` : `$.contract.${path}`;
}
