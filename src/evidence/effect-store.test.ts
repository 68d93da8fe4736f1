import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvidenceSealer } from '../store/evidence-sealer.js';
import type { Database } from '../store/index.js';
import { testContractJson, testEffectJson } from '../server/testing-evidence.js';
import { storeTargets } from '../store/testing.js';
import { createEffectStore, hasEffects, type EffectStore, type StoredEffect } from './effect-store.js';
import { newRecordId } from './record-id.js';
import { verifyEvidence } from './verify-evidence.js';

function effect(tenantId: string, status: 'accepted' | 'fallback', kind: string, atMs: number): StoredEffect {
  const id = newRecordId('eff_');
  return {
    tenantId,
    id,
    createdAt: new Date(atMs),
    status,
    interactionKind: kind,
    effect: testEffectJson(`body of ${id}`, status, kind),
    contract: testContractJson(kind),
    candidates: ['看車 candidate'],
    // Every other effect has no trace (made without a request); both read back as written.
    traceId: atMs % 2 === 0 ? id.slice(4).padEnd(32, '0').slice(0, 32) : null,
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
    const rows = Array.from({ length: 120 }, (_, i) =>
      effect('acme', i % 3 === 0 ? 'accepted' : 'fallback', i % 2 ? 'ticket_hold' : 'seller_home_valuation', base + i),
    );
    await Promise.all(rows.map((r) => store.insert(r)));
    const [count] = await db.query<{ n: number }>("select count(*)::int8 as n from effects where tenant_id = 'acme'");
    expect(count?.n).toBe(120);
    const again = await store.get('acme', rows[7]!.id);
    expect(again).toEqual(rows[7]);
  });

  it('W13: integrity off writes the rows and no seal; on, the seals written with them cover each row once', async () => {
    const off = createEffectStore({ ...db, sealer: createEvidenceSealer({ enabled: false }) });
    const unsealed = Array.from({ length: 30 }, (_, i) => effect('offco', 'accepted', 'k', Date.UTC(2026, 0, 4) + i));
    await Promise.all(unsealed.map((r) => off.insert(r)));
    const sealed = Array.from({ length: 30 }, (_, i) => effect('onco', 'accepted', 'k', Date.UTC(2026, 0, 4) + i));
    await Promise.all(sealed.map((r) => store.insert(r)));
    const stored = await db.query<{ tenant_id: string; n: number }>(
      "select tenant_id, count(*)::int8 as n from effects where tenant_id in ('offco', 'onco') group by tenant_id order by tenant_id",
    );
    expect(stored.map((r) => [r.tenant_id, Number(r.n)])).toEqual([
      ['offco', 30],
      ['onco', 30],
    ]);
    const seals = await db.query<{ tenant_id: string; entries: { id: string }[] }>(
      "select tenant_id, entries from evidence_seals where tenant_id in ('offco', 'onco')",
    );
    expect(seals.every((s) => s.tenant_id === 'onco')).toBe(true);
    expect(seals.flatMap((s) => s.entries.map((e) => e.id)).sort()).toEqual(sealed.map((r) => r.id).sort());
  });

  it("a tenant never reads another tenant's effect", async () => {
    const mine = effect('beta', 'accepted', 'k', Date.UTC(2026, 0, 2));
    await store.insert(mine);
    expect(await store.get('acme', mine.id)).toBeUndefined();
    expect((await store.list('acme', { limit: 500 })).some((e) => e.id === mine.id)).toBe(false);
    expect((await store.list('beta', { limit: 10 })).map((e) => e.id)).toEqual([mine.id]);
  });

  it('hasEffects: a tenant has effects once one is stored, and only its own count', async () => {
    expect(await hasEffects(db, 'gamma')).toBe(false);
    await store.insert(effect('gamma', 'accepted', 'k', Date.UTC(2026, 0, 3)));
    expect(await hasEffects(db, 'gamma')).toBe(true);
    expect(await hasEffects(db, 'delta')).toBe(false);
  });

  it('W13: an effect is stored and sealed as it was when insert was called (serialised and digested then, not at its flush); one that cannot be serialised fails its own insert only', async () => {
    const first = effect('prepared', 'accepted', 'k', Date.UTC(2026, 0, 4));
    const second = effect('prepared', 'accepted', 'k', Date.UTC(2026, 0, 4, 0, 0, 1));
    const kept = structuredClone(second);
    const base = effect('prepared', 'accepted', 'k', Date.UTC(2026, 0, 4, 0, 0, 2));
    // A value no JSON holds, past the type a caller would be held to.
    const unserialisable = { ...base, effect: { ...base.effect, body: 1n as unknown as string } };
    // All three are queued in this turn and flushed together at its end, after the caller has changed its object.
    const writes = [store.insert(first), store.insert(second), store.insert(unserialisable)];
    (second.effect as { body: string }).body = 'changed after insert';
    (second.candidates as string[]).length = 0;
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(await store.get('prepared', second.id)).toEqual(kept);
    expect((await verifyEvidence(db, { tenantId: 'prepared' })).problems).toEqual([]);
  });

  it.each([
    ['effect', `effect = jsonb_set(effect::jsonb, '{status}', '"maybe"')::json`, (id: string) => `the stored effect ${id} does not match its schema: $.status`],
    [
      'contract',
      `contract = jsonb_set(contract::jsonb, '{forbidden_terms}', '["", 7]')::json`,
      (id: string) =>
        `the stored contract of effect ${id} does not match its schema: $.forbidden_terms.0: a term must not be empty; $.forbidden_terms.1: Invalid input: expected string, received number`,
    ],
    ['candidates', `candidates = '["a", 1]'::json`, (id: string) => `the stored candidates of effect ${id} are not a list of strings`],
  ])("a row whose stored %s breaks its wire form is the store's fault, on reading it and listing it, naming the effect", async (_, set, message) => {
    const tenant = `broken-${_}`;
    const row = effect(tenant, 'fallback', 'k', Date.UTC(2026, 0, 5));
    await store.insert(row);
    expect(await store.get(tenant, row.id)).toEqual(row);
    await db.query(`update effects set ${set} where tenant_id = $1`, [tenant]);
    // One read at a time: a second read started beside the first would reject with no handler yet.
    for (const read of [() => store.get(tenant, row.id), () => store.list(tenant, { limit: 10 })]) {
      const refused = read();
      await expect(refused).rejects.toMatchObject({ name: 'StoreError' });
      await expect(refused).rejects.toThrow(message(row.id));
    }
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

describe.each(storeTargets())("W10 on $name: one tenant's unstorable row never fails another tenant's writes", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("a row the store refuses (a NUL in a candidate), batched with another tenant's valid rows: only it fails; every valid row commits and is acknowledged", async () => {
    let flushes = 0;
    const counting: Database = {
      kind: db.kind,
      query: (text, params) => {
        if (text.includes('warrant_insert_effects')) flushes++;
        return db.query(text, params);
      },
      transaction: (work) => db.transaction(work),
      close: () => db.close(),
    };
    const store = createEffectStore(counting);
    const base = Date.UTC(2026, 1, 1);
    const valid = Array.from({ length: 40 }, (_, i) => effect('beta', 'accepted', 'ticket_hold', base + i));
    const poisoned = { ...effect('acme', 'accepted', 'ticket_hold', base + 100), candidates: ['hold\u0000'] };
    // The first write flushes alone; everything after it waits and goes in one batch with the poison inside.
    const writes = [valid[0]!, ...valid.slice(1, 20), poisoned, ...valid.slice(20)].map((row) =>
      store.insert(row).then(
        () => ({ id: row.id, ok: true as const }),
        (error: unknown) => ({ id: row.id, ok: false as const, error }),
      ),
    );
    const outcomes = await Promise.all(writes);
    const acknowledged = outcomes.filter((o) => o.ok).map((o) => o.id);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.id)).toEqual([poisoned.id]);
    expect(acknowledged.sort()).toEqual(valid.map((v) => v.id).sort());
    // W6: every acknowledged row is in the store, the refused one is not.
    const rows = await db.query<{ id: string }>("select id from effects where tenant_id in ('acme', 'beta')");
    expect(rows.map((r) => r.id).sort()).toEqual(acknowledged.sort());
    // Bisected, not retried one row at a time.
    expect(flushes).toBeGreaterThan(1);
    expect(flushes).toBeLessThan(20);
  });
});
