import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { englishConversation } from '../../../examples/trip/index.js';
import { packageRoot } from '../../package-root.js';
import { automotiveContract, safeAutomotiveCandidate, spawnWarrant, testKeys, unsafeAutomotiveCandidate, type SpawnedWarrant } from '../../server/testing.js';
import { verifyEvidence } from '../../evidence/verify-evidence.js';
import { DATA_DIR_LOCK_FILE, openStore, type Database } from '../../store/index.js';

/**
 * The faults an operator meets, on real `warrant serve` processes: kill -9 under load, SIGTERM
 * under keep-alive load, and (PGlite) a second process on the same data folder. Each one counts
 * acknowledged effects against persisted ones.
 */

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const body = (i: number) => JSON.stringify({ contract: automotiveContract, candidates: [i % 2 ? safeAutomotiveCandidate : unsafeAutomotiveCandidate] });

interface LoadOutcome {
  readonly acknowledged: string[];
  /** Per client, how its last request ended: `ok` (stopped by the test), or the error code. */
  readonly endings: string[];
  /** `Connection` header of every response, in arrival order. */
  readonly connectionHeaders: string[];
}

/**
 * `clients` keep-alive clients (one socket each) verify back to back until told to stop or until
 * a request fails; `onAck` runs after every acknowledgement (the test sends its signal there).
 */
async function keepAliveLoad(
  url: string,
  { clients, stopAfter, onAck }: { clients: number; stopAfter: () => boolean; onAck: (acks: number) => void },
): Promise<LoadOutcome> {
  const acknowledged: string[] = [];
  const connectionHeaders: string[] = [];
  const send = (agent: Agent, i: number) =>
    new Promise<{ status: number; text: string; connection: string }>((resolve, reject) => {
      const payload = body(i);
      const req = httpRequest(`${url}/v0/reply-contracts/verify`, {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: String(res.headers.connection ?? '') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  let sent = 0;
  const client = async (): Promise<string> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (!stopAfter()) {
        let answer: Awaited<ReturnType<typeof send>>;
        try {
          answer = await send(agent, sent++);
        } catch (error) {
          return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        }
        connectionHeaders.push(answer.connection);
        if (answer.status !== 200) return `status ${answer.status}`;
        acknowledged.push((JSON.parse(answer.text) as { effect: { id: string } }).effect.id);
        onAck(acknowledged.length);
      }
      return 'ok';
    } finally {
      agent.destroy();
    }
  };
  const endings = await Promise.all(Array.from({ length: clients }, client));
  return { acknowledged, endings, connectionHeaders };
}

/** Every effect id of tenant `acme`, read through the API of a running server. */
async function listedEffects(url: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const res = await fetch(`${url}/v0/effects?limit=200${cursor ? `&cursor=${cursor}` : ''}`, { headers: { authorization: `Bearer ${testKeys.acme}` } });
    const page = (await res.json()) as { items: { id: string }[]; next_cursor: string | null };
    for (const item of page.items) ids.add(item.id);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return ids;
}

/** Runs kill -9 on a loaded server; resolves with what was acknowledged before it died. */
async function killUnderLoad(server: SpawnedWarrant): Promise<string[]> {
  let killed = false;
  const load = await keepAliveLoad(server.url, {
    clients: 8,
    stopAfter: () => killed,
    onAck: (acks) => {
      if (acks >= 60 && !killed) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    },
  });
  await server.exited;
  expect(killed).toBe(true);
  return load.acknowledged;
}

/** SIGTERM under keep-alive load: resolves with the load's outcome once the process has exited. */
async function drainUnderLoad(server: SpawnedWarrant): Promise<LoadOutcome & { exitCode: number | null }> {
  let signalled = false;
  const load = await keepAliveLoad(server.url, {
    clients: 8,
    stopAfter: () => false, // each client goes on until the server turns it away
    onAck: (acks) => {
      if (acks >= 60 && !signalled) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
    },
  });
  return { ...load, exitCode: await server.exited };
}

/** The drain's promise: every client ended cleanly (refused a NEW connection), never reset mid-request. */
function expectCleanDrain(outcome: LoadOutcome & { exitCode: number | null }, server: SpawnedWarrant): void {
  expect(outcome.exitCode, server.stderr()).toBe(0);
  expect(server.stdout()).toContain('SIGTERM: draining');
  expect(
    outcome.endings.filter((e) => e !== 'ECONNREFUSED'),
    'each client refused a new connection, none reset',
  ).toEqual([]);
  expect(outcome.connectionHeaders.filter((h) => h === 'close').length).toBeGreaterThan(0);
}

const serveArgs = (keysFile: string) => ['serve', '--port', '0', '--keys', keysFile];
const ready = /serving on (http:\/\/\S+)/;

async function keysFileIn(dir: string): Promise<string> {
  const file = join(dir, 'keys.json');
  await writeFile(file, JSON.stringify({ keys: [{ tenant_id: 'acme', key: testKeys.acme }] }));
  await chmod(file, 0o600);
  return file;
}

/** Every folder under `dir` and every file, with a mode that lets group or others in. */
async function notPrivate(dir: string): Promise<string[]> {
  const found: string[] = [];
  const { mode } = await lstat(dir);
  if ((mode & 0o777) !== 0o700) found.push(`${dir} ${(mode & 0o777).toString(8)}`);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await notPrivate(path)));
    else if (entry.isFile()) {
      const m = (await lstat(path)).mode & 0o777;
      if (m !== 0o600) found.push(`${path} ${m.toString(8)}`);
    }
  }
  return found;
}

describe('faults on PGlite (one data folder)', () => {
  let dir: string;
  let dataDir: string;
  let keys: string;
  let env: Record<string, string>;
  let first: SpawnedWarrant;
  let acknowledgedBeforeKill: string[] = [];

  it('W10: a second process on the folder (serve, turn) refuses, naming the folder and the holder pid, without a stack', async () => {
    dir = await mkdtemp(join(tmpdir(), 'warrant-faults-'));
    dirs.push(dir);
    dataDir = join(dir, 'pgdata');
    keys = await keysFileIn(dir);
    // A generous drain deadline: on a loaded machine PGlite's requests in flight may take seconds.
    env = { DATABASE_URL: '', WARRANT_DATA_DIR: dataDir, WARRANT_API_KEYS: '', WARRANT_DRAIN_TIMEOUT_MS: '60000' };
    first = await spawnWarrant(serveArgs(keys), { env, ready });

    const refused = (args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'warrant.mjs'), ...args], {
          env: { ...process.env, ...env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    const turnFile = join(dir, 'turn.json');
    await writeFile(turnFile, JSON.stringify(englishConversation[0]));
    for (const args of [serveArgs(keys), ['turn', '--workflow', join(packageRoot(), 'examples', 'trip'), '--turn', turnFile]]) {
      const { code, stderr } = await refused(args);
      expect(code, `${args[0]}: ${stderr}`).toBe(1);
      expect(stderr).toContain(dataDir);
      expect(stderr).toContain(`pid ${first.child.pid}`);
      expect(stderr).not.toMatch(/\n\s+at /); // a sentence, not a stack
    }
  }, 600_000);

  it('kill -9 under load: every acknowledged effect is persisted; the dead process lock is taken over', async () => {
    acknowledgedBeforeKill = await killUnderLoad(first);
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(true); // left behind by the killed process
    const second = await spawnWarrant(serveArgs(keys), { env, ready });
    try {
      const listed = await listedEffects(second.url);
      const lost = acknowledgedBeforeKill.filter((id) => !listed.has(id));
      console.log(
        `kill -9 under load (pglite): ${acknowledgedBeforeKill.length} acknowledged, ${acknowledgedBeforeKill.length - lost.length} persisted (${listed.size} stored in all)`,
      );
      expect(lost).toEqual([]);
      // W10: the data folder is private: folders 0700, files 0600.
      expect(await notPrivate(dataDir)).toEqual([]);
      first = second;
    } catch (error) {
      second.child.kill('SIGKILL');
      throw error;
    }
  }, 600_000);

  it('SIGTERM under keep-alive load: no client is reset, exit 0, every acknowledged effect persisted, the lock released', async () => {
    const outcome = await drainUnderLoad(first);
    expectCleanDrain(outcome, first);
    expect(existsSync(join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
    const store = await openStore({ dataDir });
    try {
      const stored = new Set((await store.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme'])).map((r) => r.id));
      const all = [...acknowledgedBeforeKill, ...outcome.acknowledged];
      const lost = all.filter((id) => !stored.has(id));
      console.log(
        `SIGTERM under keep-alive load (pglite): ${outcome.acknowledged.length} acknowledged, ${outcome.acknowledged.length - lost.length} persisted; client endings ${JSON.stringify(outcome.endings)}`,
      );
      expect(lost).toEqual([]);
      // W13: a kill -9 and a drain under load leave no half-sealed flush: the untouched store verifies clean.
      const report = await verifyEvidence(store);
      expect(report.problems).toEqual([]);
      expect(report.tenants.find((t) => t.tenantId === 'acme')!.rows).toBe(stored.size);
      expect(await notPrivate(dataDir)).toEqual([]);
    } finally {
      await store.close();
    }
  }, 600_000);
});

const databaseUrl = process.env.DATABASE_URL?.trim();

describe.runIf(databaseUrl)('faults on PostgreSQL (a fresh schema)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let direct: Database;
  let keys: string;
  const env = () => ({ DATABASE_URL: databaseUrl!, WARRANT_DATABASE_SCHEMA: schema, WARRANT_API_KEYS: '', WARRANT_DRAIN_TIMEOUT_MS: '60000' });
  afterAll(async () => {
    await direct?.query(`drop schema if exists ${schema} cascade`).catch(() => {});
    await direct?.close();
  });
  const persisted = async () => new Set((await direct.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme'])).map((r) => r.id));

  it('kill -9 under load: every acknowledged effect is persisted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warrant-faults-pg-'));
    dirs.push(dir);
    keys = await keysFileIn(dir);
    direct = await openStore({ databaseUrl: databaseUrl!, schema });
    const server = await spawnWarrant(serveArgs(keys), { env: env(), ready });
    const acknowledged = await killUnderLoad(server);
    const stored = await persisted();
    const lost = acknowledged.filter((id) => !stored.has(id));
    console.log(`kill -9 under load (postgres): ${acknowledged.length} acknowledged, ${acknowledged.length - lost.length} persisted`);
    expect(lost).toEqual([]);
    // W13: the flushes cut short by the kill left no half-sealed batch: the untouched store verifies clean.
    const report = await verifyEvidence(direct);
    expect(report.problems).toEqual([]);
    expect(report.tenants.find((t) => t.tenantId === 'acme')!.rows).toBe(stored.size);
  }, 120_000);

  it('SIGTERM under keep-alive load: no client is reset, exit 0, every acknowledged effect persisted', async () => {
    const server = await spawnWarrant(serveArgs(keys), { env: env(), ready });
    const outcome = await drainUnderLoad(server);
    expectCleanDrain(outcome, server);
    const stored = await persisted();
    const lost = outcome.acknowledged.filter((id) => !stored.has(id));
    console.log(
      `SIGTERM under keep-alive load (postgres): ${outcome.acknowledged.length} acknowledged, ${outcome.acknowledged.length - lost.length} persisted; client endings ${JSON.stringify(outcome.endings)}`,
    );
    expect(lost).toEqual([]);
  }, 120_000);
});
