import { StoreError } from '../store/index.js';

/**
 * Runs a store query, turning a driver failure (connection lost, store closed, disk full) into a
 * {@link StoreError} saying `what` failed, so the sidecar answers 503 and nothing was acknowledged.
 */
export async function storeCall<T>(what: string, query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    // Wrapped even when the store already said StoreError, so the log names what could not be done.
    throw new StoreError(`${what}: ${(error as Error)?.message ?? String(error)}`, StoreError.isInstance(error) && error.cause !== undefined ? error.cause : error);
  }
}
