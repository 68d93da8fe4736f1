/** Shared timing helpers for the benchmarks. Every figure comes from the same run as its baseline. */

/** Result of {@link timeIt}. */
export interface Timing {
  /** Calls per second over the whole measured window. */
  readonly opsPerSec: number;
  /** Median nanoseconds per call across samples. */
  readonly medianNs: number;
  /** Number of calls measured. */
  readonly calls: number;
}

/**
 * Times `fn` in samples of `batch` calls until `minMs` of measurement has passed, after a warm-up
 * of the same length. The median sample is robust to the noise of a shared machine.
 */
export function timeIt(fn: () => unknown, { minMs = 500, batch = 100 }: { minMs?: number; batch?: number } = {}): Timing {
  const run = (ms: number) => {
    const samples: number[] = [];
    let calls = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(ms) * 1_000_000n) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < batch; i++) fn();
      const t1 = process.hrtime.bigint();
      samples.push(Number(t1 - t0) / batch);
      calls += batch;
      elapsed = t1 - start;
    }
    return { samples, calls, elapsedNs: Number(elapsed) };
  };
  run(minMs);
  const { samples, calls, elapsedNs } = run(minMs);
  return { opsPerSec: (calls / elapsedNs) * 1e9, medianNs: median(samples), calls };
}

/** Times an async `fn` `count` times, one after another; returns each duration in ms. */
export async function timeAsync(fn: () => Promise<unknown>, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * Times an async `fn` for at least `ms` (and at least 3 samples), in samples of `batch` calls run
 * one after another; returns the median milliseconds per call. `fn` gets a running call number,
 * so each call can write rows of its own.
 */
export async function timeAsyncMedianMs(fn: (i: number) => Promise<unknown>, { ms, batch }: { ms: number; batch: number }): Promise<number> {
  let i = 0;
  const samples: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until || samples.length < 3) {
    const t0 = performance.now();
    for (let k = 0; k < batch; k++) await fn(i++);
    samples.push((performance.now() - t0) / batch);
  }
  return median(samples);
}

/** The median of `values` (not mutated). */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The `p`th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Prints one benchmark's JSON line: `{"bench": name, …figures, "speedup"}`. */
export function report(bench: string, figures: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ bench, ...figures })}\n`);
}

/** Rounds to `digits` significant decimals for readable JSON. */
export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** A deterministic pseudo-random source, so every run measures the same strings. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Times each contender (a function and its batch size) in alternating rounds and keeps each
 * one's best round, in nanoseconds per call: on a machine shared with other work, load comes in
 * bursts, and alternating gives every contender the same chances while the best round is the
 * least disturbed estimate of each.
 */
export function contest<K extends string>(contenders: Record<K, readonly [fn: () => unknown, batch: number]>): Record<K, number> {
  const entries = Object.entries(contenders) as [K, readonly [() => unknown, number]][];
  const best = Object.fromEntries(entries.map(([name]) => [name, Infinity])) as Record<K, number>;
  for (let r = 0; r < 5; r++) {
    for (const [name, [fn, batch]] of entries) best[name] = Math.min(best[name], timeIt(fn, { minMs: 150, batch }).medianNs);
  }
  return best;
}
