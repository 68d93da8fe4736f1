import type { ModelCall } from './writer.js';

/**
 * A writer that throws breaks its own promise (it should return `{ ok: false }`); the turn is
 * committed either way, so the throw becomes a failed writing and code's words stand (W4).
 */
export async function unlessThrown<T extends { readonly ok: boolean }>(
  write: () => Promise<T>,
): Promise<T | { readonly ok: false; readonly reason: string; readonly calls: readonly ModelCall[] }> {
  try {
    return await write();
  } catch (error) {
    return { ok: false, reason: `writer threw: ${(error as Error)?.message ?? String(error)}`, calls: [] };
  }
}
