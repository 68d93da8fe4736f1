import { describe, expect, it } from 'vitest';
import { createJsonLogger } from '../evidence/json-logger.js';
import { openMemoryStore } from '../store/testing.js';
import { hashApiKey } from './api-keys.js';
import { createServer } from './create-server.js';
import { automotiveContract, testKeys, unsafeAutomotiveCandidate } from './testing.js';

describe('the store failing', () => {
  it('W6: a verification whose effect cannot be stored is 503 store_unavailable, never 200; readyz says not ready', async () => {
    const db = await openMemoryStore();
    const logged: string[] = [];
    const server = await createServer({
      store: db,
      apiKeys: [{ tenantId: 'acme', keySha256: hashApiKey(testKeys.acme) }],
      logger: createJsonLogger({ write: (l) => logged.push(l) }),
    });
    await db.close();
    const res = await server.app.request('/v0/reply-contracts/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] }),
    });
    expect(res.status).toBe(503);
    const problem = (await res.json()) as { code: string; detail: string };
    expect(problem.code).toBe('store_unavailable');
    expect(problem.detail).not.toMatch(/closed|pglite/i); // internals go to the log, not to the caller
    expect((await server.app.request('/v0/effects', { headers: { authorization: `Bearer ${testKeys.acme}` } })).status).toBe(503);
    const ready = await server.app.request('/readyz');
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { checks: { store: string } }).checks.store).toMatch(/^unreachable/);
    expect(logged.some((l) => l.includes('"level":"error"') && l.includes('effects could not be stored'))).toBe(true);
  }, 180_000); // PGlite takes long to start on a loaded machine
});
