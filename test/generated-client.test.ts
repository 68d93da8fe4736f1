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
import { openStore, type Database } from '../src/store/index.js';
import type { MatchFixture } from '../src/suggest/match-fixture.js';

const folder = join(packageRoot(), 'test', 'generated-client');
let db: Database;
let running: RunningServer;

beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
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
    const run = await promisify(execFile)(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json')]).catch((error: { stdout: string; stderr: string; code: number }) => error);
    expect(`${run.stdout}${run.stderr}`).toBe('');
  }, 120_000);

  it('calls every operation through openapi-fetch against a running sidecar', async () => {
    // Loaded by path, so the project's own type check (which cannot see the generated types) never follows it.
    const { everyOperation } = (await import(join(folder, 'every-operation.ts'))) as {
      everyOperation: (baseUrl: string, key: string, inputs: Record<string, unknown>) => Promise<Record<string, unknown> & { listedEffectIds: string[]; effectId: string; turnReply: string; storedTurnReply: string; listedTurnIds: string[]; listedSuggestionIds: string[]; storedSuggestId: string }>;
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
});
