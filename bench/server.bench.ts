/**
 * The sidecar under load from a second process on loopback (wrk, else autocannon): requests per
 * second and p50/p99 latency of POST /v0/reply-contracts/verify with the automotive contract, on
 * PGlite (a data folder) and on PostgreSQL (DATABASE_URL, a fresh schema), each against a
 * constant-response route of the same server, the two measured in alternating rounds. Every 2xx
 * must have its effect in the store (W6), and no request may fail.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/evidence/json-logger.js';
import { createServer, hashApiKey, listen } from '../src/server/index.js';
import { automotiveContract, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from '../src/server/testing.js';
import type { Database } from '../src/store/index.js';
import { loadavg } from 'node:os';
import { autocannon } from './autocannon.js';
import { forEachBenchStore } from './bench-stores.js';
import { median, report, round } from './measure.js';
import { timedServer } from './timed-server.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-bench-'));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MAX_AMOUNT = 40_000; // requests per autocannon run at most (count bound)
// Measured in alternating rounds (constant route, then verify, ROUNDS times), each ROUND_SECONDS:
// the machine may be shared, and a ratio of two runs seconds apart follows its load far less
// than one of two runs a minute apart.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const WARM_SECONDS = 2;
const MAX_SECONDS = 20; // and autocannon stops after this whatever happens (time bound)
const body = JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate, safeAutomotiveCandidate] });

interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/**
 * The load generator: wrk (C, one thread, leaves the cores to the server) when it is installed
 * (`apt-get install wrk`), else autocannon (Node, itself a core's worth of work at these rates).
 * `BENCH_LOAD=autocannon` forces autocannon.
 */
const generator = process.env.BENCH_LOAD === 'autocannon' || spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk';

/**
 * Loads `url` for about `seconds`. wrk runs by time. autocannon runs by a count, sized from `rps`
 * (a warm-up's rate; 3,000 without one) to last about that long and bounded by MAX_SECONDS, so
 * it ends with every response received.
 */
function load(url: string, seconds: number, rps?: number): Promise<Load> {
  if (generator === 'wrk') return wrk(url, seconds);
  const amount = rps === undefined ? 3_000 : Math.max(1_000, Math.min(MAX_AMOUNT, Math.round(rps * seconds)));
  return autocannonLoad(url, amount, MAX_SECONDS);
}

/** The server's timing of its routes: autocannon's own duration is whole seconds (see timed-server.ts). */
let timing: ReturnType<typeof timedServer> | undefined;

/**
 * Runs wrk against `url` for `seconds`; its Lua script posts the body. wrk's run is bounded by
 * time only: it always runs its full `-d` and divides by that, so a Lua script that stops its
 * thread early (by a response count) leaves the rate at count / duration whatever the server
 * did. The requests still in flight when wrk stops (at most one per connection) are abandoned
 * by wrk but still served, so the store holds between the 2xx counted and that many more.
 */
async function wrk(url: string, seconds: number): Promise<Load> {
  const script = join(dir, 'post.lua');
  await writeFile(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(body)}`,
      `wrk.headers["authorization"] = "Bearer ${testKeys.acme}"`,
      'wrk.headers["content-type"] = "application/json"',
    ].join('\n'),
  );
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', script, url];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      const ms = (label: string) => {
        const m = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
        if (!m) return Number.NaN;
        return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
      };
      const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(out);
      if (!total) return reject(new Error(`wrk gave no summary: ${out.slice(-500)}`));
      const duration = Number(total[2]) * ({ us: 1e-6, ms: 1e-3, s: 1, m: 60 } as Record<string, number>)[total[3]!]!;
      const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
      const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const socketErrors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
      const requests = Number(total[1]);
      resolve({ rps: requests / duration, p50: ms('50'), p99: ms('99'), ok: requests - non2xx, errors: non2xx + socketErrors });
    });
  });
}

/** autocannon against `url`: `amount` requests at most, for `seconds` at most. */
async function autocannonLoad(url: string, amount: number, seconds: number): Promise<Load> {
  const path = new URL(url).pathname;
  timing?.restart(path);
  const r = await autocannon({ url, body, key: testKeys.acme, connections: CONNECTIONS, amount, seconds });
  // Answers over the server's own span of the run: autocannon's duration is in whole seconds.
  const elapsed = timing?.seconds(path) ?? r.duration;
  return { rps: r.requests.total / elapsed, p50: r.latency.p50, p99: r.latency.p99, ok: r.ok, errors: r.errors };
}

async function measure(storeName: string, db: Database): Promise<void> {
  const flushes = process.env.BENCH_FLUSHES ? { effectWriter: { maxConcurrentFlushes: Number(process.env.BENCH_FLUSHES) } } : {};
  const server = await createServer({ store: db, apiKeys: [{ tenantId: 'acme', keySha256: hashApiKey(testKeys.acme) }], logger: silentLogger, ...flushes });
  // The baseline: same server, same middleware (key check, logging, spans), a constant answer.
  server.app.post('/v0/bench/constant', (c) => c.json({ body: 'constant' }));
  timing = timedServer(server);
  const running = await listen(timing.server, { port: 0 });
  try {
    const constantUrl = `${running.url}/v0/bench/constant`;
    const verifyUrl = `${running.url}/v0/reply-contracts/verify`;
    const loadBefore = loadavg()[0]!;
    // Warm-ups (also JIT and connection pools), then the alternating rounds.
    const constantWarm = await load(constantUrl, WARM_SECONDS);
    const verifyWarm = await load(verifyUrl, WARM_SECONDS);
    await server.drain();
    const [before] = await db.query<{ n: number }>('select count(*)::int8 as n from effects');
    const rounds: { constant: Load; verify: Load }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const constant = await load(constantUrl, ROUND_SECONDS, constantWarm.rps);
      const verify = await load(verifyUrl, ROUND_SECONDS, verifyWarm.rps);
      await server.drain();
      rounds.push({ constant, verify });
    }
    const [after] = await db.query<{ n: number }>('select count(*)::int8 as n from effects');
    const persisted = after!.n - before!.n;
    const of = (route: 'constant' | 'verify', key: keyof Load) => rounds.map((r) => r[route][key]);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const ok = sum(of('verify', 'ok'));
    const verifyErrors = sum(of('verify', 'errors'));
    report(`server-verify-${storeName}`, {
      store: storeName,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      round_seconds: ROUND_SECONDS,
      // Medians over the rounds; the p99 also as the worst round's.
      verify_rps: round(median(of('verify', 'rps')), 0),
      verify_p50_ms: median(of('verify', 'p50')),
      verify_p99_ms: median(of('verify', 'p99')),
      verify_p99_worst_ms: Math.max(...of('verify', 'p99')),
      constant_rps: round(median(of('constant', 'rps')), 0),
      constant_p50_ms: median(of('constant', 'p50')),
      constant_p99_ms: median(of('constant', 'p99')),
      // The median over rounds of verify's rate over the constant route's in the same round.
      rps_ratio_to_constant: round(median(rounds.map((r) => r.verify.rps / r.constant.rps)), 3),
      errors: verifyErrors + sum(of('constant', 'errors')),
      responses_2xx: ok,
      effects_persisted: persisted,
      load_generator: generator,
      // autocannon ends by count with every response received, so the two must be equal; wrk
      // abandons the requests in flight when it stops (at most one per connection, or one per
      // error), which the server still serves and stores.
      every_2xx_persisted: generator === 'wrk' ? persisted >= ok && persisted <= ok + ROUNDS * CONNECTIONS + verifyErrors : persisted === ok,
      // The 1-minute load average of the machine before and after: the figures of a shared
      // machine mean little without it (2 cores: above 2, the server waits for a core).
      load_average: [round(loadBefore, 1), round(loadavg()[0]!, 1)],
      speedup: round(median(rounds.map((r) => r.verify.rps / r.constant.rps)), 3),
    });
  } finally {
    await running.close();
  }
}

// `BENCH_STORES=postgres` (or `pglite`) measures one store only, e.g. to profile it.
await forEachBenchStore('server', dir, measure);
await rm(dir, { recursive: true, force: true });
