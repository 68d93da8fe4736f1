import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { createJsonLogger } from '../evidence/json-logger.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { listen, type RunningServer } from './listen.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

let db: Database;
let running: RunningServer;
beforeAll(async () => {
  db = await openMemoryStore();
  const server = await createTestServer(db, { bodyLimitBytes: 2048 });
  running = await listen(server, { port: 0 });
}, 180_000); // PGlite takes long to start on a loaded machine
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
    const res = await chunked(
      '/v0/reply-contracts/verify',
      Array.from({ length: 8 }, () => 'x'.repeat(1024)),
    );
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

/** A raw TCP connection to `url`: what it was sent back, and when it closed. */
function rawSocket(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, connected, closed, received: () => received };
}

describe('W10: connections and slow clients are bounded', () => {
  it('a client that never finishes its headers is answered 408 and cut after the header timeout', async () => {
    const server = await createTestServer(db);
    const limited = await listen(server, { port: 0, headersTimeoutMs: 500, requestTimeoutMs: 1_000 });
    try {
      const slow = rawSocket(limited.url);
      await slow.connected;
      slow.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
      await slow.closed;
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('connections past the cap are closed at once; those within it are served', async () => {
    const server = await createTestServer(db);
    const limited = await listen(server, { port: 0, maxConnections: 2 });
    try {
      const held = [rawSocket(limited.url), rawSocket(limited.url)];
      await Promise.all(held.map((h) => h.connected));
      await new Promise((r) => setTimeout(r, 200)); // let the server count them
      const extra = rawSocket(limited.url);
      await extra.closed;
      expect(extra.received()).toBe('');
      held[0]!.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      while (!held[0]!.received().includes('"ok"')) await new Promise((r) => setTimeout(r, 20));
      expect(held[0]!.received()).toMatch(/^HTTP\/1\.1 200/);
      for (const h of held) h.socket.destroy();
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('a client that aborts mid-body is logged as an abort, not as a 500 with a stack', async () => {
    const logged: string[] = [];
    const server = await createTestServer(db, { logger: createJsonLogger({ write: (l) => logged.push(l) }) });
    const running2 = await listen(server, { port: 0 });
    try {
      const client = rawSocket(running2.url);
      await client.connected;
      client.socket.write(
        `POST /v0/reply-contracts/verify HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${testKeys.acme}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"contract":`,
      );
      await new Promise((r) => setTimeout(r, 300));
      client.socket.destroy();
      const until = Date.now() + 10_000;
      while (!logged.some((l) => l.includes('"msg":"request"')) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(logged.some((l) => l.includes('"msg":"client_aborted"'))).toBe(true);
      expect(logged.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    } finally {
      await running2.close();
    }
  }, 60_000);
});
