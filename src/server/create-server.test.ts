import { InMemorySpanExporter, BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../evidence/json-logger.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { hashApiKey } from './api-keys.js';
import { createServer, type WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from './testing.js';

let db: Database;
let server: WarrantServer;
const logLines: string[] = [];
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  db = await openMemoryStore();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  server = await createTestServer(db, {
    logger: createJsonLogger({ write: (line) => logLines.push(line) }),
    tracer: provider.getTracer('test'),
  });
});
afterAll(async () => {
  await db.close();
});

const auth = (tenant: keyof typeof testKeys) => ({ authorization: `Bearer ${testKeys[tenant]}` });

function verify(candidates: string[], tenant: keyof typeof testKeys = 'acme') {
  return server.app.request('/v0/reply-contracts/verify', {
    method: 'POST',
    headers: { ...auth(tenant), 'content-type': 'application/json' },
    body: JSON.stringify({ contract: automotiveContract, candidates }),
  });
}

interface VerifyBody {
  body: string;
  effect: {
    id: string;
    created_at: string;
    status: string;
    selected_candidate: number | null;
    candidates: { forbidden_matches: { term: string; start: number; end: number }[] }[];
  };
}

describe('POST /v0/reply-contracts/verify', () => {
  it('W2: the unsafe automotive candidate is refused and the approved fallback is the body', async () => {
    const res = await verify([unsafeAutomotiveCandidate]);
    expect(res.status).toBe(200);
    const json = (await res.json()) as VerifyBody;
    expect(json.body).toBe(automotiveContract.fallback_body);
    expect(json.effect.status).toBe('fallback');
    expect(json.effect.selected_candidate).toBeNull();
    expect(json.effect.id).toMatch(/^eff_[0-9a-f]{28}$/);
    const matches = json.effect.candidates[0]!.forbidden_matches;
    expect(matches.map((m) => unsafeAutomotiveCandidate.slice(m.start, m.end)).sort()).toEqual(['已經幫您預約', '看車']);
  });

  it('W6: the effect is persisted before the response is sent', async () => {
    const res = await verify([unsafeAutomotiveCandidate, safeAutomotiveCandidate]);
    const json = (await res.json()) as VerifyBody;
    expect(json.effect.status).toBe('accepted');
    expect(json.body).toBe(safeAutomotiveCandidate);
    // No drain, no wait: the row is already there when the response arrives.
    const rows = await db.query('select status, tenant_id from effects where id = $1', [json.effect.id]);
    expect(rows).toEqual([{ status: 'accepted', tenant_id: 'acme' }]);
  });

  it('the stored effect reads back whole, with its contract and candidate texts', async () => {
    const made = (await (await verify([unsafeAutomotiveCandidate])).json()) as VerifyBody;
    const res = await server.app.request(`/v0/effects/${made.effect.id}`, { headers: auth('acme') });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ effect: made.effect, contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] });
  });
});

describe('WarrantServer.verify', () => {
  it('W6: verifies and stores without HTTP, readable through the API like any other effect', async () => {
    const made = await server.verify('acme', { contract: automotiveContract, candidates: [safeAutomotiveCandidate] });
    expect(made.body).toBe(safeAutomotiveCandidate);
    const res = await server.app.request(`/v0/effects/${String(made.effect.id)}`, { headers: auth('acme') });
    expect(((await res.json()) as { effect: unknown }).effect).toEqual(made.effect);
    await expect(server.verify('acme', { contract: { ...automotiveContract, forbiden_terms: [] }, candidates: [] })).rejects.toThrow(/contract.forbiden_terms/);
  });
});

describe('tenants and keys', () => {
  it("another tenant's effect is 404, never 403, and never listed", async () => {
    const made = (await (await verify([safeAutomotiveCandidate], 'acme')).json()) as VerifyBody;
    const res = await server.app.request(`/v0/effects/${made.effect.id}`, { headers: auth('beta') });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const list = (await (await server.app.request('/v0/effects?limit=200', { headers: auth('beta') })).json()) as { items: { id: string }[] };
    expect(list.items.some((e) => e.id === made.effect.id)).toBe(false);
  });

  it('no key, a wrong key, or a malformed header is 401 with a bearer challenge', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wk_wrong_key_0000000000000' },
      { authorization: testKeys.acme },
      { authorization: 'Basic abc' },
    ];
    for (const headers of attempts) {
      const res = await server.app.request('/v0/effects', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="warrant"');
      expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
    }
  });

  it('only the health endpoints, the inspector shell and the OpenAPI document are public', async () => {
    expect((await server.app.request('/healthz')).status).toBe(200);
    expect((await server.app.request('/readyz')).status).toBe(200);
    expect((await server.app.request('/inspector')).status).toBe(200);
    expect((await server.app.request('/v0/openapi.json')).status).toBe(200);
    expect((await server.app.request('/v0/effects')).status).toBe(401);
  });

  it('keys are stored as SHA-256 digests only', async () => {
    const rows = await db.query<{ key_sha256: string }>('select key_sha256 from api_keys order by tenant_id');
    expect(rows.map((r) => r.key_sha256)).toEqual([hashApiKey(testKeys.acme), hashApiKey(testKeys.beta)]);
    const dump = JSON.stringify(await db.query('select * from api_keys'));
    expect(dump).not.toContain(testKeys.acme);
  });
});

describe('GET /v0/effects', () => {
  it('filters by status and interaction kind and pages newest first with an opaque, stable cursor', async () => {
    const fresh = await createServer({
      store: await openMemoryStore(),
      apiKeys: [{ tenantId: 'solo', keySha256: hashApiKey(testKeys.acme) }],
      logger: createJsonLogger({ write: () => {} }),
    });
    const call = (path: string, init: RequestInit = {}) => fresh.app.request(path, { ...init, headers: { ...auth('acme'), ...(init.headers ?? {}) } });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call('/v0/reply-contracts/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contract: automotiveContract, candidates: [i % 2 ? safeAutomotiveCandidate : unsafeAutomotiveCandidate] }),
      });
      ids.push(((await res.json()) as VerifyBody).effect.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(`/v0/effects?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      const page = (await res.json()) as { items: { id: string }[]; next_cursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.next_cursor;
      // A record arriving mid-pagination must not shift the pages already handed out.
      if (seen.length === 3)
        await call('/v0/reply-contracts/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ contract: automotiveContract, candidates: [] }),
        });
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const accepted = (await (await call('/v0/effects?status=accepted')).json()) as { items: { status: string }[] };
    expect(accepted.items).toHaveLength(3);
    expect(accepted.items.every((e) => e.status === 'accepted')).toBe(true);
    const other = (await (await call('/v0/effects?interaction_kind=ticket_hold')).json()) as { items: unknown[] };
    expect(other.items).toEqual([]);
    const future = (await (await call(`/v0/effects?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).json()) as { items: unknown[] };
    expect(future.items).toEqual([]);
  });
});

describe('observability', () => {
  it('one structured log line per request with method, path, status, ms and tenant', async () => {
    logLines.length = 0;
    await verify([safeAutomotiveCandidate]);
    await server.app.request('/v0/effects', {});
    const entries = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'request');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ level: 'info', method: 'POST', path: '/v0/reply-contracts/verify', status: 200, tenant: 'acme' });
    expect(typeof entries[0]!.ms).toBe('number');
    expect(entries[1]).toMatchObject({ level: 'warn', method: 'GET', path: '/v0/effects', status: 401, tenant: null });
  });

  it('spans for the request and the verification, the verification inside the request', async () => {
    exporter.reset();
    await verify([unsafeAutomotiveCandidate]);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'HTTP POST /v0/reply-contracts/verify');
    const verification = spans.find((s) => s.name === 'warrant.verify');
    expect(request?.attributes['http.response.status_code']).toBe(200);
    expect(request?.attributes['warrant.tenant']).toBe('acme');
    expect(verification?.attributes['warrant.status']).toBe('fallback');
    expect(verification?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
  });
});

describe('documents and pages', () => {
  it('the OpenAPI document is generated from the same zod schemas as the routes', async () => {
    const doc = (await (await server.app.request('/v0/openapi.json', { headers: auth('acme') })).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; additionalProperties?: boolean }> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v0/reply-contracts/verify',
        '/v0/reply-contracts/probe',
        '/v0/effects/{id}',
        '/v0/effects',
        '/v0/suggestions',
        '/v0/suggestions/{id}',
      ]),
    );
    expect(Object.keys(doc.components.schemas.ReplyContract!.properties!).sort()).toEqual([...Object.keys(automotiveContract), 'matching'].sort()); // v1 adds matching
    expect(doc.components.schemas.ReplyContract!.additionalProperties).toBe(false);
    // Each operation's problems have their own schema, whose code is the operation's enum (problem-responses.test.ts).
    expect(Object.keys(doc.components.schemas.VerifyReplyProblem!.properties!)).toEqual(['type', 'title', 'status', 'detail', 'instance', 'code', 'issues']);
    // Without workflows the turn routes are not mounted, and not documented either.
    expect(Object.keys(doc.paths)).not.toContain('/v0/turns');
  });

  it('the inspector page loads nothing from outside', async () => {
    const res = await server.app.request('/inspector');
    const html = await res.text();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["'](?:https?:)?\/\//i);
    expect(html).not.toMatch(/<link\b/i);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('readyz names each check', async () => {
    const res = await server.app.request('/readyz');
    expect(await res.json()).toEqual({ status: 'ready', checks: { store: 'ok', migrations: 'ok' } });
  });
});
