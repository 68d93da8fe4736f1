import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import { openStore, type Database } from '../../store/index.js';
import { fixtureSkills, type MatchFixture } from '../../suggest/index.js';
import type { WarrantServer } from '../create-server.js';
import { createTestServer, testKeys } from '../testing.js';

let db: Database;
let withModel: WarrantServer;
let withoutModel: WarrantServer;
let happy: MatchFixture;

const fixture = async (name: string) => JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', name), 'utf8')) as MatchFixture;

beforeAll(async () => {
  db = await openStore({ dataDir: ':memory:' });
  happy = await fixture('en-active-reply-happy-path.json');
  withModel = await createTestServer(db, { suggestions: { skills: fixtureSkills(happy.model_outputs) } });
  withoutModel = await createTestServer(db);
});
afterAll(async () => {
  await db.close();
});

const post = (server: WarrantServer, body: unknown, tenant: keyof typeof testKeys = 'acme') =>
  server.app.request('/v0/suggestions', {
    method: 'POST',
    headers: { authorization: `Bearer ${testKeys[tenant]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

type Outcome = { id: string; result: { resultType: string; suggestions: unknown[] }; evidence: { needsModel: boolean; gates: unknown[] } };

describe('POST /v0/suggestions', () => {
  it('W6: audited suggestions come back with their evidence, already stored', async () => {
    const res = await post(withModel, { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now });
    expect(res.status).toBe(200);
    const outcome = (await res.json()) as Outcome;
    expect(outcome.result).toMatchObject(happy.expected.result);
    expect(outcome.result.resultType).toBe('suggestions');
    expect(outcome.evidence.gates.length).toBeGreaterThan(0);
    const stored = await withModel.app.request(`/v0/suggestions/${outcome.id}`, { headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(await stored.json()).toEqual(outcome);
    expect((await withModel.app.request(`/v0/suggestions/${outcome.id}`, { headers: { authorization: `Bearer ${testKeys.beta}` } })).status).toBe(404);
  });

  it('with no model, every gate runs and the result is a stop state that says a model is needed', async () => {
    const res = await post(withoutModel, { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now });
    const outcome = (await res.json()) as Outcome;
    expect(res.status).toBe(200);
    expect(outcome.result.resultType).not.toBe('suggestions');
    expect(outcome.result.suggestions).toEqual([]);
    expect(outcome.evidence.needsModel).toBe(true);
  });

  it('W9: a malformed match is refused with its path under $.match, and nothing is stored', async () => {
    const [before] = await db.query<{ n: number }>('select count(*)::int8 as n from suggestions');
    const res = await post(withModel, { match: { ...(happy.match as Record<string, unknown>), id: '' }, now: happy.now });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { issues: { path: string }[] };
    expect(problem.issues.map((i) => i.path)).toContain('$.match.id');
    const unknown = await post(withModel, { match: happy.match, wikki: {} });
    expect(((await unknown.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('$.wikki');
    const [after] = await db.query<{ n: number }>('select count(*)::int8 as n from suggestions');
    expect(after?.n).toBe(before?.n);
  });
});
