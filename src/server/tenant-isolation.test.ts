import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

describe.each(storeTargets())('tenant isolation on $name', (target) => {
  let db: Database;
  let server: WarrantServer;
  beforeAll(async () => {
    db = await target.open();
    server = await createTestServer(db, { turns: { workflows, locales } });
  });
  afterAll(async () => {
    await db.close();
  });

  const call = (tenant: keyof typeof testKeys, path: string, body?: unknown) =>
    server.app.request(path, {
      ...(body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }),
      headers: { authorization: `Bearer ${testKeys[tenant]}`, 'content-type': 'application/json' },
    });

  it("a key never reads or lists another tenant's effects, turns or suggestion results: 404, not 403", async () => {
    const effect = (
      (await (await call('acme', '/v0/reply-contracts/verify', { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] })).json()) as {
        effect: { id: string };
      }
    ).effect;
    expect((await call('acme', '/v0/turns', englishConversation[0])).status).toBe(200);
    const match = JSON.parse(await readFile(join(packageRoot(), 'examples', 'suggest', 'match.json'), 'utf8')) as unknown;
    const suggestion = (await (await call('acme', '/v0/suggestions', { match })).json()) as { id?: string };

    expect((await call('acme', `/v0/effects/${effect.id}`)).status).toBe(200);
    expect((await call('beta', `/v0/effects/${effect.id}`)).status).toBe(404);
    expect((await call('beta', '/v0/turns/demo-en-1')).status).toBe(404);
    expect(suggestion.id).toMatch(/^sug_/);
    expect((await call('acme', `/v0/suggestions/${suggestion.id}`)).status).toBe(200);
    expect((await call('beta', `/v0/suggestions/${suggestion.id}`)).status).toBe(404);
    expect(((await (await call('beta', '/v0/effects')).json()) as { items: unknown[] }).items).toEqual([]);
    expect(((await (await call('beta', '/v0/turns')).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("the same turn id under two tenants is two turns, each on its own tenant's records", async () => {
    const mine = (await (await call('beta', '/v0/turns', englishConversation[0])).json()) as { blocks: { kind: string }[] };
    expect(mine.blocks.filter((b) => b.kind === 'receipt').length).toBeGreaterThan(0); // committed afresh, not acme's replayed
    const rows = await db.query<{ tenant_id: string }>("select tenant_id from turns where id = 'demo-en-1' order by tenant_id");
    expect(rows.map((r) => r.tenant_id)).toEqual(['acme', 'beta']);
    const events = await db.query<{ tenant_id: string; n: number }>(
      "select tenant_id, count(*)::int8 as n from turn_events where turn_id = 'demo-en-1' group by tenant_id order by tenant_id",
    );
    expect(events.map((e) => e.tenant_id)).toEqual(['acme', 'beta']);
    expect(events[0]!.n).toBe(events[1]!.n);
  });

  it("a turns cursor reveals nothing about other tenants: it holds only the tenant's own turn (commit time and id), and paging goes on while others commit", async () => {
    for (const turn of englishConversation.slice(1, 3)) expect((await call('acme', '/v0/turns', turn)).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (await call('acme', `/v0/turns?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json()) as {
        items: { id: string; created_at: string }[];
        next_cursor: string | null;
      };
      seen.push(...page.items.map((t) => t.id));
      cursor = page.next_cursor;
      if (cursor !== null) {
        const last = page.items.at(-1)!;
        const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
        // Version, listing, then the turn's own commit time (to the microsecond) and id: no sequence shared by tenants.
        expect(decoded).toEqual(['v2', 'turns', expect.stringMatching(new RegExp(`^${last.created_at.slice(0, 23)}\\d{3}Z$`)), last.id]);
        // Another tenant committing between pages moves nothing in this tenant's pages.
        expect((await call('beta', '/v0/turns', { ...englishConversation[0], turn_id: `beta-${seen.length}` })).status).toBe(200);
      }
    } while (cursor !== null);
    expect(seen).toEqual(['demo-en-3', 'demo-en-2', 'demo-en-1']);
  });
});
