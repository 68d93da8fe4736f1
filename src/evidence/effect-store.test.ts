import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { createEffectStore, type EffectStore, type StoredEffect } from './effect-store.js';
import { newRecordId } from './record-id.js';

function effect(tenantId: string, status: string, kind: string, atMs: number): StoredEffect {
  const id = newRecordId('eff_');
  return {
    tenantId,
    id,
    createdAt: new Date(atMs),
    status,
    interactionKind: kind,
    effect: { status, interaction_kind: kind, body: `body of ${id}` },
    contract: { contract_version: 'v0' },
    candidates: ['看車 candidate'],
  };
}

describe.each(storeTargets())('effect store on $name', (target) => {
  let db: Database;
  let store: EffectStore;
  beforeAll(async () => {
    db = await target.open();
    store = createEffectStore(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('W6: concurrent inserts all commit, in fewer flushes than rows', async () => {
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 120 }, (_, i) => effect('acme', i % 3 === 0 ? 'accepted' : 'fallback', i % 2 ? 'ticket_hold' : 'seller_home_valuation', base + i));
    await Promise.all(rows.map((r) => store.insert(r)));
    const [count] = await db.query<{ n: number }>("select count(*)::int8 as n from effects where tenant_id = 'acme'");
    expect(count?.n).toBe(120);
    const again = await store.get('acme', rows[7]!.id);
    expect(again).toEqual(rows[7]);
  });

  it("a tenant never reads another tenant's effect", async () => {
    const mine = effect('beta', 'accepted', 'k', Date.UTC(2026, 0, 2));
    await store.insert(mine);
    expect(await store.get('acme', mine.id)).toBeUndefined();
    expect((await store.list('acme', { limit: 500 })).some((e) => e.id === mine.id)).toBe(false);
    expect((await store.list('beta', { limit: 10 })).map((e) => e.id)).toEqual([mine.id]);
  });

  it('listing filters by status, interaction kind and time range, newest first, and pages by id', async () => {
    const base = Date.UTC(2026, 0, 1);
    const fallbacks = await store.list('acme', { status: 'fallback', interactionKind: 'ticket_hold', limit: 500 });
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(fallbacks.every((e) => e.status === 'fallback' && e.interactionKind === 'ticket_hold')).toBe(true);
    const ids = fallbacks.map((e) => e.id);
    expect(ids).toEqual([...ids].sort().reverse());

    const window = await store.list('acme', { since: new Date(base + 10), until: new Date(base + 20), limit: 500 });
    expect(window.map((e) => e.createdAt.getTime()).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => base + 10 + i));

    const page1 = await store.list('acme', { limit: 50 });
    const page2 = await store.list('acme', { limit: 50, beforeId: page1.at(-1)!.id });
    const page3 = await store.list('acme', { limit: 50, beforeId: page2.at(-1)!.id });
    const all = [...page1, ...page2, ...page3].map((e) => e.id);
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
  });
});
