import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { automotiveContract, safeAutomotiveCandidate, spawnWarrant, testKeys, unsafeAutomotiveCandidate } from '../../server/testing.js';
import { openStore } from '../../store/index.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('warrant serve', () => {
  it('W6: SIGTERM drains in-flight requests; every acknowledged effect is in the store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warrant-serve-'));
    dirs.push(dir);
    const keys = join(dir, 'keys.json');
    await writeFile(keys, JSON.stringify({ keys: [{ tenant_id: 'acme', key: testKeys.acme }] }));
    const dataDir = join(dir, 'pgdata');
    const { child, url, stdout, stderr, exited } = await spawnWarrant(['serve', '--port', '0', '--keys', keys], {
      env: { DATABASE_URL: '', WARRANT_DATA_DIR: dataDir, WARRANT_API_KEYS: '' },
      ready: /serving on (http:\/\/\S+)/,
    });

    const acknowledged: string[] = [];
    let refused = 0;
    const send = async (i: number) => {
      try {
        const res = await fetch(`${url}/v0/reply-contracts/verify`, {
          method: 'POST',
          headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
          body: JSON.stringify({ contract: automotiveContract, candidates: [i % 2 ? safeAutomotiveCandidate : unsafeAutomotiveCandidate] }),
        });
        if (res.status === 200) acknowledged.push(((await res.json()) as { effect: { id: string } }).effect.id);
        else refused++;
      } catch {
        refused++; // the listener had already closed: never acknowledged, so never promised
      }
    };
    // Twenty clients send back to back; SIGTERM lands once some answers are in and many are in flight.
    let signalled = false;
    let sent = 0;
    const client = async () => {
      while (sent < 400) {
        await send(sent++);
        if (acknowledged.length >= 40 && !signalled) {
          signalled = true;
          child.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: 20 }, client));
    expect(signalled).toBe(true);
    expect(await exited).toBe(0);
    expect(stdout()).toContain('SIGTERM: draining');
    expect(acknowledged.length, `refused ${refused}; ${stdout().slice(-2000)} ${stderr()}`).toBeGreaterThan(0);

    const store = await openStore({ dataDir });
    try {
      const rows = await store.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme']);
      const stored = new Set(rows.map((r) => r.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBe(acknowledged.length);
    } finally {
      await store.close();
    }
    // Generous: test files run side by side, and a loaded machine took 60 s to spawn, load and drain it.
  }, 180_000);
});
