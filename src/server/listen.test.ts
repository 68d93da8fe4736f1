import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Database } from '../store/index.js';
import { listen, type RunningServer } from './listen.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

let db: Database;
let running: RunningServer;
beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
  const server = await createTestServer(db, { bodyLimitBytes: 2048 });
  running = await listen(server, { port: 0 });
});
afterAll(async () => {
  await running.close();
  await db.close();
});

/** Sends `body` in chunks without a declared length (chunked encoding), the way a stream uploads. */
function chunked(path: string, chunks: string[]): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${running.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('over a real socket', () => {
  it('a body read from the socket in chunks verifies like any other', async () => {
    const text = JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] });
    const res = await chunked('/v0/reply-contracts/verify', [text.slice(0, 100), text.slice(100)]);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { body: string }).body).toBe(automotiveContract.fallback_body);
  });

  it('a streamed body over the limit is answered 413 as a problem document, not a dropped connection', async () => {
    const res = await chunked('/v0/reply-contracts/verify', Array.from({ length: 8 }, () => 'x'.repeat(1024)));
    expect(res.status).toBe(413);
    expect((JSON.parse(res.body) as { code: string }).code).toBe('payload_too_large');
  });

  it('a declared length over the limit is refused before the body is read', async () => {
    const res = await fetch(`${running.url}/v0/reply-contracts/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: 'x'.repeat(4096),
    });
    expect(res.status).toBe(413);
  });
});
