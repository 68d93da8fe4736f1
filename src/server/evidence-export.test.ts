import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseConversation } from '../evidence/erase-conversation.js';
import { createEffectStore } from '../evidence/effect-store.js';
import { testEffect, writeTestEvidence } from './testing-evidence.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { exportEvidence } from './evidence-export.js';
import { createTestServer, testKeys } from './testing.js';

type Line = { kind: string; id: string; record: Record<string, unknown>; proof: Record<string, unknown>; cursor: string };

const collect = async (lines: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const line of lines) out.push(line);
  return out;
};

describe.each(storeTargets())('evidence export on $name (W13)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    await writeTestEvidence(db, 'acme', 'kept');
    await writeTestEvidence(db, 'acme', 'gone');
    await eraseConversation(db, { tenantId: 'acme', conversationId: 'gone', requestedBy: 'ops' });
    await writeTestEvidence(db, 'beta', 'kept');
  });
  afterAll(async () => {
    await db.close();
  });

  it("W13: every record of the tenant, one NDJSON line each in its wire form with its seal's proof, seals last, and nothing of another tenant", async () => {
    const lines = await collect(exportEvidence(db, { tenantId: 'acme' }));
    expect(lines.every((l) => l.endsWith('}\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    const parsed = lines.map((l) => JSON.parse(l) as Line);
    const kinds = parsed.map((l) => l.kind);
    expect(kinds.filter((k) => k === 'effects')).toHaveLength(12);
    expect(kinds.filter((k) => k === 'suggestions')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'turns')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'evidence_erasures')).toHaveLength(1);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a, b) =>
          ['effects', 'suggestions', 'turns', 'evidence_erasures', 'evidence_seals'].indexOf(a) -
          ['effects', 'suggestions', 'turns', 'evidence_erasures', 'evidence_seals'].indexOf(b),
      ),
    );
    // Every record's proof names the seal exported below it that lists its digest.
    const seals = new Map(
      parsed
        .filter((l) => l.kind === 'evidence_seals')
        .map((l) => [l.id, l.record as unknown as { hash: string; entries: { t: string; id: string; d: string }[] }]),
    );
    const proofs = parsed.flatMap((l) =>
      l.kind === 'turns'
        ? [(l.proof as { turn: { seal: string; digest: string } }).turn]
        : l.kind === 'evidence_seals'
          ? []
          : [l.proof as { seal: string; digest: string }],
    );
    for (const p of proofs) expect(seals.get(p.seal)?.entries.map((e) => e.d)).toContain(p.digest);
    const effect = parsed.find((l) => l.kind === 'effects')!;
    expect(effect.record).toMatchObject({
      effect: { id: effect.id, body: expect.stringMatching(/of acme$/) },
      candidates: [expect.any(String), expect.any(String)],
    });
    const turn = parsed.find((l) => l.kind === 'turns')!;
    expect(turn.record).toMatchObject({ conversation_id: 'kept', events: [{ type: expect.any(String) }] });
    expect(lines.join('')).not.toContain('beta');
  });

  it('W13: a cursor resumes right after its line, across pages and kinds; a cursor not issued here is refused at $.cursor', async () => {
    const whole = await collect(exportEvidence(db, { tenantId: 'acme', pageRows: 2 }));
    expect(whole).toEqual(await collect(exportEvidence(db, { tenantId: 'acme' })));
    for (const at of [0, 5, 11, 12, 13, 15, whole.length - 2]) {
      const cursor = (JSON.parse(whole[at]!) as Line).cursor;
      expect(await collect(exportEvidence(db, { tenantId: 'acme', cursor, pageRows: 3 }))).toEqual(whole.slice(at + 1));
    }
    await expect(collect(exportEvidence(db, { tenantId: 'acme', cursor: 'bm90LWEtY3Vyc29y' }))).rejects.toThrow(/\$\.cursor/);
  });

  it('W13: rows sealed together though dated an hour apart (a seal wider than the range a page looks in) still carry their seal, page by page', async () => {
    const effects = createEffectStore(db);
    const at = Date.now() - 3 * 3_600_000;
    const rows = [testEffect('wide', 'early', new Date(at)), testEffect('wide', 'late', new Date(at + 3_600_000))];
    await Promise.all(rows.map((r) => effects.insert(r)));
    const lines = (await collect(exportEvidence(db, { tenantId: 'wide', pageRows: 1 }))).map((l) => JSON.parse(l) as Line);
    const seal = lines.find((l) => l.kind === 'evidence_seals')!;
    expect(lines.filter((l) => l.kind === 'effects').map((l) => l.proof.seal)).toEqual([seal.id, seal.id]);
  });

  it('GET /v0/evidence/export streams the same lines as NDJSON; a bad cursor is a 400', async () => {
    const server = await createTestServer(db);
    const response = await server.app.request('/v0/evidence/export', { headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(await response.text()).toBe((await collect(exportEvidence(db, { tenantId: 'acme' }))).join(''));
    const refused = await server.app.request('/v0/evidence/export?cursor=nope', { headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('$.cursor');
  });
});

describe.runIf(process.env.DATABASE_URL?.trim())('evidence export at scale (PostgreSQL)', () => {
  it('W13: 200,000 records stream in constant memory; the rate is logged', async () => {
    const db = await storeTargets()
      .find((t) => t.name === 'postgres')!
      .open();
    try {
      await db.query(
        `insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates)
         select 'big', 'eff_' || lpad(to_hex(i), 28, '0'), now() - interval '1 hour' + i * interval '1 ms', 'accepted', 'chat',
                json_build_object('body', 'reply ' || i, 'status', 'accepted'), '{"contract_version":"v0","must_ask":["a"]}'::json, json_build_array('reply ' || i)
           from generate_series(1, 200000) i`,
      );
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      let count = 0;
      let bytes = 0;
      const t0 = performance.now();
      for await (const line of exportEvidence(db, { tenantId: 'big' })) {
        count++;
        bytes += line.length;
        if (count % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
      }
      const seconds = (performance.now() - t0) / 1000;
      console.log(
        `evidence export (postgres): ${count} records, ${Math.round(bytes / 1e6)} MB in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} records/s; RSS +${Math.round((peak - rssBefore) / 1e6)} MB at peak`,
      );
      expect(count).toBe(200_000);
      // A page of 2,000 rows is about a megabyte; the export's 40+ MB must not pile up.
      expect(peak - rssBefore).toBeLessThan(64 * 1024 * 1024);
    } finally {
      await db.close();
    }
  }, 180_000);
});
