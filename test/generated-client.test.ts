import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../examples/trip/index.js';
import { packageRoot } from '../src/package-root.js';
import { listen, type RunningServer } from '../src/server/listen.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from '../src/server/testing.js';
import type { Database } from '../src/store/index.js';
import { openMemoryStore } from '../src/store/testing.js';
import type { MatchFixture } from '../src/suggest/match-fixture.js';

const folder = join(packageRoot(), 'test', 'generated-client');

type Media = { examples?: { default?: { value: unknown } } };
/** One operation's example, read out of the document (the shape `every-example.ts` takes). */
type DocumentExample = {
  operationId: string;
  method: 'get' | 'post' | 'delete';
  path: string;
  pathParameters: Record<string, string>;
  query: Record<string, string | number>;
  request: unknown;
  response: unknown;
  json: boolean;
};
let db: Database;
let running: RunningServer;

beforeAll(async () => {
  db = await openMemoryStore();
  running = await listen(await createTestServer(db, { turns: { workflows, locales } }), { port: 0 });
});
afterAll(async () => {
  await running?.close();
  await db?.close();
});

describe('a client generated from the live OpenAPI document', () => {
  it('openapi-typescript generates types from it that tsc compiles, with calls to every operation', async () => {
    // Fetched as a generator would: over HTTP, without a key.
    const res = await fetch(`${running.url}/v0/openapi.json`);
    expect(res.status).toBe(200);
    const types = astToString(await openapiTS(await res.text()));
    expect(types).toContain('"/v0/suggestions": {');
    await writeFile(join(folder, 'openapi-schema.d.ts'), types);
    const tsc = join(packageRoot(), 'node_modules', 'typescript', 'bin', 'tsc');
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json')]).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    expect(`${run.stdout}${run.stderr}`).toBe('');
  }, 120_000);

  it('calls every operation through openapi-fetch against a running sidecar', async () => {
    // Loaded by path, so the project's own type check (which cannot see the generated types) never follows it.
    const { everyOperation } = (await import(join(folder, 'every-operation.ts'))) as {
      everyOperation: (
        baseUrl: string,
        key: string,
        inputs: Record<string, unknown>,
      ) => Promise<
        Record<string, unknown> & {
          listedEffectIds: string[];
          effectId: string;
          turnReply: string;
          storedTurnReply: string;
          listedTurnIds: string[];
          listedSuggestionIds: string[];
          storedSuggestId: string;
        }
      >;
    };
    const match = JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json'), 'utf8')) as MatchFixture;
    const observed = await everyOperation(running.url, testKeys.acme, {
      contract: automotiveContract,
      candidates: [unsafeAutomotiveCandidate],
      turn: englishConversation[0],
      suggest: { match: match.match, wiki: match.wiki, profile: match.profile, now: match.now },
    });
    expect(observed).toMatchObject({
      verifyStatus: 'fallback',
      effectBody: automotiveContract.fallback_body,
      firstViolationCode: 'forbidden_term_present',
      suggestNeedsModel: true,
      problem: { status: 404, code: 'not_found', type: 'urn:warrant:problem:not_found' },
    });
    expect(observed.listedEffectIds).toContain(observed.effectId);
    expect(observed.turnReply.length).toBeGreaterThan(0);
    expect(observed.storedTurnReply).toBe(observed.turnReply);
    expect(observed.listedTurnIds).toEqual([englishConversation[0]!.turn_id]);
    expect(observed.listedSuggestionIds).toContain(observed.storedSuggestId);
    // The automotive contract is v0: the probe lists the disguises v1 would close.
    expect(observed.probeFindingKinds).toContain('disguise');
  });

  it("runs every operation's example from the document through the generated client, each answered 2xx in the documented shape", async () => {
    const { everyExample } = (await import(join(folder, 'every-example.ts'))) as {
      everyExample: (
        baseUrl: string,
        key: string,
        examples: readonly DocumentExample[],
      ) => Promise<{ operationId: string; status: number; answered: string[]; documented: string[] }[]>;
    };
    const doc = (await (await fetch(`${running.url}/v0/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            parameters?: { name: string; in: string; example?: string | number }[];
            requestBody?: { content: Record<string, Media> };
            responses: Record<string, { content?: Record<string, Media> }>;
          }
        >
      >;
    };
    const examples: DocumentExample[] = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => {
        const given = (where: string) =>
          Object.fromEntries((op.parameters ?? []).flatMap((p) => (p.in === where && p.example !== undefined ? [[p.name, p.example]] : [])));
        const [type, media] = Object.entries(op.responses['200']!.content!)[0]!;
        return {
          operationId: op.operationId,
          method: method as DocumentExample['method'],
          path,
          pathParameters: given('path') as Record<string, string>,
          query: given('query'),
          request: op.requestBody?.content['application/json']?.examples?.default?.value,
          response: media.examples!.default!.value,
          json: type === 'application/json',
        };
      }),
    );
    // Writes first, so the records the reads name exist; the erasure last, after the reads of its conversation.
    const rank = (e: DocumentExample) => (e.method === 'post' ? 0 : e.method === 'delete' ? 2 : 1);
    const outcomes = await everyExample(
      running.url,
      testKeys.acme,
      examples.sort((a, b) => rank(a) - rank(b)),
    );
    expect(outcomes.map((o) => o.operationId).sort()).toEqual(examples.map((e) => e.operationId).sort());
    expect(outcomes).toHaveLength(16);
    for (const outcome of outcomes) {
      expect(outcome.status, outcome.operationId).toBe(200);
      expect(outcome.answered, outcome.operationId).toEqual(outcome.documented);
    }
  });
});
