import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

let db: Database;
let server: WarrantServer;
beforeAll(async () => {
  db = await openMemoryStore();
  server = await createTestServer(db);
});
afterAll(async () => {
  await db.close();
});

const auth = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' };

describe('security headers', () => {
  it('every /v0 response, success or refusal, says nosniff and no-store', async () => {
    const responses = [
      await server.app.request('/v0/reply-contracts/verify', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] }),
      }),
      await server.app.request('/v0/effects', { headers: auth }),
      await server.app.request('/v0/openapi.json', { headers: auth }),
      await server.app.request('/v0/effects'),
      await server.app.request('/v0/effects/nope', { headers: auth }),
      await server.app.request('/healthz'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 200]);
    for (const res of responses) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('the inspector forbids framing and runs only scripts whose hash its policy lists, no inline handlers', async () => {
    const res = await server.app.request('/inspector');
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(directives['script-src']).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(html).not.toMatch(/<script[^>]*\ssrc=|\son[a-z]+\s*=\s*["']|javascript:/i);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
