import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { openStore, type Database } from '../store/index.js';
import type { MatchFixture } from '../suggest/match-fixture.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from './testing.js';

/**
 * A store that outlives a restart, opened again by a second "replica": a PGlite data folder
 * (one process at a time, so its replicas share one handle, as one process's servers would), and
 * a PostgreSQL schema when DATABASE_URL is set (each replica its own connection pool).
 */
function durableTargets() {
  const targets: { name: string; open: () => Promise<Database>; sharesHandle: boolean; cleanup: () => Promise<void> }[] = [];
  let folder: string | undefined;
  targets.push({
    name: 'pglite',
    sharesHandle: true,
    open: async () => openStore({ dataDir: (folder ??= await mkdtemp(join(tmpdir(), 'warrant-idem-'))) }),
    cleanup: async () => {
      if (folder) await rm(folder, { recursive: true, force: true });
    },
  });
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    targets.push({ name: 'postgres', sharesHandle: false, open: () => openStore({ databaseUrl: url, schema }), cleanup: async () => {} });
  }
  return targets;
}

const verifyBody = { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate, safeAutomotiveCandidate] };

describe.each(durableTargets())('Idempotency-Key on $name', (target) => {
  let stores: Database[] = [];
  let one: WarrantServer;
  let two: WarrantServer;
  let happy: MatchFixture;

  beforeAll(async () => {
    const first = await target.open();
    const second = target.sharesHandle ? first : await target.open();
    stores = target.sharesHandle ? [first] : [first, second];
    one = await createTestServer(first);
    two = await createTestServer(second);
    happy = JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json'), 'utf8')) as MatchFixture;
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await target.cleanup();
  });

  const post = (server: WarrantServer, path: string, body: unknown, key?: string, tenant: keyof typeof testKeys = 'acme') =>
    server.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys[tenant]}`, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const verify = (server: WarrantServer, body: unknown, key?: string, tenant: keyof typeof testKeys = 'acme') =>
    post(server, '/v0/reply-contracts/verify', body, key, tenant);
  const effectsWith = async (id: string) => {
    const [row] = await stores[0]!.query<{ n: number }>('select count(*)::int8 as n from effects where id = $1', [id]);
    return Number(row?.n);
  };
  const effectCount = async (tenant = 'acme') => {
    const [row] = await stores[0]!.query<{ n: number }>('select count(*)::int8 as n from effects where tenant_id = $1', [tenant]);
    return Number(row?.n);
  };
  type Verified = { body: string; effect: { id: string } };

  it('the same key and body return the stored response: same effect id, byte for byte, marked as a replay, one effect stored', async () => {
    const key = `same-${randomBytes(4).toString('hex')}`;
    const first = await verify(one, verifyBody, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstText = await first.text();
    const before = await effectCount();
    const again = await verify(one, verifyBody, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await again.text()).toBe(firstText);
    expect(await effectCount()).toBe(before);
    // Keys are compared on the request, not its spelling: the same body with its keys reordered is the same request.
    const reordered = await verify(one, { candidates: verifyBody.candidates, contract: verifyBody.contract }, key);
    expect(((await reordered.json()) as Verified).effect.id).toBe((JSON.parse(firstText) as Verified).effect.id);
  });

  it('the same key with a different body is 422 naming the header, and stores nothing', async () => {
    const key = `diff-${randomBytes(4).toString('hex')}`;
    expect((await verify(one, verifyBody, key)).status).toBe(200);
    const before = await effectCount();
    const other = await verify(one, { ...verifyBody, candidates: [safeAutomotiveCandidate] }, key);
    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toBe('application/problem+json');
    const problem = (await other.json()) as { code: string; issues: { path: string }[] };
    expect(problem.code).toBe('idempotency_key_reused');
    expect(problem.issues.map((i) => i.path)).toEqual(['idempotency-key']);
    expect(await effectCount()).toBe(before);
    // A key used on one operation is not reusable on another either.
    expect((await post(one, '/v0/suggestions', { match: happy.match, now: happy.now }, key)).status).toBe(422);
  });

  it('keys are per tenant: another tenant sending the same key gets its own effect', async () => {
    const key = `tenant-${randomBytes(4).toString('hex')}`;
    const acme = (await (await verify(one, verifyBody, key, 'acme')).json()) as Verified;
    const beta = await verify(one, verifyBody, key, 'beta');
    expect(beta.status).toBe(200);
    expect(beta.headers.get('idempotent-replayed')).toBeNull();
    expect(((await beta.json()) as Verified).effect.id).not.toBe(acme.effect.id);
  });

  it('two replicas racing one key run it once: every response carries the same effect id, and one effect is stored', async () => {
    const key = `race-${randomBytes(4).toString('hex')}`;
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => verify(i % 2 === 0 ? one : two, verifyBody, key)));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as Verified).effect.id)));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await effectsWith([...ids][0]!)).toBe(1);
  });

  it('a refused request stores nothing under its key: the corrected request with the same key runs', async () => {
    const key = `refused-${randomBytes(4).toString('hex')}`;
    expect((await verify(one, { contract: automotiveContract, candidates: 'not a list' }, key)).status).toBe(400);
    const corrected = await verify(one, verifyBody, key);
    expect(corrected.status).toBe(200);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['a control character', 'a\tb'],
  ])('a key that is %s is 400 naming the header', async (_name, key) => {
    const res = await verify(one, verifyBody, key);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['idempotency-key']);
  });

  it('suggestions: the same key returns the same stored result id as a replay; a different body is 422', async () => {
    const key = `sug-${randomBytes(4).toString('hex')}`;
    const body = { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now };
    const [a, b] = await Promise.all([post(one, '/v0/suggestions', body, key), post(two, '/v0/suggestions', body, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ja, jb] = (await Promise.all([a.json(), b.json()])) as { id: string }[];
    expect(ja!.id).toBe(jb!.id);
    expect([a, b].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const [row] = await stores[0]!.query<{ n: number }>('select count(*)::int8 as n from suggestions where id = $1', [ja!.id]);
    expect(Number(row?.n)).toBe(1);
    expect((await post(one, '/v0/suggestions', { ...body, now: '2030-01-01T00:00:00Z' }, key)).status).toBe(422);
  });

  it('a key holds across a restart: a new server on the reopened store replays the stored response', async () => {
    const key = `restart-${randomBytes(4).toString('hex')}`;
    const first = (await (await verify(one, verifyBody, key)).json()) as Verified;
    await one.drain();
    await two.drain();
    for (const store of stores) await store.close();
    const reopened = await target.open();
    stores = [reopened];
    one = two = await createTestServer(reopened);
    const again = await verify(one, verifyBody, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as Verified).effect.id).toBe(first.effect.id);
  });

  it('keys expire: after the expiry the same key runs the request again', async () => {
    const shortLived = await createTestServer(stores[0]!, { idempotency: { expiryMs: 50 } });
    const key = `expiry-${randomBytes(4).toString('hex')}`;
    const first = (await (await verify(shortLived, verifyBody, key)).json()) as Verified;
    await new Promise((resolve) => setTimeout(resolve, 120));
    const later = await verify(shortLived, { ...verifyBody, candidates: [safeAutomotiveCandidate] }, key);
    expect(later.status).toBe(200);
    expect(((await later.json()) as Verified).effect.id).not.toBe(first.effect.id);
  });
});
