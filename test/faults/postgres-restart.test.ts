import { afterAll, describe, expect, it } from 'vitest';
import { verifyEvidence } from '../../src/evidence/verify-evidence.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys } from '../../src/server/testing.js';
import { openStore, type Database } from '../../src/store/index.js';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';

/**
 * PostgreSQL restarts under load. The cluster is the test's own (a temporary folder, a free
 * port), never the shared server on 5432.
 */

const bin = postgresBin();

describe.runIf(bin)('PostgreSQL restarts under load (a private cluster)', () => {
  let cluster: PrivatePostgres | undefined;
  let db: Database | undefined;
  afterAll(async () => {
    await db?.close();
    await cluster?.remove();
  });

  it('503 problem+json with Retry-After while it restarts, served again without restarting Warrant, 0 acknowledged missing', async () => {
    cluster = await startPrivatePostgres(bin!);
    db = await openStore({ databaseUrl: cluster.url, schema: 'warrant' });
    const server = await createTestServer(db);

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const refusals = new Set<string>();
    let running = true;
    const client = async () => {
      while (running) {
        const res = await server.app.request('/v0/reply-contracts/verify', {
          method: 'POST',
          headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
          body: JSON.stringify({ contract: automotiveContract, candidates: [safeAutomotiveCandidate] }),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) acknowledged.push(((await res.json()) as { effect: { id: string } }).effect.id);
        else {
          await res.text();
          if (res.status === 503) refusals.add(`${res.headers.get('content-type')}; retry-after ${res.headers.get('retry-after')}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const until = async (done: () => boolean, ms: number, what: string) => {
      const deadline = Date.now() + ms;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const clients = Array.from({ length: 8 }, client);
    try {
      await until(() => acknowledged.length >= 50, 60_000, '50 acknowledgements');
      const restartedAt = Date.now();
      await cluster.restart();
      const restartMs = Date.now() - restartedAt;
      const acked = acknowledged.length;
      await until(() => acknowledged.length >= acked + 1, 30_000, 'a write after the restart');
      const servedAgainMs = Date.now() - restartedAt;
      await until(() => acknowledged.length >= acked + 50, 60_000, '50 acknowledgements after the restart');
      running = false;
      await Promise.all(clients);
      await server.drain();

      expect([...statuses.keys()].sort()).toEqual([200, 503]); // never a 500
      expect([...refusals]).toEqual(['application/problem+json; retry-after 2']);
      const stored = new Set((await db.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme'])).map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect((await verifyEvidence(db)).problems).toEqual([]);
      console.log(
        `PostgreSQL restart under load: restart took ${restartMs} ms, served again ${servedAgainMs} ms after it began; ` +
          `${acknowledged.length} acknowledged, all persisted; ${statuses.get(503)} answered 503`,
      );
    } finally {
      running = false;
      await Promise.allSettled(clients);
    }
  }, 180_000);
});
