import { afterAll, describe, expect, it } from 'vitest';
import { verifyEvidence } from '../../src/evidence/verify-evidence.js';
import { createTestServer } from '../../src/server/testing.js';
import { openStore, type Database } from '../../src/store/index.js';
import { postgresBin, startPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { until, verifyLoad } from './verify-load.js';

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

    const { acknowledged, statuses, refusals, stop } = verifyLoad(server, 8);
    try {
      await until(() => acknowledged.length >= 50, 60_000, '50 acknowledgements');
      const restartedAt = Date.now();
      await cluster.restart();
      const restartMs = Date.now() - restartedAt;
      const acked = acknowledged.length;
      await until(() => acknowledged.length >= acked + 1, 30_000, 'a write after the restart');
      const servedAgainMs = Date.now() - restartedAt;
      await until(() => acknowledged.length >= acked + 50, 60_000, '50 acknowledgements after the restart');
      await stop();
      await server.drain();

      expect([...statuses.keys()].sort()).toEqual([200, 503]); // never a 500
      expect([...new Set(refusals)]).toEqual(['application/problem+json; retry-after 2']);
      const stored = new Set((await db.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme'])).map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect((await verifyEvidence(db)).problems).toEqual([]);
      console.log(
        `PostgreSQL restart under load: restart took ${restartMs} ms, served again ${servedAgainMs} ms after it began; ` +
          `${acknowledged.length} acknowledged, all persisted; ${statuses.get(503)} answered 503`,
      );
    } finally {
      await stop().catch(() => {});
    }
  }, 180_000);
});
