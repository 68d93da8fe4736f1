import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeReportJsonSchema } from '../../probe/index.js';
import type { Database } from '../../store/index.js';
import { openMemoryStore } from '../../store/testing.js';
import type { WarrantServer } from '../create-server.js';
import { automotiveContract, createTestServer, testKeys } from '../testing.js';

let db: Database;
let server: WarrantServer;
beforeAll(async () => {
  db = await openMemoryStore();
  server = await createTestServer(db, {
    probeParaphrase: async () => ({
      ran: true,
      candidates: ['已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。請提供待估車輛的車牌與里程。車子明天下午就幫您約好去看了。'],
      calls: [],
    }),
  });
});
afterAll(() => db.close());

const post = (body: unknown) =>
  server.app.request('/v0/reply-contracts/probe', {
    method: 'POST',
    headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('POST /v0/reply-contracts/probe', () => {
  it('reports the disguise holes of a v0 contract, and the paraphrases it accepts', async () => {
    const res = await post({ contract: automotiveContract });
    expect(res.status).toBe(200);
    const report = probeReportJsonSchema.parse(await res.json());
    expect(report.contract_version).toBe('v0');
    expect(report.findings.filter((f) => f.kind === 'disguise').length).toBeGreaterThan(0);
    expect(report.findings.filter((f) => f.kind === 'paraphrase').map((f) => f.candidate)).toHaveLength(1);
    expect(report.paraphrase).toEqual({ status: 'ran', tried: 1 });
  });

  it('a v1 copy names the classes folded leaves open and loose closes; a loose copy has no disguise hole', async () => {
    const folded = probeReportJsonSchema.parse(await (await post({ contract: { ...automotiveContract, contract_version: 'v1' } })).json());
    expect(folded.open_disguise_classes).toContain('han_variant');
    expect(folded.closed_by_loose).toEqual(folded.open_disguise_classes);
    const loose = probeReportJsonSchema.parse(
      await (await post({ contract: { ...automotiveContract, contract_version: 'v1', matching: { forbidden_terms: 'loose' } } })).json(),
    );
    expect(loose.findings.filter((f) => f.kind === 'disguise')).toEqual([]);
  });

  it('a refused contract is a 400 naming the path under $.contract', async () => {
    const res = await post({ contract: { ...automotiveContract, contract_version: 'v1', matching: { forbidden_terms: 'fuzzy' } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('$.contract.matching.forbidden_terms');
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await server.app.request('/v0/openapi.json', { headers: { authorization: `Bearer ${testKeys.acme}` } })).json()) as {
      paths: Record<string, unknown>;
    };
    expect(doc.paths['/v0/reply-contracts/probe']).toBeDefined();
  });
});
