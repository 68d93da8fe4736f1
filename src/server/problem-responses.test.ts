import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, workflows } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { operationExamples } from './openapi-examples.js';
import { PROBLEM_STATUS, type ProblemCode } from './problem.js';
import { PROBLEMS_OF, PROBLEMS_OUTSIDE_OPERATIONS } from './problem-responses.js';
import { createTestServer, testKeys } from './testing.js';

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties?: { code?: { enum?: string[] } } }> } };
type Op = { path: string; method: string; op: Operation };

let db: Database;
let closedDb: Database;
let server: WarrantServer;
let storeDown: WarrantServer;
let doc: Document;

beforeAll(async () => {
  [db, closedDb] = await Promise.all([openMemoryStore(), openMemoryStore()]);
  server = await createTestServer(db, { turns: { workflows, locales }, bodyLimitBytes: 64 * 1024, maxJsonDepth: 8 });
  storeDown = await createTestServer(closedDb, { turns: { workflows, locales } });
  await closedDb.close(); // keys are already loaded: requests pass the key check and then meet a store that is gone
  doc = (await (await server.app.request('/v0/openapi.json')).json()) as Document;
}, 180_000);
afterAll(async () => {
  await db?.close();
});

const operations = (): Op[] => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** The `code` enum of an operation's problem schema, and the statuses it lists problems under. */
function listed({ op }: Op): { codes: string[]; statuses: string[] } {
  const refs = new Set<string>();
  const statuses: string[] = [];
  for (const [status, response] of Object.entries(op.responses)) {
    const schema = response.content?.['application/problem+json']?.schema;
    if (schema?.$ref !== undefined) {
      refs.add(schema.$ref);
      statuses.push(status);
    }
  }
  expect(refs.size, op.operationId).toBe(1); // one problem schema per operation
  const name = [...refs][0]!.split('/').at(-1)!;
  return { codes: doc.components.schemas[name]!.properties!.code!.enum!, statuses };
}

const key = { authorization: `Bearer ${testKeys.acme}` };
const json = { ...key, 'content-type': 'application/json' };

/** Sends a request to `target` at `op`'s path (path parameters from its example) and returns the problem it answers with. */
async function problemOf(
  target: WarrantServer,
  { path, method, op }: Op,
  init: { headers?: Record<string, string>; body?: string; query?: string; id?: string } = {},
) {
  const parameters = operationExamples[op.operationId]?.parameters ?? {};
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(init.id ?? parameters[name] ?? 'x')) + (init.query ?? '');
  const res = await target.app.request(url, {
    method: method.toUpperCase(),
    headers: init.headers ?? key,
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  const text = await res.text();
  expect(res.headers.get('content-type'), `${op.operationId}: ${text}`).toBe('application/problem+json');
  return { status: res.status, code: (JSON.parse(text) as { code: string }).code };
}

/** Expects the problem `op` answered to be listed by `op`: its code in the enum, its status among the responses. */
function expectListed(op: Op, problem: { status: number; code: string }, expected: ProblemCode) {
  const { codes, statuses } = listed(op);
  expect(problem.code, op.op.operationId).toBe(expected);
  expect(codes, `${op.op.operationId} lists ${expected}`).toContain(expected);
  expect(statuses, `${op.op.operationId} lists ${problem.status}`).toContain(String(problem.status));
}

describe('problem codes in the OpenAPI document', () => {
  it('each operation has one problem schema whose code enum is exactly the codes of its statuses, each under its own status', () => {
    for (const op of operations()) {
      const { codes, statuses } = listed(op);
      expect([...new Set(codes.map((c) => String(PROBLEM_STATUS[c as ProblemCode])))].sort(), op.op.operationId).toEqual([...statuses].sort());
    }
  });

  it('every code the server can answer with is listed by an operation, or is answered outside operations for a stated reason', () => {
    const everywhere = new Set(operations().flatMap((op) => listed(op).codes));
    const unlisted = (Object.keys(PROBLEM_STATUS) as ProblemCode[]).filter((code) => !everywhere.has(code));
    expect(unlisted.sort()).toEqual(['method_not_allowed', 'model_unavailable']);
    for (const code of unlisted) expect(PROBLEMS_OUTSIDE_OPERATIONS[code]).toBeDefined();
  });

  it("Node's parser refusals (400, 408, 431) come before any route, so every operation lists them", () => {
    for (const op of operations()) expect(listed(op).codes, op.op.operationId).toEqual(expect.arrayContaining([...PROBLEMS_OF.transport]));
  });

  it('every keyed operation answers unauthorized without a key, and lists it; the probes are public', async () => {
    for (const op of operations()) {
      if (op.path === '/healthz' || op.path === '/readyz') {
        expect(op.op.security).toEqual([]);
        expect(listed(op).codes).not.toContain('unauthorized');
        continue;
      }
      expectListed(op, await problemOf(server, op, { headers: {} }), 'unauthorized');
    }
  });

  it('every operation with a body answers each body refusal with a code it lists', async () => {
    const bodies = operations().filter(({ op }) => op.requestBody !== undefined);
    expect(bodies.map(({ op }) => op.operationId).sort()).toEqual(['probeContract', 'runTurn', 'suggestReplies', 'verifyReply']);
    for (const op of bodies) {
      expectListed(op, await problemOf(server, op, { headers: { ...key, 'content-type': 'text/plain' }, body: '{}' }), 'unsupported_media_type');
      expectListed(op, await problemOf(server, op, { headers: json, body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) }), 'payload_too_large');
      expectListed(op, await problemOf(server, op, { headers: json, body: '{"contract": ' }), 'malformed_json');
      expectListed(op, await problemOf(server, op, { headers: json, body: '['.repeat(20) + ']'.repeat(20) }), 'too_deep');
      expectListed(op, await problemOf(server, op, { headers: json, body: '{"unknown": 1}' }), 'invalid_input');
    }
  });

  it('every operation with Idempotency-Key answers a key reused with another body with a code it lists', async () => {
    const idempotent = operations().filter(({ op }) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'));
    expect(idempotent.map(({ op }) => op.operationId).sort()).toEqual(['suggestReplies', 'verifyReply']);
    for (const op of idempotent) {
      const request = operationExamples[op.op.operationId]!.request as Record<string, unknown>;
      const headers = { ...json, 'idempotency-key': `reused-${op.op.operationId}` };
      const first = await server.app.request(op.path, { method: 'POST', headers, body: JSON.stringify(request) });
      expect(first.status).toBe(200);
      const other = op.op.operationId === 'verifyReply' ? { ...request, candidates: ['another reply'] } : { ...request, now: '2026-11-19T22:00:00Z' };
      expectListed(op, await problemOf(server, op, { headers, body: JSON.stringify(other) }), 'idempotency_key_reused');
      expectListed(op, await problemOf(server, op, { headers: { ...json, 'idempotency-key': '\u00e9' }, body: JSON.stringify(request) }), 'invalid_input');
    }
  });

  it('every operation with parameters answers a refused one with a code it lists, and a record read by id its absence', async () => {
    for (const op of operations()) {
      const parameters = (op.op.parameters ?? []).filter((p) => p.in !== 'header');
      if (parameters.length === 0) continue;
      if (parameters.some((p) => p.in === 'path')) {
        expectListed(op, await problemOf(server, op, { id: 'x'.repeat(300) }), 'invalid_input');
        if (op.method === 'get') expectListed(op, await problemOf(server, op, { id: 'no_such_record' }), 'not_found');
      } else {
        const bad = parameters.some((p) => p.name === 'limit') ? '?limit=0' : '?since=yesterday';
        expectListed(op, await problemOf(server, op, { query: bad }), 'invalid_input');
      }
    }
  });

  it('every operation that reads or writes the store answers its failure with a code it lists', async () => {
    const answered: string[] = [];
    for (const op of operations()) {
      if (op.path === '/healthz' || op.path === '/readyz' || op.op.operationId === 'getTenant' || op.op.operationId === 'probeContract') continue;
      const example = operationExamples[op.op.operationId]!;
      const problem = await problemOf(storeDown, op, example.request === undefined ? {} : { headers: json, body: JSON.stringify(example.request) });
      expectListed(op, problem, 'store_unavailable');
      answered.push(op.op.operationId);
    }
    expect(answered).toHaveLength(12);
  });
});
