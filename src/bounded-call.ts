/** Options of {@link boundedCall}. */
export interface BoundedCallOptions {
  /** The caller's signal. */
  readonly signal?: AbortSignal | undefined;
  /** The longest the call may take, in ms. */
  readonly timeoutMs?: number | undefined;
  /**
   * How long, once the bound signal aborted, `work` may still take to settle on its own (a
   * model call returning its `aborted` record) before it is no longer waited for. Default 0.
   */
  readonly graceMs?: number;
}

/**
 * Runs `work` with a signal that aborts when `signal` does or `timeoutMs` passes, and stops
 * waiting for it then (after `graceMs`): a seam that ignores its signal (a host's knowledge
 * source, a hand-written writer) cannot hold its caller. Rejects with the abort's reason — the
 * caller's own, or a `TimeoutError` (see {@link isTimeout}) — unless `work` settled first.
 */
export async function boundedCall<T>(work: (signal: AbortSignal) => Promise<T>, { signal, timeoutMs, graceMs = 0 }: BoundedCallOptions): Promise<T> {
  const signals = [signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter((s): s is AbortSignal => s !== undefined);
  if (signals.length === 0) return work(new AbortController().signal);
  const bound = signals.length === 1 ? signals[0]! : AbortSignal.any(signals);
  let onAbort: () => void = () => {};
  let grace: ReturnType<typeof setTimeout> | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => (graceMs > 0 ? (grace = setTimeout(() => reject(bound.reason), graceMs)) : reject(bound.reason));
    bound.addEventListener('abort', onAbort, { once: true });
  });
  // Already aborted: `work` still runs with it (a model call returns its `aborted` record at once).
  if (bound.aborted) onAbort();
  try {
    return await Promise.race([(async () => work(bound))(), aborted]);
  } finally {
    bound.removeEventListener('abort', onAbort);
    clearTimeout(grace);
  }
}

/** True when `reason` is a timeout's (`AbortSignal.timeout`), not a caller's cancellation. */
export function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | null)?.name === 'TimeoutError';
}
