import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { locales, workflows } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { operationExamples } from './openapi-examples.js';
import { createTestServer, testKeys } from './testing.js';

type Media = { examples?: { default?: { summary?: string; value: unknown } } };
type Operation = {
  operationId: string;
  parameters?: { name: string; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let db: Database;
let server: WarrantServer;

beforeAll(async () => {
  db = await openMemoryStore();
  server = await createTestServer(db, { turns: { workflows, locales } });
});
afterAll(async () => {
  await db?.close();
});

const operationsOf = (doc: Document) => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** The routes as registered, with the zod schemas the document was generated from. */
function routes(): RouteConfig[] {
  return server.app.openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [d.route] : []));
}

const zodOf = (schema: unknown) => schema as ZodType;

/** A zod parse as a list of `path: message` lines, empty when it passes: the failure names where. */
function issuesOf(schema: ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the examples of the OpenAPI document', () => {
  it('every operation has an example request (body or parameters) and a 2xx response example, and no example names a missing operation', async () => {
    const doc = (await (await server.app.request('/v0/openapi.json')).json()) as Document;
    const ids = operationsOf(doc).map(({ op }) => op.operationId);
    expect(Object.keys(operationExamples).sort()).toEqual([...ids].sort());
    for (const { path, method, op } of operationsOf(doc)) {
      const at = `${method} ${path}`;
      for (const media of Object.values(op.requestBody?.content ?? {})) expect(media.examples?.default?.value, at).toBeDefined();
      for (const parameter of op.parameters ?? []) {
        if (operationExamples[op.operationId]!.parameters?.[parameter.name] !== undefined) expect(parameter.example, `${at} ${parameter.name}`).toBeDefined();
      }
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, at).toBeGreaterThan(0);
      for (const [, response] of success) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          if (type !== 'text/event-stream') expect(media.examples?.default?.value, `${at} ${type}`).toBeDefined();
        }
      }
    }
  });

  it('each request example parses through the schema its route documents, and each response example through its response schema', () => {
    const checked: string[] = [];
    for (const route of routes()) {
      const id = route.operationId!;
      const example = operationExamples[id]!;
      const body = (route.request?.body?.content['application/json'] as { schema?: unknown } | undefined)?.schema;
      if (body !== undefined) expect(issuesOf(zodOf(body), example.request), `${id} request`).toEqual([]);
      else expect(example.request, `${id} takes no body`).toBeUndefined();
      const { params, query } = route.request ?? {};
      const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const parameters = example.parameters ?? {};
      if (params !== undefined) expect(issuesOf(zodOf(params), Object.fromEntries(pathNames.map((n) => [n, parameters[n]]))), `${id} path`).toEqual([]);
      if (query !== undefined)
        expect(issuesOf(zodOf(query), Object.fromEntries(Object.entries(parameters).filter(([n]) => !pathNames.includes(n)))), `${id} query`).toEqual([]);
      for (const [status, response] of Object.entries(route.responses)) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries((response as { content?: Record<string, { schema: unknown }> }).content ?? {})) {
          if (type === 'text/event-stream') continue;
          expect(issuesOf(zodOf(media.schema), example.response), `${id} ${status} ${type}`).toEqual([]);
          checked.push(id);
        }
      }
    }
    expect(new Set(checked).size).toBe(Object.keys(operationExamples).length);
  });

  it('a response example that breaks its schema is caught, so the check cannot pass by accident', () => {
    const verify = routes().find((r) => r.operationId === 'verifyReply')!;
    const schema = zodOf((verify.responses['200'] as { content: Record<string, { schema: unknown }> }).content['application/json']!.schema);
    const { body: _body, ...withoutBody } = operationExamples.verifyReply!.response as Record<string, unknown>;
    expect(issuesOf(schema, withoutBody)).toEqual(['body: Invalid input: expected string, received undefined']);
  });

  it('the live server answers every request example with 2xx', async () => {
    const headers = { authorization: `Bearer ${testKeys.acme}` };
    // Bodies first, so the records the GET examples name (the example turn, its conversation) exist.
    const ordered = routes().sort((a, b) => Number(b.method === 'post') - Number(a.method === 'post'));
    for (const route of ordered) {
      const id = route.operationId!;
      const example = operationExamples[id]!;
      const parameters = { ...example.parameters };
      // Effect and suggestion ids are minted per run: the recorded ones name records of the recording's store.
      if (id === 'getEffect' || id === 'getSuggestion') continue;
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = parameters[name]!;
        delete parameters[name];
        return encodeURIComponent(value);
      });
      const query = new URLSearchParams(parameters).toString();
      const res = await server.app.request(`${path}${query ? `?${query}` : ''}`, {
        method: route.method.toUpperCase(),
        headers: example.request === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(example.request === undefined ? {} : { body: JSON.stringify(example.request) }),
      });
      expect(res.status, `${id}: ${await res.clone().text()}`).toBeLessThan(300);
      await res.arrayBuffer();
    }
  }, 60_000);
});
