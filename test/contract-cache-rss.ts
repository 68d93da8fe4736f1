/**
 * Measures the sidecar's memory under many large contracts: starts
 * `warrant serve` (PostgreSQL when DATABASE_URL is set, else PGlite in a temp folder), verifies
 * 300 distinct contracts of 250 KB each through it, and prints one JSON line with the server
 * process's resident set size after them (VmRSS) and its peak (VmHWM), in MB.
 *
 *   npx tsx test/contract-cache-rss.ts [count] [kilobytes]
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { automotiveContract, spawnWarrant, testKeys, unsafeAutomotiveCandidate } from '../src/server/testing.js';
import { openStore } from '../src/store/index.js';

const count = Number(process.argv[2] ?? 300);
const kilobytes = Number(process.argv[3] ?? 250);

/** A distinct contract whose JSON is about `kilobytes` KB of UTF-8 (forbidden terms in Chinese). */
function largeContract(seed: number) {
  const terms: string[] = [];
  let size = JSON.stringify(automotiveContract).length;
  for (let i = 0; size < kilobytes * 1000; i++) {
    const term = `禁${seed}語${i}詞`;
    terms.push(term);
    size += Buffer.byteLength(term) + 3;
  }
  return { ...automotiveContract, forbidden_terms: [...automotiveContract.forbidden_terms, ...terms] };
}

const dir = await mkdtemp(join(tmpdir(), 'warrant-rss-'));
const databaseUrl = process.env.DATABASE_URL?.trim();
const schema = `rss_${randomBytes(4).toString('hex')}`;
const env: Record<string, string> = databaseUrl
  ? { DATABASE_URL: databaseUrl, WARRANT_DATABASE_SCHEMA: schema, WARRANT_API_KEYS: '' }
  : { DATABASE_URL: '', WARRANT_DATA_DIR: join(dir, 'pgdata'), WARRANT_API_KEYS: '' };
const keys = join(dir, 'keys.json');
await writeFile(keys, JSON.stringify({ keys: [{ tenant_id: 'acme', key: testKeys.acme }] }), { mode: 0o600 });
const server = await spawnWarrant(['serve', '--port', '0', '--keys', keys], { env, ready: /serving on (http:\/\/\S+)/ });
const memory = () => {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
};
const before = memory();
const started = Date.now();
let ok = 0;
let bodyBytes = 0;
for (let i = 0; i < count; i++) {
  const body = JSON.stringify({ contract: largeContract(i), candidates: [unsafeAutomotiveCandidate] });
  bodyBytes = Buffer.byteLength(body);
  const res = await fetch(`${server.url}/v0/reply-contracts/verify`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
    body,
  });
  if (res.status === 200) ok++;
  await res.arrayBuffer();
}
const after = memory();
server.child.kill('SIGTERM');
await server.exited;
if (databaseUrl) {
  const admin = await openStore({ databaseUrl });
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.close();
}
await rm(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    measure: 'contract-cache-rss',
    store: databaseUrl ? 'postgres' : 'pglite',
    contracts: count,
    bodyBytes,
    verified: ok,
    seconds: Math.round((Date.now() - started) / 1000),
    rssBeforeMb: before.rssMb,
    rssAfterMb: after.rssMb,
    peakMb: after.peakMb,
  }),
);
