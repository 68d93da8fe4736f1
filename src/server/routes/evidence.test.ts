import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestEvidence } from '../../server/testing-evidence.js';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import type { WarrantServer } from '../create-server.js';
import { createTestServer, testKeys } from '../testing.js';

describe.each(storeTargets())('evidence routes on $name', (target) => {
  let db: Database;
  let server: WarrantServer;
  beforeAll(async () => {
    db = await target.open();
    server = await createTestServer(db);
  });
  afterAll(async () => {
    await db.close();
  });
  const call = (method: string, path: string, tenant: keyof typeof testKeys = 'acme') =>
    server.app.request(path, { method, headers: { authorization: `Bearer ${testKeys[tenant]}` } });

  it("W13: GET /v0/evidence/verify reports the key's own tenant's tampered rows, and only its own", async () => {
    await writeTestEvidence(db, 'acme', 'c1');
    await writeTestEvidence(db, 'beta', 'c1');
    const clean = await call('GET', '/v0/evidence/verify');
    expect(clean.status).toBe(200);
    expect(await clean.json()).toMatchObject({ ok: true, rows: 13, problems: [] });

    await db.query(`update suggestions set result = '{"resultType":"close"}' where tenant_id = 'beta'`);
    const beta = (await (await call('GET', '/v0/evidence/verify', 'beta')).json()) as { ok: boolean; problems: { table: string; kind: string }[] };
    expect(beta.ok).toBe(false);
    expect(beta.problems.map((p) => `${p.table} ${p.kind}`)).toEqual(['suggestions changed']);
    expect(await (await call('GET', '/v0/evidence/verify')).json()).toMatchObject({ ok: true });
  });

  it('W9: a since that is no date-time is a 400 naming it', async () => {
    const response = await call('GET', '/v0/evidence/verify?since=yesterday');
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('since');
  });

  it("W13: DELETE /v0/conversations/{id} erases for the key's tenant, leaves the other tenant's conversation of the same id, and says so when repeated", async () => {
    await writeTestEvidence(db, 'acme', 'gone');
    await writeTestEvidence(db, 'beta', 'gone');
    const first = await call('DELETE', '/v0/conversations/gone');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ erased: true, row_count: 6, rows: { turns: 2, turn_events: 2, turn_records: 1, suggestions: 1 } });
    const again = (await (await call('DELETE', '/v0/conversations/gone')).json()) as { erased: boolean; earlier: unknown[] };
    expect(again.erased).toBe(false);
    expect(again.earlier).toHaveLength(1);
    expect((await db.query(`select 1 from turns where tenant_id = 'beta' and conversation_id = 'gone'`)).length).toBe(2);
    const report = (await (await call('GET', '/v0/evidence/verify')).json()) as { ok: boolean; erasures: { requested_by: string }[] };
    expect(report.ok).toBe(true);
    expect(report.erasures[0]!.requested_by).toMatch(/^api key sha256:[0-9a-f]{12}$/);
  });
});
