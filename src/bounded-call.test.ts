import { describe, expect, it } from 'vitest';
import { boundedCall, isTimeout } from './bounded-call.js';

const never = () => new Promise<never>(() => {});

describe('boundedCall', () => {
  it('returns what the work returns, handing it the bound signal', async () => {
    let seen: AbortSignal | undefined;
    expect(await boundedCall(async (signal) => ((seen = signal), 'done'), { timeoutMs: 1_000 })).toBe('done');
    expect(seen?.aborted).toBe(false);
  });

  it('stops waiting for work that never settles once the timeout passes, with a timeout reason, and aborts its signal', async () => {
    let seen: AbortSignal | undefined;
    const started = performance.now();
    const error = await boundedCall((signal) => ((seen = signal), never()), { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(isTimeout(error)).toBe(true);
    expect(seen?.aborted).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("rejects with the caller's own reason when the caller cancels, which is no timeout", async () => {
    const caller = new AbortController();
    const pending = boundedCall(never, { signal: caller.signal, timeoutMs: 60_000 });
    caller.abort(new Error('client went away'));
    const error = await pending.catch((e: unknown) => e);
    expect((error as Error).message).toBe('client went away');
    expect(isTimeout(error)).toBe(false);
    await expect(boundedCall(never, { signal: caller.signal })).rejects.toThrow('client went away');
  });

  it('a work that throws at once rejects as it threw', async () => {
    await expect(
      boundedCall(
        () => {
          throw new Error('sync');
        },
        { timeoutMs: 1_000 },
      ),
    ).rejects.toThrow('sync');
  });
});

describe('boundedCall with a grace', () => {
  it('lets work that settles soon after its signal aborted return its own result', async () => {
    const result = await boundedCall(
      (signal) => new Promise<string>((resolve) => signal.addEventListener('abort', () => setTimeout(() => resolve('aborted, with records'), 10))),
      { timeoutMs: 20, graceMs: 2_000 },
    );
    expect(result).toBe('aborted, with records');
  });

  it('still stops waiting for work that ignores its signal once the grace has passed', async () => {
    const error = await boundedCall(never, { timeoutMs: 20, graceMs: 30 }).catch((e: unknown) => e);
    expect(isTimeout(error)).toBe(true);
  });
});
