import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, workflows } from '../../examples/trip/index.js';
import { inputIssuesFromZod } from '../errors.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { refuseInvalidInput } from './input-hook.js';
import { problemOf, problemResponse } from './problem.js';
import type { ServerEnv } from './server-env.js';
import { automotiveContract, createTestServer, testKeys } from './testing.js';

/**
 * Issue 21, item 1: a route's request schema in the OpenAPI document is the very object that
 * parses its requests. Each route's refusal is compared, issue for issue, with the verdict of the
 * schema object its document was generated from (read back from the app's OpenAPI registry).
 */

type RouteDefinition = {
  type: string;
  route?: {
    method: string;
    path: string;
    operationId?: string;
    request?: {
      body?: { content: Record<string, { schema: z.ZodType }> };
      query?: z.ZodType;
      params?: z.ZodType;
    };
  };
};

let db: Database;
let server: WarrantServer;

beforeAll(async () => {
  db = await openMemoryStore();
  server = await createTestServer(db, { turns: { workflows, locales } });
});
afterAll(async () => {
  await db?.close();
});

const routes = () =>
  (server.app.openAPIRegistry.definitions as RouteDefinition[]).flatMap((d) => (d.type === 'route' && d.route !== undefined ? [d.route] : []));

/** A request path with `{id}` filled in. */
const pathWith = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));

async function refusal(method: string, path: string, body?: unknown) {
  const res = await server.app.request(path, {
    method: method.toUpperCase(),
    headers: { authorization: `Bearer ${testKeys.acme}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  return { status: res.status, problem: (await res.json()) as { code: string; detail: string; issues: { path: string; message: string }[] } };
}

/** The issues `schema` itself finds in `value`, as the server names them. */
function verdictOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return inputIssuesFromZod(result.error!);
}

describe('every documented route parses with the schema its document shows', () => {
  it('every operation the document gives a body, query or path parameter has a zod schema in the registry, which the checks below run', async () => {
    const document = (await (await server.app.request('/v0/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: unknown; parameters?: { in: string }[] }>>;
    };
    const documented = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.requestBody !== undefined || (op.parameters ?? []).some((p) => p.in !== 'header'))
      .map((op) => op.operationId)
      .sort();
    const parsed = routes()
      .filter(
        (r) =>
          r.request?.body?.content['application/json']?.schema instanceof z.ZodType ||
          r.request?.query instanceof z.ZodType ||
          r.request?.params instanceof z.ZodType,
      )
      .map((r) => r.operationId)
      .sort();
    expect(parsed).toEqual(documented);
    expect(parsed).toContain('verifyReply');
    expect(parsed).toContain('runTurn');
  });

  // A body every request schema refuses somewhere (a key no schema has, the required ones missing),
  // and one that gets past the top level into each route's nested schemas.
  const bodies: unknown[] = [
    { not_a_field: 1 },
    { contract: { ...automotiveContract, must_ask: ['ok', ''] }, candidates: [1], match: { id: ' ' }, turn_id: '' },
  ];

  it.each(bodies)('a JSON body (%j) is refused with exactly the issues of the documented body schema', async (body) => {
    for (const route of routes()) {
      const schema = route.request?.body?.content['application/json']?.schema;
      if (schema === undefined) continue;
      const { status, problem } = await refusal(route.method, route.path, body);
      expect({ route: route.operationId, status, code: problem.code, detail: problem.detail }).toEqual({
        route: route.operationId,
        status: 400,
        code: 'invalid_input',
        detail: 'request body refused',
      });
      expect(problem.issues, route.operationId).toEqual(verdictOf(schema, body));
    }
  });

  it('a query is refused with exactly the issues of the documented query schema', async () => {
    const query = { not_a_param: 'x', limit: '0', since: 'yesterday' };
    for (const route of routes()) {
      const schema = route.request?.query;
      if (schema === undefined) continue;
      const { status, problem } = await refusal(route.method, `${route.path}?${new URLSearchParams(query)}`);
      expect({ route: route.operationId, status, detail: problem.detail }).toEqual({ route: route.operationId, status: 400, detail: 'query refused' });
      expect(problem.issues, route.operationId).toEqual(verdictOf(schema, query));
    }
  });

  it('a path id is refused with exactly the issues of the documented path schema', async () => {
    const id = 'x'.repeat(257);
    for (const route of routes()) {
      const schema = route.request?.params;
      if (schema === undefined) continue;
      const { status, problem } = await refusal(route.method, pathWith(route.path, id));
      expect({ route: route.operationId, status, detail: problem.detail }).toEqual({ route: route.operationId, status: 400, detail: 'path refused' });
      expect(problem.issues, route.operationId).toEqual(verdictOf(schema, { id }));
    }
  });

  it('what the documented schema accepts, the route runs: a verify request is answered and stored', async () => {
    const res = await server.app.request('/v0/reply-contracts/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/vnd.warrant+json; charset=utf-8' },
      body: JSON.stringify({ contract: automotiveContract, candidates: [] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { body: string }).body).toBe(automotiveContract.fallback_body);
  });
});

describe('refuseInvalidInput', () => {
  it("turns a refusal of the route's schema into the server's 400 problem with each path; an accepted value reaches the handler parsed", async () => {
    const app = new OpenAPIHono<ServerEnv>({ defaultHook: refuseInvalidInput });
    app.onError((error, c) => problemResponse(c, problemOf(error, c.req.path)));
    const schema = z.strictObject({ n: z.string().transform(Number) });
    app.openapi(
      createRoute({
        method: 'get',
        path: '/n',
        request: { query: schema },
        responses: { 200: { description: 'n', content: { 'application/json': { schema: z.object({ n: z.number() }) } } } },
      }),
      (c) => c.json({ n: c.req.valid('query').n + 1 }, 200),
    );
    expect(await (await app.request('/n?n=41')).json()).toEqual({ n: 42 });
    const refused = await app.request('/n?m=1');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'invalid_input',
      detail: 'query refused',
      issues: [
        { path: '$.n', message: expect.any(String) },
        { path: '$.m', message: 'unknown key' },
      ],
    });
  });
});
