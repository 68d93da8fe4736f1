/**
 * The sidecar under load from a second process on loopback (autocannon): requests per second
 * and p50/p99 latency of POST /v0/reply-contracts/verify with the automotive contract, on PGlite
 * (a data folder) and on PostgreSQL (DATABASE_URL, a fresh schema), each against a
 * constant-response route of the same server in the same run. Every 2xx must have its effect in
 * the store (W6), and no request may fail.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../src/evidence/json-logger.js';
import { packageRoot } from '../src/package-root.js';
import { createServer, hashApiKey, listen } from '../src/server/index.js';
import { automotiveContract, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from '../src/server/testing.js';
import { openPostgresDatabase, openStore, type Database } from '../src/store/index.js';
import { report, round } from './measure.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MAX_AMOUNT = 40_000; // requests per measured run at most (count bound)
const TARGET_SECONDS = 5; // each measured run is sized from its warm-up to last about this long
const MAX_SECONDS = 20; // and the load process stops after this whatever happens (time bound)
const body = JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate, safeAutomotiveCandidate] });

interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

/** Runs autocannon in its own process against `url` and reads its JSON summary. */
function load(url: string, amount: number, seconds = MAX_SECONDS): Promise<Load> {
  const args = [
    join(packageRoot(), 'node_modules', 'autocannon', 'autocannon.js'),
    '-c', String(CONNECTIONS),
    '-O', String(amount),
    '-d', String(seconds),
    '-m', 'POST',
    '-H', `authorization=Bearer ${testKeys.acme}`,
    '-H', 'content-type=application/json',
    '-b', body,
    '--json',
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as { duration: number; requests: { total: number }; latency: { p50: number; p99: number }; '2xx': number; non2xx: number; errors: number; timeouts: number };
        // Total over the run's own duration: the per-second sample average is too coarse for short runs.
        resolve({ rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, ok: r['2xx'], errors: r.non2xx + r.errors + r.timeouts });
      } catch (error) {
        reject(new Error(`autocannon gave no summary: ${(error as Error).message}; ${err.slice(-500)}`));
      }
    });
  });
}

async function measure(storeName: string, db: Database): Promise<void> {
  const flushes = process.env.BENCH_FLUSHES ? { effectWriter: { maxConcurrentFlushes: Number(process.env.BENCH_FLUSHES) } } : {};
  const server = await createServer({ store: db, apiKeys: [{ tenantId: 'acme', keySha256: hashApiKey(testKeys.acme) }], logger: silentLogger, ...flushes });
  // The baseline: same server, same middleware (key check, logging, spans), a constant answer.
  server.app.post('/v0/bench/constant', (c) => c.json({ body: 'constant' }));
  const running = await listen(server, { port: 0 });
  try {
    // Warm-ups (also JIT and connection pools); each measured run is then bounded by a count
    // sized to about TARGET_SECONDS, so it ends by count with every response received, which
    // is what makes the 2xx-versus-persisted comparison exact.
    const size = (warm: Load) => Math.max(1_000, Math.min(MAX_AMOUNT, Math.round(warm.rps * TARGET_SECONDS)));
    const constantWarm = await load(`${running.url}/v0/bench/constant`, 3_000, 3);
    const verifyWarm = await load(`${running.url}/v0/reply-contracts/verify`, 3_000, 3);
    const constant = await load(`${running.url}/v0/bench/constant`, size(constantWarm));
    await server.drain();
    const [before] = await db.query<{ n: number }>('select count(*)::int8 as n from effects');
    const verify = await load(`${running.url}/v0/reply-contracts/verify`, size(verifyWarm));
    await server.drain();
    const [after] = await db.query<{ n: number }>('select count(*)::int8 as n from effects');
    const persisted = after!.n - before!.n;
    report(`server-verify-${storeName}`, {
      store: storeName,
      connections: CONNECTIONS,
      verify_rps: round(verify.rps, 0),
      verify_p50_ms: verify.p50,
      verify_p99_ms: verify.p99,
      constant_rps: round(constant.rps, 0),
      constant_p50_ms: constant.p50,
      constant_p99_ms: constant.p99,
      rps_ratio_to_constant: round(verify.rps / constant.rps, 3),
      errors: verify.errors + constant.errors,
      responses_2xx: verify.ok,
      effects_persisted: persisted,
      every_2xx_persisted: persisted === verify.ok,
      // Time per request of the constant route over that of verify: how much of the constant
      // route's speed the durable verification keeps.
      speedup: round(constant.rps > 0 ? verify.rps / constant.rps : 0, 3),
    });
  } finally {
    await running.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'warrant-bench-'));
try {
  const pglite = await openStore({ dataDir: join(dir, 'pgdata') });
  try {
    await measure('pglite', pglite);
  } finally {
    await pglite.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(4).toString('hex')}`;
try {
  const pg = await openStore({ databaseUrl: url, schema });
  try {
    await measure('postgres', pg);
  } finally {
    await pg.close();
    const admin = await openPostgresDatabase({ url });
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
  }
} catch (error) {
  process.stderr.write(`bench server: PostgreSQL at ${url} unavailable: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
