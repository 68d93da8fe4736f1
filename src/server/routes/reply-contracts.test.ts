import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import type { WarrantServer } from '../create-server.js';
import { automotiveContract, createTestServer, safeAutomotiveCandidate, testKeys, unsafeAutomotiveCandidate } from '../testing.js';

type Row = { id: string; status: string; candidate_count: number; first_violation: { candidate: number; code: string; term: string } | null };

const ticketContract = {
  contract_version: 'v0',
  interaction_kind: 'ticket_inventory',
  entity_roles: { customer: 'buyer' },
  authority_status: 'payment_authoritative',
  fallback_body: 'Two tickets are shown as available; nothing is reserved yet. Which date?',
  must_include: ['nothing is reserved'],
  must_ask: ['Which date?'],
  canonical_terms: [],
  forbidden_terms: ['reserved two tickets'],
};

describe.each(storeTargets())('effect listings on $name', (target) => {
  let db: Database;
  let server: WarrantServer;
  const ids: Record<string, string> = {};

  const verify = async (contract: unknown, candidates: string[]) => {
    const res = await server.app.request('/v0/reply-contracts/verify', {
      method: 'POST',
      headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contract, candidates }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { effect: { id: string } }).effect.id;
  };
  const list = async (query: string) => {
    const res = await server.app.request(`/v0/effects?${query}`, { headers: { authorization: `Bearer ${testKeys.acme}` } });
    expect(res.status, query).toBe(200);
    return ((await res.json()) as { items: Row[] }).items;
  };

  beforeAll(async () => {
    db = await target.open();
    server = await createTestServer(db);
    ids.forbidden = await verify(automotiveContract, [unsafeAutomotiveCandidate, safeAutomotiveCandidate]);
    ids.accepted = await verify(automotiveContract, [safeAutomotiveCandidate]);
    ids.missing = await verify(ticketContract, ['Nothing is reserved yet. Which date?', 'nothing is reserved']);
    ids.none = await verify(ticketContract, []);
    ids.percent = await verify(ticketContract, ['100% sure: we reserved two tickets']);
  });
  afterAll(() => db?.close());

  it('each fallback row says why: the first candidate’s first violation, forbidden terms first', async () => {
    const rows = Object.fromEntries((await list('limit=200')).map((r) => [r.id, r]));
    expect(rows[ids.forbidden!]).toMatchObject({ status: 'accepted', first_violation: null, candidate_count: 2 });
    expect(rows[ids.accepted!]).toMatchObject({ status: 'accepted', first_violation: null, candidate_count: 1 });
    // 'Nothing' with a capital N: v0 is case-sensitive, so must_include is missing in the first candidate.
    expect(rows[ids.missing!]).toMatchObject({
      status: 'fallback',
      first_violation: { candidate: 0, code: 'missing_must_include', term: 'nothing is reserved' },
    });
    expect(rows[ids.none!]).toMatchObject({ status: 'fallback', first_violation: null, candidate_count: 0 });
    expect(rows[ids.percent!]).toMatchObject({
      status: 'fallback',
      first_violation: { candidate: 0, code: 'forbidden_term_present', term: 'reserved two tickets' },
    });
    const unsafeOnly = await verify(automotiveContract, [unsafeAutomotiveCandidate]);
    expect((await list('limit=1'))[0]).toMatchObject({ id: unsafeOnly, first_violation: { code: 'forbidden_term_present', term: '看車' } });
  });

  it('an effect whose stored JSON breaks its wire form is answered 503 store_unavailable, read or listed, never cast and served', async () => {
    const beta = { authorization: `Bearer ${testKeys.beta}` };
    const res = await server.app.request('/v0/reply-contracts/verify', {
      method: 'POST',
      headers: { ...beta, 'content-type': 'application/json' },
      body: JSON.stringify({ contract: ticketContract, candidates: ['nothing is reserved. Which date?'] }),
    });
    const { id } = ((await res.json()) as { effect: { id: string } }).effect;
    expect((await server.app.request(`/v0/effects/${id}`, { headers: beta })).status).toBe(200);
    await db.query(`update effects set contract = jsonb_set(contract::jsonb, '{must_ask}', '"Which date?"')::json where tenant_id = 'beta' and id = $1`, [id]);
    for (const path of [`/v0/effects/${id}`, '/v0/effects']) {
      const broken = await server.app.request(path, { headers: beta });
      expect(broken.status, path).toBe(503);
      expect(await broken.json(), path).toMatchObject({ code: 'store_unavailable' });
    }
    await db.query("delete from effects where tenant_id = 'beta'");
  });

  it('text finds effects whose body or any candidate holds it, ignoring case, with % and _ taken literally', async () => {
    expect((await list('text=RESERVED%20TWO')).map((r) => r.id)).toEqual([ids.percent]);
    expect((await list(`text=${encodeURIComponent('100%')}`)).map((r) => r.id)).toEqual([ids.percent]);
    expect(await list(`text=${encodeURIComponent('_')}`)).toEqual([]);
    // The body sent (the approved fallback) is searched as well as the candidates.
    expect((await list('text=shown%20as%20available')).map((r) => r.id).sort()).toEqual([ids.missing, ids.none, ids.percent].sort());
    expect((await list(`text=${encodeURIComponent('看車')}&status=fallback`)).length).toBeGreaterThan(0);
    expect(await list(`text=${encodeURIComponent('看車')}&interaction_kind=ticket_inventory`)).toEqual([]);
  });
});
