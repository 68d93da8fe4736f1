import { sqlState } from '../store/index.js';

/** The SQLSTATE of `error` or of the driver error it wraps (`StoreError.cause`), if any. */
function stateOf(error: unknown): string | undefined {
  for (let e: unknown = error, hops = 0; e !== null && e !== undefined && hops < 4; e = (e as { cause?: unknown }).cause, hops++) {
    const state = sqlState(e);
    if (state !== undefined) return state;
  }
  return undefined;
}

/**
 * True when the store refused a value rather than failed: a data exception (SQLSTATE class 22:
 * a NUL in text, a date out of range, an invalid byte sequence) or a program limit (class 54: a
 * value too large). Such a failure is the input's, so it is the caller's 400, not the store's 503.
 */
export function isRefusedValue(error: unknown): boolean {
  const state = stateOf(error);
  return state !== undefined && (state.startsWith('22') || state.startsWith('54'));
}

/**
 * True when a failed multi-row write may have failed because of some of its rows: a refused value
 * (see {@link isRefusedValue}) or an integrity constraint (class 23). A failure without such a
 * state — connection refused, store closed, a permission revoked — is the store's, and retrying
 * rows one by one would only repeat it.
 */
export function isRowFailure(error: unknown): boolean {
  const state = stateOf(error);
  return isRefusedValue(error) || state?.startsWith('23') === true;
}
