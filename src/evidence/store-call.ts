import { classifyDriverError } from '../store/index.js';

/**
 * Runs a store query, saying `what` could not be done when it fails: the error keeps the class the
 * store's driver wrapper gave it (`classifyDriverError`: a `StoreError`, so the sidecar answers 503
 * and nothing was acknowledged, or an `UnstorableValueError`, the caller's 400), its message
 * prefixed with `what` so the log names it. Classified there, never here.
 */
export async function storeCall<T>(what: string, query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    throw classifyDriverError(error, what);
  }
}
