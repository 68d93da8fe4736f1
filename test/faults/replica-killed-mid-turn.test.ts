import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { englishConversation } from '../../examples/trip/index.js';
import { spawnWarrant, testKeys, type SpawnedWarrant } from '../../src/server/testing.js';
import { openStore, type Database } from '../../src/store/index.js';

const databaseUrl = process.env.DATABASE_URL?.trim();

/**
 * A replica killed with SIGKILL in the middle of a turn: two `warrant serve` processes on one
 * PostgreSQL (a fresh schema), the host's retry of the same turn id through the other replica.
 */
describe.runIf(databaseUrl)('a replica killed with SIGKILL in the middle of a turn', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const replicas: SpawnedWarrant[] = [];
  let direct: Database;
  let dir: string;
  afterAll(async () => {
    for (const r of replicas) r.child.kill('SIGKILL');
    await Promise.all(replicas.map((r) => r.exited));
    await direct?.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await direct?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const workflow = join(import.meta.dirname, 'stalling-trip');
  const ready = /serving on (http:\/\/\S+)/;
  const replica = async (stallSignal?: string) => {
    const keys = join(dir, 'keys.json');
    if (!existsSync(keys)) {
      await writeFile(keys, JSON.stringify({ keys: [{ tenant_id: 'acme', key: testKeys.acme }] }));
      await chmod(keys, 0o600);
    }
    const env = { DATABASE_URL: databaseUrl!, WARRANT_DATABASE_SCHEMA: schema, WARRANT_API_KEYS: '', WARRANT_TEST_STALL_SIGNAL: stallSignal ?? '' };
    const spawned = await spawnWarrant(['serve', '--port', '0', '--workflow', workflow, '--keys', keys], { env, ready });
    replicas.push(spawned);
    return spawned;
  };
  /** A first turn of its own: a trip record no other turn touches. */
  const turnOf = (name: string) =>
    JSON.parse(
      JSON.stringify(englishConversation[0])
        .replaceAll('trip-milan', `trip-${name}`)
        .replace(/"turn_id":"[^"]*"/, `"turn_id":"turn-${name}"`),
    ) as { turn_id: string };
  const postTurn = (replica: SpawnedWarrant, turn: unknown) =>
    fetch(`${replica.url}/v0/turns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify(turn),
    });
  /** What the store holds of one turn: its rows in `turns`, and its events. */
  const storedTurn = async (turnId: string) => {
    const [{ turns }] = (await direct.query<{ turns: number }>('select count(*)::int8 as turns from turns where tenant_id = $1 and id = $2', [
      'acme',
      turnId,
    ])) as [{ turns: number }];
    const events = await direct.query<{ type: string }>('select type from turn_events where tenant_id = $1 and turn_id = $2 order by revision', [
      'acme',
      turnId,
    ]);
    return { turns, events: events.map((e) => e.type) };
  };

  it('killed inside the turn (before its commit): the retry through the other replica commits it once; killed right after the commit: the retry returns the committed turn', async () => {
    dir = await mkdtemp(join(tmpdir(), 'warrant-replica-kill-'));
    direct = await openStore({ databaseUrl: databaseUrl!, schema });
    const signal = join(dir, 'stalled');
    const [a, b, a2] = await Promise.all([replica(signal), replica(), replica()]);

    // 1. A stalls inside the turn's act; the kill lands there.
    const first = turnOf('inside');
    const toA = postTurn(a, first).then(
      (res) => `answered ${res.status}`,
      (error: Error) => `failed: ${(error.cause as NodeJS.ErrnoException | undefined)?.code ?? error.message}`,
    );
    const deadline = Date.now() + 60_000;
    while (!existsSync(signal) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(signal), 'A reached the act').toBe(true);
    a.child.kill('SIGKILL');
    expect(await a.exited).toBe(null);
    const endedA = await toA;
    expect(endedA).toMatch(/^failed: /); // the connection died with A: nothing was acknowledged
    expect(await storedTurn(first.turn_id)).toEqual({ turns: 0, events: [] });
    const retried = await postTurn(b, first);
    expect(retried.status).toBe(200);
    const committed = await retried.json();
    const again = await postTurn(b, first);
    expect(await again.json()).toEqual(committed);
    expect(await storedTurn(first.turn_id)).toEqual({ turns: 1, events: ['trip_started', 'traveler_added', 'extra_added'] });

    // 2. A third replica, A', is killed the moment the turn's commit is visible in the store, before
    //    or just after its reply left.
    const second = turnOf('after');
    const toA2 = postTurn(a2, second).then(
      async (res) => ({ status: res.status, body: (await res.json()) as unknown }),
      () => undefined,
    );
    const until = Date.now() + 60_000;
    while ((await storedTurn(second.turn_id)).turns === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 2));
    a2.child.kill('SIGKILL');
    await a2.exited;
    const answeredByA2 = await toA2;
    const fromB = await postTurn(b, second);
    expect(fromB.status).toBe(200);
    const returned = await fromB.json();
    if (answeredByA2 !== undefined) expect(returned).toEqual(answeredByA2.body);
    expect(await storedTurn(second.turn_id)).toEqual({ turns: 1, events: ['trip_started', 'traveler_added', 'extra_added'] });
    console.log(
      `replica killed mid-turn: inside the act, A's client ${endedA} and B committed it once; right after the commit, A' ${answeredByA2 ? 'had answered' : 'had not answered'} and B returned the committed turn`,
    );
  }, 180_000);
});
