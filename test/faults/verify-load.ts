import { automotiveContract, type createTestServer, safeAutomotiveCandidate, testKeys } from '../../src/server/testing.js';

/** What a {@link verifyLoad} saw, read while it runs. */
export interface VerifyLoad {
  /** The effect id of every verification answered 200, in order. */
  readonly acknowledged: string[];
  /** How many answers each status had. */
  readonly statuses: Map<number, number>;
  /** The content type and Retry-After of every 503, as `type; retry-after N`. */
  readonly refusals: string[];
  /** Stops the clients and waits for their requests in flight. */
  stop(): Promise<void>;
}

/**
 * `clients` loops of `POST /v0/reply-contracts/verify` against `server`, each pausing 20 ms after
 * an answer that is not 200: the load the fault tests hold a store under while they break it.
 */
export function verifyLoad(server: Awaited<ReturnType<typeof createTestServer>>, clients: number): VerifyLoad {
  const load = { acknowledged: [] as string[], statuses: new Map<number, number>(), refusals: [] as string[] };
  let running = true;
  const client = async () => {
    while (running) {
      const res = await server.app.request('/v0/reply-contracts/verify', {
        method: 'POST',
        headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
        body: JSON.stringify({ contract: automotiveContract, candidates: [safeAutomotiveCandidate] }),
      });
      load.statuses.set(res.status, (load.statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) load.acknowledged.push(((await res.json()) as { effect: { id: string } }).effect.id);
      else {
        await res.text();
        if (res.status === 503) load.refusals.push(`${res.headers.get('content-type')}; retry-after ${res.headers.get('retry-after')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const running$ = Array.from({ length: clients }, client);
  return {
    ...load,
    stop: async () => {
      running = false;
      const settled = await Promise.allSettled(running$);
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    },
  };
}

/** Waits until `done()` holds, checking every 20 ms; throws naming `what` after `ms`. */
export async function until(done: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
