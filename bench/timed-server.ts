import type { WarrantServer } from '../src/server/index.js';

/** When a route got its first request and answered its last, in `performance.now()` ms. */
export interface Span {
  first: number;
  last: number;
}

/**
 * `server` with its requests timed per path, from the first one's arrival to the last one's
 * answer. A load generator's own rate is not used: autocannon notices the last answer at its next
 * one-second tick, so a 3,000-request round read as 2 or 3 seconds (ratios of exactly 1 or 2/3).
 * `restart(path)` begins a new span for that path; `seconds(path)` is the span's length.
 */
export function timedServer(server: WarrantServer): {
  server: WarrantServer;
  restart(path: string): void;
  seconds(path: string): number;
} {
  const spans = new Map<string, Span>();
  const wrapped = Object.create(server) as WarrantServer & { fetch: WarrantServer['fetch'] };
  wrapped.fetch = async (...args: Parameters<WarrantServer['fetch']>) => {
    const path = new URL(args[0].url).pathname;
    let span = spans.get(path);
    if (span === undefined) spans.set(path, (span = { first: 0, last: 0 }));
    if (span.first === 0) span.first = performance.now();
    const response = await server.fetch(...args);
    span.last = performance.now();
    return response;
  };
  return {
    server: wrapped,
    restart: (path) => spans.set(path, { first: 0, last: 0 }),
    seconds: (path) => {
      const span = spans.get(path);
      return span === undefined || span.first === 0 ? Number.NaN : (span.last - span.first) / 1000;
    },
  };
}
