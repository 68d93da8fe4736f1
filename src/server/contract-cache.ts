import { compileContract, readContract } from '../contract/index.js';
import { InputError } from '../errors.js';

/** A contract read and compiled once, reused by every request that sends the same one. */
export interface CachedContract {
  readonly compiled: ReturnType<typeof compileContract>;
  /** Duplicate-term warnings from reading it, each with its path under `$.contract`. */
  readonly warnings: readonly { readonly path: string; readonly message: string }[];
}

/**
 * Reads and compiles contracts, remembering the last `maxEntries` (default 256) by their JSON
 * text, so the hot path of a host that sends the same few contracts neither re-validates nor
 * recompiles them. Keyed by the exact JSON of the value sent: two spellings of one contract are
 * two entries, never a wrong hit. Refusals are not cached; their paths are moved under
 * `$.contract`, where the contract sits in the request.
 */
export function createContractCache({ maxEntries = 256 }: { maxEntries?: number } = {}) {
  const entries = new Map<string, CachedContract>();
  return {
    get(contractJson: unknown): CachedContract {
      const key = JSON.stringify(contractJson);
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      let read: ReturnType<typeof readContract>;
      try {
        read = readContract(contractJson);
      } catch (error) {
        if (InputError.isInstance(error)) throw new InputError('reply contract', error.issues.map((i) => ({ ...i, path: underContract(i.path) })));
        throw error;
      }
      const entry: CachedContract = {
        compiled: compileContract(read.contract),
        warnings: read.warnings.map((w) => ({ path: underContract(w.path), message: w.message })),
      };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

function underContract(path: string): string {
  return path.startsWith('$') ? `$.contract${path.slice(1)}` : `$.contract.${path}`;
}
