import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../package-root.js';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import type { MatchFixture } from '../../suggest/match-fixture.js';
import { fixtureSkills } from '../../suggest/scripted-skills.js';
import type { WarrantServer } from '../create-server.js';
import { suggestEvidenceJsonSchema } from '../../suggest/suggest-evidence.js';
import { createTestServer, testKeys } from '../testing.js';

const fixture = async (name: string) => JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', name), 'utf8')) as MatchFixture;

type Outcome = {
  id: string;
  result: { resultType: string; suggestions: unknown[] };
  evidence: { needs_model: boolean; gates: unknown[]; calls: unknown[] } & Record<string, unknown>;
};
type Summary = { id: string; created_at: string; match_id: string; result_type: string; analysis_summary: string; question: string; suggestion_count: number };
type Page = { items: Summary[]; next_cursor: string | null };

describe.each(storeTargets())('suggestions on $name', (target) => {
  let db: Database;
  let withModel: WarrantServer;
  let withoutModel: WarrantServer;
  let happy: MatchFixture;

  beforeAll(async () => {
    db = await target.open();
    happy = await fixture('en-active-reply-happy-path.json');
    withModel = await createTestServer(db, { suggestions: { skills: fixtureSkills(happy.model_outputs) } });
    withoutModel = await createTestServer(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  const post = (server: WarrantServer, body: unknown, tenant: keyof typeof testKeys = 'acme') =>
    server.app.request('/v0/suggestions', {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys[tenant]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const get = (server: WarrantServer, path: string, tenant: keyof typeof testKeys = 'acme') =>
    server.app.request(path, { headers: { authorization: `Bearer ${testKeys[tenant]}` } });

  describe('POST /v0/suggestions', () => {
    it('W6: audited suggestions come back with their evidence, already stored', async () => {
      const res = await post(withModel, { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now });
      expect(res.status).toBe(200);
      const outcome = (await res.json()) as Outcome;
      expect(outcome.result).toMatchObject(happy.expected.result);
      expect(outcome.result.resultType).toBe('suggestions');
      expect(outcome.evidence.gates.length).toBeGreaterThan(0);
      const stored = await get(withModel, `/v0/suggestions/${outcome.id}`);
      expect(await stored.json()).toEqual(outcome);
      expect((await get(withModel, `/v0/suggestions/${outcome.id}`, 'beta')).status).toBe(404);
    });

    it('the result keeps its four camelCase properties; the evidence around it is snake_case, every member documented', async () => {
      const outcome = (await (await post(withModel, { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now })).json()) as Outcome;
      expect(Object.keys(outcome.result).sort()).toEqual(['analysisSummary', 'question', 'resultType', 'suggestions']);
      const keys: string[] = [];
      const walk = (value: unknown): void => {
        if (Array.isArray(value)) value.forEach(walk);
        else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) keys.push(k), walk(v);
      };
      walk(outcome.evidence);
      expect(keys.filter((k) => /[A-Z]/.test(k))).toEqual([]);
      expect(outcome.evidence.calls.length).toBeGreaterThan(0);
      // Parsing drops members the schema does not list, so equality means the document lists them all.
      expect(suggestEvidenceJsonSchema.parse(outcome.evidence)).toEqual(outcome.evidence);
    });

    it('with no model, every gate runs and the result is a stop state that says a model is needed', async () => {
      const res = await post(withoutModel, { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now });
      const outcome = (await res.json()) as Outcome;
      expect(res.status).toBe(200);
      expect(outcome.result.resultType).not.toBe('suggestions');
      expect(outcome.result.suggestions).toEqual([]);
      expect(outcome.evidence.needs_model).toBe(true);
      expect(suggestEvidenceJsonSchema.parse(outcome.evidence)).toEqual(outcome.evidence);
    });

    it('a model step failing is 503 problem+json with Retry-After; the stored result says unavailable with the reason', async () => {
      const failing = await createTestServer(db, { suggestions: { skills: fixtureSkills({ ...happy.model_outputs, 'suggest.burst': ['not json'] }) } });
      const res = await failing.app.request('/v0/suggestions', {
        method: 'POST',
        headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
        body: JSON.stringify({ match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now }),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('retry-after')).toBe('30');
      const problem = (await res.json()) as { code: string; detail: string; title: string };
      expect(problem).toMatchObject({ code: 'suggestion_unavailable', title: 'Suggestion unavailable' });
      const id = /sug_[0-9A-Za-z_-]+/.exec(problem.detail)![0];
      const stored = (await (await get(failing, `/v0/suggestions/${id}`)).json()) as Outcome;
      expect(stored.result.resultType).toBe('hold');
      expect(stored.evidence.unavailable).toEqual({ reason: 'step_failed', step: 'burst', failure: 'malformed', retry_after_seconds: 30 });
      // No model is not retryable: 200 with the stop state, its evidence saying why.
      const none = (await (await post(withoutModel, { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now })).json()) as Outcome;
      expect(none.evidence.unavailable).toMatchObject({ reason: 'no_model', retry_after_seconds: null });
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
      expect(Number(after?.n)).toBe(Number(before?.n));
    });
  });

  describe('GET /v0/suggestions', () => {
    let stored: Summary[];
    beforeAll(async () => {
      // Every recorded request with no model: a mix of stop states over many matches, for tenant beta.
      const folder = join(packageRoot(), 'fixtures', 'matches');
      for (const file of (await readdir(folder)).filter((f) => f.endsWith('.json')).slice(0, 8)) {
        const f = await fixture(file);
        const res = await post(withoutModel, { match: f.match, wiki: f.wiki, profile: f.profile, now: f.now }, 'beta');
        expect(res.status, file).toBe(200);
      }
      stored = ((await (await get(withoutModel, '/v0/suggestions?limit=200', 'beta')).json()) as Page).items;
    });

    const list = async (query: string) => {
      const res = await get(withoutModel, `/v0/suggestions?${query}`, 'beta');
      expect(res.status, query).toBe(200);
      return (await res.json()) as Page;
    };

    it('lists the tenant’s stored results newest first, each saying what it decided', async () => {
      expect(stored).toHaveLength(8);
      expect(stored.map((s) => s.id)).toEqual(
        stored
          .map((s) => s.id)
          .sort()
          .reverse(),
      );
      const one = stored[0]!;
      const full = (await (await get(withoutModel, `/v0/suggestions/${one.id}`, 'beta')).json()) as {
        result: { analysisSummary: string; question: string; resultType: string };
      };
      expect(one).toMatchObject({
        result_type: full.result.resultType,
        analysis_summary: full.result.analysisSummary,
        question: full.result.question,
        suggestion_count: 0,
      });
      // Another tenant's results never appear.
      const acme = ((await (await get(withoutModel, '/v0/suggestions?limit=200')).json()) as Page).items;
      expect(acme.some((s) => stored.some((b) => b.id === s.id))).toBe(false);
    });

    it('pages with cursors: every result exactly once, in order', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Page = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items.map((s) => s.id));
        cursor = page.next_cursor;
      } while (cursor !== null);
      expect(seen).toEqual(stored.map((s) => s.id));
    });

    it('filters by result type, match and time, like effects and turns', async () => {
      const type = stored[0]!.result_type;
      expect((await list(`result_type=${type}&limit=200`)).items.map((s) => s.id)).toEqual(stored.filter((s) => s.result_type === type).map((s) => s.id));
      const match = stored.at(-1)!.match_id;
      expect((await list(`match_id=${encodeURIComponent(match)}`)).items.map((s) => s.id)).toEqual(stored.filter((s) => s.match_id === match).map((s) => s.id));
      const middle = stored[4]!.created_at;
      expect((await list(`since=${encodeURIComponent(middle)}`)).items.map((s) => s.id)).toEqual(stored.filter((s) => s.created_at >= middle).map((s) => s.id));
      expect((await list(`until=${encodeURIComponent(middle)}`)).items.map((s) => s.id)).toEqual(stored.filter((s) => s.created_at < middle).map((s) => s.id));
    });

    it('W9: a bad filter is refused with its path', async () => {
      for (const [query, path] of [
        ['result_type=maybe', '$.result_type'],
        ['limit=0', '$.limit'],
        ['cursor=nope', '$.cursor'],
        ['since=yesterday', '$.since'],
      ] as const) {
        const res = await get(withoutModel, `/v0/suggestions?${query}`, 'beta');
        expect(res.status, query).toBe(400);
        expect(
          ((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path),
          query,
        ).toContain(path);
      }
    });
  });
});
