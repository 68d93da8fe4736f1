import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer as createTcpServer, connect, type Server as TcpServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import { createJsonLogger } from '../evidence/json-logger.js';
import { packageRoot } from '../package-root.js';
import { openStore, type Database } from '../store/index.js';
import { openMemoryStore, storeTargets } from '../store/testing.js';
import type { MatchFixture } from '../suggest/match-fixture.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

const json = { 'content-type': 'application/json' };
const auth = (key: string = testKeys.acme) => ({ authorization: `Bearer ${key}` });
let match: MatchFixture;
beforeAll(async () => {
  match = JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json'), 'utf8')) as MatchFixture;
});

/** Every route that reaches the store, plus the unknown-key path that reloads the key table. */
function everyStoreRoute(server: WarrantServer, ids: { effect: string; turn: string; suggestion: string }) {
  const req = (path: string, init: RequestInit = {}) => server.app.request(path, init);
  return {
    'POST /v0/reply-contracts/verify': () =>
      req('/v0/reply-contracts/verify', {
        method: 'POST',
        headers: { ...auth(), ...json },
        body: JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] }),
      }),
    'GET /v0/effects': () => req('/v0/effects', { headers: auth() }),
    'GET /v0/effects/{id}': () => req(`/v0/effects/${ids.effect}`, { headers: auth() }),
    'POST /v0/turns': () =>
      req('/v0/turns', {
        method: 'POST',
        headers: { ...auth(), ...json },
        body: JSON.stringify({ ...englishConversation[0], turn_id: `outage-${randomBytes(4).toString('hex')}` }),
      }),
    'POST /v0/turns (SSE)': async () => {
      const res = await req('/v0/turns', {
        method: 'POST',
        headers: { ...auth(), ...json, accept: 'text/event-stream' },
        body: JSON.stringify({ ...englishConversation[0], turn_id: `outage-${randomBytes(4).toString('hex')}` }),
      });
      // A stream that opened reports the failure as its error event; its status must still not be 500.
      return res;
    },
    'GET /v0/turns': () => req('/v0/turns', { headers: auth() }),
    'GET /v0/turns/{id}': () => req(`/v0/turns/${ids.turn}`, { headers: auth() }),
    'POST /v0/suggestions': () =>
      req('/v0/suggestions', {
        method: 'POST',
        headers: { ...auth(), ...json },
        body: JSON.stringify({ match: match.match, wiki: match.wiki, profile: match.profile, now: match.now }),
      }),
    'GET /v0/suggestions/{id}': () => req(`/v0/suggestions/${ids.suggestion}`, { headers: auth() }),
    'an unknown key (reloads the key table)': async () => {
      // The keyring reloads for an unknown key at most once a second: wait past the last load.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      return req('/v0/effects', { headers: auth(`wk_unknown_${randomBytes(8).toString('hex')}`) });
    },
  };
}

/** Asserts the outage answer of every route: 503 problem+json, never 500, no driver words. */
async function expectEveryRouteUnavailable(server: WarrantServer, ids: { effect: string; turn: string; suggestion: string }) {
  const answers: Record<string, string> = {};
  for (const [name, send] of Object.entries(everyStoreRoute(server, ids))) {
    const res = await send();
    const body = await res.text();
    answers[name] = `${res.status} ${res.headers.get('content-type')}`;
    if (name.includes('SSE') && res.status === 200) {
      expect(body, name).toContain('event: error');
      expect(body, name).toContain('"status":503');
      answers[name] = '503 (error event)';
    } else {
      expect(body, name).not.toMatch(/ECONNREFUSED|terminated|PGlite|closed|stack/i);
    }
  }
  expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((k) => [k, k.includes('SSE') ? '503 (error event)' : '503 application/problem+json'])));
  const ready = await server.app.request('/readyz');
  expect(ready.status).toBe(503);
  const readyText = await ready.text();
  expect(readyText).not.toMatch(/ECONNREFUSED|terminated|PGlite|closed|connect/i);
  expect(JSON.parse(readyText).checks.store).toBe('unreachable');
}

async function seed(server: WarrantServer): Promise<{ effect: string; turn: string; suggestion: string }> {
  const routes = everyStoreRoute(server, { effect: 'x', turn: 'x', suggestion: 'x' });
  const verified = (await (await routes['POST /v0/reply-contracts/verify']()).json()) as { effect: { id: string } };
  const turn = englishConversation[0]!;
  const turned = await server.app.request('/v0/turns', { method: 'POST', headers: { ...auth(), ...json }, body: JSON.stringify(turn) });
  expect(turned.status).toBe(200);
  const suggested = await routes['POST /v0/suggestions']();
  expect(suggested.status).toBe(200);
  return { effect: verified.effect.id, turn: turn.turn_id, suggestion: ((await suggested.json()) as { id: string }).id };
}

describe('a store outage without a SQLSTATE: PGlite closed under the server', () => {
  it('every route, POST /v0/turns and the key-table reload included, is 503 problem+json, never 500; /readyz names no driver', async () => {
    const db = await openMemoryStore();
    const logged: string[] = [];
    const server = await createTestServer(db, { turns: { workflows, locales }, logger: createJsonLogger({ write: (l) => logged.push(l) }) });
    const ids = await seed(server);
    await db.close();
    await expectEveryRouteUnavailable(server, ids);
    expect(logged.some((l) => l.includes('"msg":"not_ready"') && /closed/i.test(l))).toBe(true); // the details are in the log
  }, 240_000);
});

/**
 * A TCP proxy in front of PostgreSQL that the test cuts (every connection destroyed, new ones
 * dropped at once) and restores.
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let cut = false;
  const proxy: TcpServer = createTcpServer((client) => {
    if (cut) return void client.destroy();
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as { port: number }).port,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => (this_cut(), proxy.close(() => resolve()))),
  };
  function this_cut() {
    cut = true;
    for (const s of sockets) s.destroy();
  }
}

const databaseUrl = process.env.DATABASE_URL?.trim();

describe.runIf(databaseUrl)('a PostgreSQL outage through a TCP proxy the test cuts and restores', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let direct: Database;
  afterAll(async () => {
    await direct?.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await direct?.close();
  });

  it('under load: every route 503 while cut, served again once restored, every acknowledged effect persisted', async () => {
    const target = new URL(databaseUrl!);
    const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(databaseUrl!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    direct = await openStore({ databaseUrl: databaseUrl!, schema });
    const db = await openStore({ databaseUrl: viaProxy.toString(), schema });
    try {
      const server = await createTestServer(db, { turns: { workflows, locales } });
      const ids = await seed(server);

      // Eight clients verify back to back through the cut and the restore.
      const acknowledged: string[] = [];
      const statuses = new Map<number, number>();
      let running = true;
      const client = async () => {
        while (running) {
          const res = await everyStoreRoute(server, ids)['POST /v0/reply-contracts/verify']();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) acknowledged.push(((await res.json()) as { effect: { id: string } }).effect.id);
          else await res.text();
        }
      };
      const clients = Array.from({ length: 8 }, client);
      while (acknowledged.length < 50) await new Promise((r) => setTimeout(r, 20));
      proxy.cut();
      await expectEveryRouteUnavailable(server, ids);
      proxy.restore();
      const until = Date.now() + 30_000;
      while ((await server.app.request('/readyz')).status !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect((await server.app.request('/readyz')).status).toBe(200);
      const before = acknowledged.length;
      while (acknowledged.length < before + 20) await new Promise((r) => setTimeout(r, 20));
      running = false;
      await Promise.all(clients);
      await server.drain();

      expect([...statuses.keys()].sort()).toEqual([200, 503]); // never a 500
      const stored = new Set((await direct.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme'])).map((r) => r.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      console.log(
        `outage through a TCP proxy (postgres): ${acknowledged.length} acknowledged, ${acknowledged.length - lost.length} of them persisted, ${statuses.get(503)} refused with 503`,
      );
      expect(lost).toEqual([]);
    } finally {
      await db.close();
      await proxy.close();
    }
  }, 90_000);
});

describe.each(storeTargets())('a database recreated empty ($name)', (target) => {
  it('/readyz sees a store that refuses writes; a dropped schema is migrated again without a restart: /readyz turns ready and verifications are stored again', async () => {
    const db = await target.open();
    try {
      const server = await createTestServer(db);
      if (target.name === 'pglite') {
        // One connection: a session setting makes the whole store read-only. Reads still work;
        // readiness must see that writes do not.
        await db.query('set default_transaction_read_only = on');
        const readOnly = await server.app.request('/readyz');
        expect(readOnly.status).toBe(503);
        expect(((await readOnly.json()) as { checks: Record<string, string> }).checks).toMatchObject({ store: 'not_writable', migrations: 'ok' });
        await db.query('set default_transaction_read_only = off');
        expect((await server.app.request('/readyz')).status).toBe(200);
      }
      const verify = () => everyStoreRoute(server, { effect: 'x', turn: 'x', suggestion: 'x' })['POST /v0/reply-contracts/verify']();
      expect((await verify()).status).toBe(200);
      const [{ schema } = { schema: 'public' }] = await db.query<{ schema: string }>('select current_schema() as schema');
      await db.query(`drop schema ${schema} cascade`);
      const until = Date.now() + 20_000;
      let res = await verify();
      while (res.status !== 200 && Date.now() < until) {
        expect(res.status).toBe(503);
        await new Promise((r) => setTimeout(r, 500));
        res = await verify();
      }
      expect(res.status).toBe(200);
      const id = ((await res.json()) as { effect: { id: string } }).effect.id;
      expect((await server.app.request('/readyz')).status).toBe(200);
      const listed = (await (await server.app.request('/v0/effects', { headers: auth() })).json()) as { items: { id: string }[] };
      expect(listed.items.map((i) => i.id)).toEqual([id]);
      // The key table came back empty; the first reload (at most one a second) stores the server's own keys again.
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await server.app.request('/v0/effects', { headers: auth('wk_unknown_key_0000000000') })).status).toBe(401);
      expect((await db.query<{ n: number }>('select count(*)::int8 as n from api_keys'))[0]!.n).toBe(2);
    } finally {
      await db.close();
    }
  }, 240_000);
});
