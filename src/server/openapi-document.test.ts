import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, workflows } from '../../examples/trip/index.js';
import { exportLineSchema } from '../evidence/export-line.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { createTestServer, testKeys } from './testing.js';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  prefixItems?: Schema[];
};
type Operation = {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
};
type Document = {
  openapi: string;
  info: { license?: { name: string } };
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

let db: Database;
let withTurns: WarrantServer;
let withoutTurns: WarrantServer;
const scratch = await mkdtemp(join(tmpdir(), 'warrant-openapi-'));

beforeAll(async () => {
  db = await openMemoryStore();
  withTurns = await createTestServer(db, { turns: { workflows, locales } });
  withoutTurns = await createTestServer(db);
});
afterAll(async () => {
  await db?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** The document as a generator fetches it: no key. */
async function documentOf(server: WarrantServer): Promise<Document> {
  const res = await server.app.request('/v0/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

const operations = (doc: Document) => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

/** Redocly's own CLI, from node_modules, with its recommended rules (no configuration file). */
async function redoclyLint(doc: Document, name: string): Promise<{ errors: number; warnings: number; output: string }> {
  const file = join(scratch, `${name}.json`);
  await writeFile(file, JSON.stringify(doc));
  const cli = join(packageRoot(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const run = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=stylish', '--extends=recommended'], {
    cwd: scratch,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  }).catch((error: { stdout: string; stderr: string }) => error);
  const output = `${run.stdout}\n${run.stderr}`;
  const count = (kind: string) => (output.match(new RegExp(`^\\s*\\d+:\\d+\\s+${kind}\\s`, 'gm')) ?? []).length;
  return { errors: count('error'), warnings: count('warning'), output };
}

/** Every object schema reachable from `schema` that says nothing of its members. */
function freeForm(doc: Document, schema: Schema | undefined, at: string, seen = new Set<string>()): string[] {
  if (schema === undefined) return [];
  if (schema.$ref !== undefined) {
    if (seen.has(schema.$ref)) return [];
    seen.add(schema.$ref);
    return freeForm(doc, doc.components.schemas[schema.$ref.split('/').at(-1)!], schema.$ref, seen);
  }
  const found: string[] = [];
  const typed = schema.properties !== undefined || (typeof schema.additionalProperties === 'object' && Object.keys(schema.additionalProperties).length > 0);
  if (schema.type === 'object' && !typed) found.push(at);
  for (const [key, sub] of Object.entries(schema.properties ?? {})) found.push(...freeForm(doc, sub, `${at}.${key}`, seen));
  if (typeof schema.additionalProperties === 'object') found.push(...freeForm(doc, schema.additionalProperties, `${at}.*`, seen));
  for (const sub of [schema.items, ...(schema.prefixItems ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])])
    found.push(...freeForm(doc, sub, `${at}[]`, seen));
  return found;
}

describe('the OpenAPI document', () => {
  it('is readable without a key, while every /v0 operation in it needs one and the probes say they are public', async () => {
    const doc = await documentOf(withTurns);
    expect(doc.openapi).toBe('3.1.0');
    for (const { path, method, op } of operations(doc)) {
      if (!path.startsWith('/v0/')) {
        expect(op.security, `${method} ${path}`).toEqual([]);
        expect(Object.keys(op.responses), `${method} ${path}`).not.toContain('401');
        expect((await withTurns.app.request(path)).status, path).toBe(200);
        continue;
      }
      expect(op.security, `${method} ${path}`).toBeUndefined(); // the document-wide bearer requirement applies
      expect(Object.keys(op.responses), `${method} ${path}`).toContain('401');
    }
    expect((await withTurns.app.request('/v0/effects')).status).toBe(401);
  });

  it('lints with 0 errors and 0 warnings under Redocly’s recommended rules, with and without turns', async () => {
    for (const [name, server] of [
      ['with-turns', withTurns],
      ['without-turns', withoutTurns],
    ] as const) {
      const lint = await redoclyLint(await documentOf(server), name);
      expect({ errors: lint.errors, warnings: lint.warnings }, lint.output).toEqual({ errors: 0, warnings: 0 });
      expect(lint.output).toMatch(/valid/);
    }
  }, 120_000);

  it('the lint check fails a document with a problem, so it cannot pass by accident', async () => {
    const doc = await documentOf(withoutTurns);
    const { servers: _servers, ...broken } = doc;
    const lint = await redoclyLint({ ...broken, info: { ...doc.info, license: undefined } } as Document, 'broken');
    expect(lint.errors).toBeGreaterThan(0);
    expect(lint.warnings).toBeGreaterThan(0);
  }, 120_000);

  it('the lint check also holds every example to its schema: a broken one is a warning', async () => {
    const doc = await documentOf(withoutTurns);
    const tenant = doc.paths['/v0/tenant']!.get!.responses['200']!.content!['application/json'] as unknown as { examples: { default: { value: unknown } } };
    tenant.examples.default.value = { tenant: 'acme' };
    const lint = await redoclyLint(doc, 'broken-example');
    expect(lint.output).toMatch(/no-invalid-media-type-examples/);
    expect(lint.warnings).toBeGreaterThan(0);
  }, 120_000);

  it('names servers, the licence, and gives every operation an operationId and a declared tag', async () => {
    const doc = await documentOf(withTurns);
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.info.license?.name).toBe('Apache-2.0');
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(ids.sort()).toEqual([
      'eraseConversation',
      'exportEvidence',
      'getEffect',
      'getHealth',
      'getReadiness',
      'getSuggestion',
      'getTenant',
      'getTurn',
      'listEffects',
      'listSuggestions',
      'listTurns',
      'probeContract',
      'runTurn',
      'suggestReplies',
      'verifyEvidence',
      'verifyReply',
    ]);
    const declared = (doc.tags ?? []).map((t) => t.name);
    for (const { op } of operations(doc)) expect(op.tags?.length && op.tags.every((t) => declared.includes(t))).toBe(true);
    // Without workflows the turn routes are not mounted, and neither they nor their tag are documented.
    const without = await documentOf(withoutTurns);
    expect(Object.keys(without.paths)).not.toContain('/v0/turns');
    expect((without.tags ?? []).map((t) => t.name)).toEqual(['reply-contracts', 'suggestions', 'tenant', 'evidence', 'health']);
  });

  it('lists exactly the operations the server serves: the turn operations only with workflows, every served API route and probe', async () => {
    for (const server of [withTurns, withoutTurns]) {
      const doc = await documentOf(server);
      const documented = operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
      // The document itself is the description, not an operation of it; the inspector page and `/metrics` are not for hosts.
      const served = server.app.routes
        .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/v0/') || r.path === '/healthz' || r.path === '/readyz') && r.path !== '/v0/openapi.json')
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
      expect([...new Set(documented)].sort()).toEqual([...new Set(served)].sort());
      // And each documented operation is answered by its route, not by the 404 of a path nobody serves.
      for (const { path, method } of operations(doc)) {
        const res = await server.app.request(path.replace('{id}', 'x'), { method: method.toUpperCase() });
        expect([200, 401], `${method} ${path}`).toContain(res.status);
      }
    }
    const without = await documentOf(withoutTurns);
    expect(Object.keys(without.paths).filter((p) => p.startsWith('/v0/turns'))).toEqual([]);
    const unserved = await withoutTurns.app.request('/v0/turns', { method: 'POST', headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(unserved.status).toBe(404);
  });

  it('every listing takes limit as an integer from 1 to 200', async () => {
    const doc = await documentOf(withTurns);
    const listings = operations(doc).filter(({ op }) => op.operationId?.startsWith('list'));
    expect(listings).toHaveLength(3);
    for (const { op } of listings) {
      const names = op.parameters!.map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['since', 'until', 'cursor', 'limit']));
      expect(op.parameters!.find((p) => p.name === 'limit')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    }
  });

  it('types every response member; only host data (act values, gate details) is free-form', async () => {
    const doc = await documentOf(withTurns);
    const found = new Set<string>();
    for (const { op } of operations(doc)) {
      for (const response of Object.values(op.responses)) {
        for (const media of Object.values(response.content ?? {})) for (const at of freeForm(doc, media.schema, 'response')) found.add(at);
      }
    }
    expect([...found].sort()).toEqual([
      '#/components/schemas/Ask.awaiting.values',
      '#/components/schemas/GateRecord.detail',
      '#/components/schemas/TurnRecord.input.understanding.acts[].values',
    ]);
    expect(doc.components.schemas.TurnResult!.properties!.blocks!.items!.oneOf).toHaveLength(5);
  });

  it("describes the evidence export's NDJSON by its lines: each item one of the export line's kinds, from the evidence layer's one schema", async () => {
    const doc = await documentOf(withoutTurns);
    const ndjson = doc.paths['/v0/evidence/export']!.get!.responses['200']!.content!['application/x-ndjson']!;
    expect(ndjson.schema).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/EvidenceExportLine' } });
    expect(doc.components.schemas.EvidenceExportLine!.oneOf!.map((o) => o.$ref!.split('/').at(-1))).toEqual(exportLineSchema.options.map((o) => o.meta()!.id));
    const effect = doc.components.schemas.EvidenceExportEffect!;
    expect(Object.keys(effect.properties!)).toEqual(Object.keys(exportLineSchema.options[0].shape));
    expect(effect.additionalProperties).toBe(false);
  });

  it('keeps the suggestion result exactly the specification’s four camelCase root properties, inside a snake_case envelope', async () => {
    const doc = await documentOf(withTurns);
    const result = doc.components.schemas.SuggestionResult!;
    for (const variant of result.oneOf!) {
      expect(Object.keys(variant.properties!).sort()).toEqual(['analysisSummary', 'question', 'resultType', 'suggestions']);
      expect(variant.additionalProperties).toBe(false);
    }
    expect(Object.keys(doc.components.schemas.SuggestEvidence!.properties!)).toEqual(expect.arrayContaining(['match_id', 'needs_model']));
    expect(Object.keys(doc.components.schemas.SuggestionSummary!.properties!)).toEqual([
      'id',
      'created_at',
      'match_id',
      'result_type',
      'analysis_summary',
      'question',
      'suggestion_count',
      'trace_id',
    ]);
  });
});
