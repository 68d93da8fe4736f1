import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import type { MatchFixture } from '../suggest/match-fixture.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

const TRACERESPONSE = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;
const hostTrace = '0af7651916cd43dd8448eb211c80319c';
const traceparent = `00-${hostTrace}-b7ad6b7169203331-01`;

describe.each(storeTargets())('trace ids on $name (no tracer provider configured)', ({ open }) => {
  let db: Database;
  let server: WarrantServer;
  let happy: MatchFixture;
  beforeAll(async () => {
    db = await open();
    server = await createTestServer(db, { turns: { workflows, locales } });
    happy = JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json'), 'utf8')) as MatchFixture;
  });
  afterAll(async () => {
    await db.close();
  });
  const request = (path: string, init: { body?: unknown; headers?: Record<string, string>; key?: string | null } = {}) =>
    server.app.request(path, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.key === null ? {} : { authorization: `Bearer ${init.key ?? testKeys.acme}` }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
    });
  const traceOf = (res: Response) => TRACERESPONSE.exec(res.headers.get('traceresponse') ?? '')?.[1];

  it('every response carries a traceresponse header: successes, refusals, probes, unknown routes, each its own trace', async () => {
    const responses = await Promise.all([
      request('/healthz', { key: null }),
      request('/v0/effects'),
      request('/v0/effects', { key: null }),
      request('/v0/effects/nope'),
      request('/v0/reply-contracts/verify', { body: '{' }),
      request('/nowhere'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 401, 404, 400, 404]);
    const traces = responses.map(traceOf);
    expect(traces.every((t) => t !== undefined)).toBe(true);
    expect(new Set(traces).size).toBe(traces.length);
  });

  it("a caller's traceparent is continued: the response names the caller's trace", async () => {
    const res = await request('/healthz', { key: null, headers: { traceparent } });
    expect(traceOf(res)).toBe(hostTrace);
    expect(res.headers.get('traceresponse')?.slice(36)).not.toBe('b7ad6b7169203331-01');
  });

  it('a stored effect records the trace id of its request, shown in the response, the record and the listing', async () => {
    const res = await request('/v0/reply-contracts/verify', { body: { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] } });
    const { effect } = (await res.json()) as { effect: { id: string; trace_id: string } };
    expect(effect.trace_id).toBe(traceOf(res));
    const record = (await (await request(`/v0/effects/${effect.id}`)).json()) as { effect: { trace_id: string } };
    expect(record.effect.trace_id).toBe(effect.trace_id);
    const list = (await (await request('/v0/effects?limit=1')).json()) as { items: { id: string; trace_id: string }[] };
    expect(list.items[0]).toMatchObject({ id: effect.id, trace_id: effect.trace_id });
    const [row] = await db.query<{ trace_id: string }>('select trace_id from effects where id = $1', [effect.id]);
    expect(row?.trace_id).toBe(effect.trace_id);
  });

  it("a turn records the trace of the request that committed it (the host's, when it sent one); a retry keeps the first", async () => {
    const input = { ...englishConversation[0], turn_id: 'traced-turn', conversation_id: 'traced' };
    const res = await request('/v0/turns', { body: input, headers: { traceparent } });
    expect(res.status).toBe(200);
    expect(traceOf(res)).toBe(hostTrace);
    const retry = await request('/v0/turns', { body: input });
    expect(traceOf(retry)).not.toBe(hostTrace);
    const record = (await (await request('/v0/turns/traced-turn')).json()) as { trace_id: string };
    expect(record.trace_id).toBe(hostTrace);
    const list = (await (await request('/v0/turns?conversation_id=traced')).json()) as { items: { trace_id: string }[] };
    expect(list.items.map((i) => i.trace_id)).toEqual([hostTrace]);
  });

  it('a suggestion result records its trace id, shown in the response, the record and the listing', async () => {
    const res = await request('/v0/suggestions', { body: { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now } });
    expect(res.status).toBe(200);
    const outcome = (await res.json()) as { id: string; trace_id: string };
    expect(outcome.trace_id).toBe(traceOf(res));
    expect(((await (await request(`/v0/suggestions/${outcome.id}`)).json()) as { trace_id: string }).trace_id).toBe(outcome.trace_id);
    const list = (await (await request(`/v0/suggestions?match_id=${encodeURIComponent((happy.match as { id: string }).id)}&limit=1`)).json()) as {
      items: { id: string; trace_id: string }[];
    };
    expect(list.items[0]).toMatchObject({ id: outcome.id, trace_id: outcome.trace_id });
  });
});
