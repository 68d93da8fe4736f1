import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import type { MatchFixture } from '../suggest/match-fixture.js';
import { fixtureSkills } from '../suggest/scripted-skills.js';
import type { WarrantServer } from './create-server.js';
import { metricsFromEnv } from './metrics.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from './testing.js';

/** A metric family as the Prometheus text parser returns it. */
type Family = {
  name: string;
  type: string;
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string; sum?: string }[];
};
// A real Prometheus text-format parser (the format's own grammar, not ours): whatever it cannot read fails the test.
const parsePrometheusTextFormat = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const token = 'metrics_token_0123456789';

describe.each(storeTargets())('GET /metrics on $name', ({ open }) => {
  let db: Database;
  let server: WarrantServer;
  let happy: MatchFixture;
  beforeAll(async () => {
    db = await open();
    happy = JSON.parse(await readFile(join(packageRoot(), 'fixtures', 'matches', 'en-active-reply-happy-path.json'), 'utf8')) as MatchFixture;
    server = await createTestServer(db, { metrics: { token }, suggestions: { skills: fixtureSkills(happy.model_outputs) } });
  });
  afterAll(async () => {
    await db.close();
  });
  const post = (path: string, body: unknown) =>
    server.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let lastText = '';
  const scrape = async (target = server) => {
    const res = await target.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    lastText = await res.text();
    return parsePrometheusTextFormat(lastText);
  };
  const family = (families: Family[], name: string) => {
    const found = families.find((f) => f.name === name);
    expect(found, `no ${name} in ${families.map((f) => f.name).join(', ')}`).toBeDefined();
    return found!;
  };
  const metricValue = (families: Family[], name: string, labels: Record<string, string>) =>
    Number(family(families, name).metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? Number.NaN);

  it('is refused without the metrics token, and a tenant key is not the token', async () => {
    expect((await server.app.request('/metrics')).status).toBe(401);
    const withTenantKey = await server.app.request('/metrics', { headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(withTenantKey.status).toBe(401);
    expect(withTenantKey.headers.get('content-type')).toBe('application/problem+json');
  });

  it('counts requests by route pattern and status, times them, and counts verdicts by status and fallback reason', async () => {
    expect((await post('/v0/reply-contracts/verify', { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] })).status).toBe(200);
    expect((await post('/v0/reply-contracts/verify', { contract: automotiveContract, candidates: [safeAutomotiveCandidate] })).status).toBe(200);
    expect((await post('/v0/reply-contracts/verify', { contract: automotiveContract, candidates: [] })).status).toBe(200);
    expect((await server.app.request('/v0/effects/eff_missing', { headers: { authorization: `Bearer ${testKeys.acme}` } })).status).toBe(404);
    const families = await scrape();

    expect(metricValue(families, 'warrant_http_requests_total', { method: 'POST', route: '/v0/reply-contracts/verify', status: '200' })).toBe(3);
    // The route pattern, never the id sent: series stay bounded whatever clients send.
    expect(metricValue(families, 'warrant_http_requests_total', { method: 'GET', route: '/v0/effects/:id', status: '404' })).toBe(1);
    const latency = family(families, 'warrant_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    // The parser flattens a histogram's buckets only when `le` is its one label, so the labelled
    // series' count is read from its own line.
    expect(lastText).toMatch(/^warrant_http_request_duration_seconds_count\{method="POST",route="\/v0\/reply-contracts\/verify"\} 3$/m);
    expect(metricValue(families, 'warrant_verdicts_total', { status: 'fallback', fallback_reason: 'forbidden_term_present' })).toBe(1);
    expect(metricValue(families, 'warrant_verdicts_total', { status: 'fallback', fallback_reason: 'no_candidate' })).toBe(1);
    expect(metricValue(families, 'warrant_verdicts_total', { status: 'accepted', fallback_reason: '' })).toBe(1);
  });

  it('reports group-commit flushes, the contract cache, model calls, in-flight requests and the drain state', async () => {
    expect((await post('/v0/suggestions', { match: happy.match, wiki: happy.wiki, profile: happy.profile, now: happy.now })).status).toBe(200);
    const families = await scrape();
    const rows = family(families, 'warrant_group_commit_flush_rows').metrics[0]!;
    expect(Number(rows.count)).toBeGreaterThanOrEqual(1);
    expect(Number(rows.sum)).toBe(3);
    expect(Number(family(families, 'warrant_group_commit_flush_seconds').metrics[0]!.count)).toBe(Number(rows.count));
    expect(metricValue(families, 'warrant_group_commit_flushes_total', { outcome: 'ok' })).toBe(Number(rows.count));
    expect(metricValue(families, 'warrant_contract_cache_bytes', {})).toBeGreaterThan(1024);
    expect(metricValue(families, 'warrant_contract_cache_entries', {})).toBe(1);
    const calls = family(families, 'warrant_model_calls_total').metrics;
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((m) => m.labels?.task && m.labels.outcome === 'ok')).toBe(true);
    // The scrape itself is in flight while it is rendered.
    expect(metricValue(families, 'warrant_http_requests_in_flight', {})).toBe(1);
    expect(metricValue(families, 'warrant_draining', {})).toBe(0);
    expect(family(families, 'warrant_process_resident_memory_bytes').type).toBe('GAUGE');
    await server.drain();
    expect(metricValue(await scrape(), 'warrant_draining', {})).toBe(1);
  });

  it('counts store failures by route', async () => {
    const failing = await open();
    const broken = await createTestServer(failing, { metrics: { token } });
    await failing.close();
    const res = await broken.app.request('/v0/effects', { headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(res.status).toBe(503);
    expect(metricValue(await scrape(broken), 'warrant_store_errors_total', { route: '/v0/effects' })).toBe(1);
  });

  it('without a token there is no /metrics route; a short token is refused naming its variable', async () => {
    const plain = await createTestServer(db);
    expect((await plain.app.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    expect(metricsFromEnv({})).toEqual({});
    expect(metricsFromEnv({ WARRANT_METRICS_TOKEN: token })).toEqual({ token });
    expect(() => metricsFromEnv({ WARRANT_METRICS_TOKEN: 'short' })).toThrow(/WARRANT_METRICS_TOKEN/);
  });
});
