import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { englishConversation } from '../../examples/trip/index.js';
import { packageRoot } from '../package-root.js';
import { openStore, type Database } from '../store/index.js';
import { automotiveContract, safeAutomotiveCandidate, spawnWarrant, testKeys, unsafeAutomotiveCandidate, type SpawnedWarrant } from './testing.js';

const databaseUrl = process.env.DATABASE_URL?.trim();

/**
 * The scale-out path: stateless `warrant serve` replicas over one PostgreSQL. Two real processes
 * on one fresh schema are raced with the same turn ids and with verifications.
 */
describe.runIf(databaseUrl)('replicas: two warrant serve processes on one PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const replicas: SpawnedWarrant[] = [];
  let direct: Database;
  let dir: string;
  afterAll(async () => {
    for (const r of replicas) r.child.kill('SIGTERM');
    await Promise.all(replicas.map((r) => r.exited));
    await direct?.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await direct?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const call = async (replica: SpawnedWarrant, path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
    const res = await fetch(`${replica.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${init.key ?? testKeys.acme}`, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('one commit per turn id, identical results from either, every acknowledged effect listed from either, a key added through one accepted by the other', async () => {
    dir = await mkdtemp(join(tmpdir(), 'warrant-replicas-'));
    direct = await openStore({ databaseUrl: databaseUrl!, schema });
    const keysFile = async (name: string, keys: { tenant_id: string; key: string }[]) => {
      const file = join(dir, name);
      await writeFile(file, JSON.stringify({ keys }));
      await chmod(file, 0o600);
      return file;
    };
    const env = { DATABASE_URL: databaseUrl!, WARRANT_DATABASE_SCHEMA: schema, WARRANT_API_KEYS: '' };
    const workflow = join(packageRoot(), 'examples', 'trip');
    const ready = /serving on (http:\/\/\S+)/;
    const a = await spawnWarrant(
      ['serve', '--port', '0', '--workflow', workflow, '--keys', await keysFile('a.json', [{ tenant_id: 'acme', key: testKeys.acme }])],
      { env, ready },
    );
    replicas.push(a);
    // The second replica's configuration adds tenant beta's key (keys are provisioned at start).
    const bKeys = await keysFile('b.json', [
      { tenant_id: 'acme', key: testKeys.acme },
      { tenant_id: 'beta', key: testKeys.beta },
    ]);
    const b = await spawnWarrant(['serve', '--port', '0', '--workflow', workflow, '--keys', bKeys], { env, ready });
    replicas.push(b);

    // A key added through B is accepted by A: an unknown key reloads the table, at most once a
    // second, so within a second of B's start (A may have loaded its keys less than one ago).
    const deadline = Date.now() + 3_000;
    let status = (await call(a, '/v0/effects', { key: testKeys.beta })).status;
    while (status === 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await call(a, '/v0/effects', { key: testKeys.beta })).status;
    }
    expect(status).toBe(200);

    // The same turn ids raced through both replicas, two requests each: one commit, one answer.
    for (const turn of englishConversation) {
      const answers = await Promise.all([a, b, a, b].map((r) => call(r, '/v0/turns', { method: 'POST', body: turn })));
      expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
      for (const answer of answers.slice(1)) expect(answer.json).toEqual(answers[0]!.json);
      const [fromA, fromB] = await Promise.all([call(a, `/v0/turns/${turn.turn_id}`), call(b, `/v0/turns/${turn.turn_id}`)]);
      expect(fromA).toEqual(fromB);
      const [{ n }] = (await direct.query<{ n: number }>('select count(*)::int8 as n from turns where tenant_id = $1 and id = $2', ['acme', turn.turn_id])) as [
        { n: number },
      ];
      expect(n, turn.turn_id).toBe(1);
    }

    // Verifications raced through both: the same request gives the same verdict on either, and
    // every acknowledged effect is listed by either replica.
    const requests = Array.from({ length: 60 }, (_, i) => ({
      contract: automotiveContract,
      candidates: [i % 2 ? safeAutomotiveCandidate : unsafeAutomotiveCandidate],
    }));
    const verified = await Promise.all(requests.map((body, i) => call(i % 2 ? a : b, '/v0/reply-contracts/verify', { method: 'POST', body })));
    expect(verified.every((v) => v.status === 200)).toBe(true);
    // Each request is its own trace, so an effect's id, time and trace id are its own; the verdict is the rest.
    const verdict = (v: { json: Record<string, unknown> }) => {
      const { id: _id, created_at: _at, trace_id: _trace, ...rest } = v.json.effect as Record<string, unknown>;
      return { body: v.json.body, effect: rest };
    };
    expect(verdict(verified[0]!).effect).not.toEqual(verdict(verified[1]!).effect); // the two requests differ...
    // ...and each gives the same verdict whichever replica answers it.
    const [safeOnA, safeOnB] = await Promise.all([a, b].map((r) => call(r, '/v0/reply-contracts/verify', { method: 'POST', body: requests[1] })));
    expect(verdict(safeOnA!)).toEqual(verdict(safeOnB!));
    expect(verdict(safeOnA!)).toEqual(verdict(verified[1]!));
    const [sameOnA, sameOnB] = await Promise.all([a, b].map((r) => call(r, '/v0/reply-contracts/verify', { method: 'POST', body: requests[0] })));
    expect(verdict(sameOnA!)).toEqual(verdict(sameOnB!));
    const acknowledged = [...verified, safeOnA!, safeOnB!, sameOnA!, sameOnB!].map((v) => (v.json.effect as { id: string }).id);
    for (const replica of [a, b]) {
      const listed = await call(replica, '/v0/effects?limit=200');
      const ids = new Set((listed.json.items as { id: string }[]).map((i) => i.id));
      expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    }
    console.log(
      `replicas (postgres): ${englishConversation.length} turn ids raced 4 ways, 1 commit each; ${acknowledged.length} effects acknowledged, all listed from both replicas`,
    );
  }, 240_000);
});
