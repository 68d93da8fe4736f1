import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import { createTestServer, testKeys } from '../testing.js';
import type { WarrantServer } from '../create-server.js';
import { locales, workflows } from '../../../examples/trip/index.js';

/** A stored turn's result JSON: a transition, model calls and the understanding failure as the runtime writes them. */
function result(
  reply: string,
  { fallback = null, outcomes = [], unread = null }: { fallback?: string | null; outcomes?: string[]; unread?: string | null } = {},
) {
  return {
    turn_id: 't',
    conversation_id: 'c1',
    locale: 'en',
    outcome: { done: [], not_done: [], disputes: [], starting: [], ask: null, card: null },
    ask: null,
    about_record: null,
    in_view: [],
    blocks: [{ kind: 'transition', id: 'transition', text: reply, written_by: fallback ? 'code' : 'writer', fallback_reason: fallback }],
    evidence: { model_calls: outcomes.map((outcome) => ({ task: 'acknowledge', outcome })), understanding_failure: unread, events_committed: 0 },
  };
}

describe.each(storeTargets())('GET /v0/turns filters ($name)', (target) => {
  let db: Database;
  let server: WarrantServer;
  beforeAll(async () => {
    db = await target.open();
    server = await createTestServer(db, { turns: { workflows, locales } });
    const rows: [string, string, ReturnType<typeof result>][] = [
      ['t-plain', 'Where is my trip?', result('Your trip to Milan is booked.', { outcomes: ['ok'] })],
      ['t-fallback', 'Book Rome', result('Trip started. Who pays?', { fallback: 'writer_failed: timeout', outcomes: ['timeout'] })],
      ['t-unread', 'ciao???', result('I could not read that message.', { unread: 'no_model' })],
      ['t-other', 'Anything else', result('Nothing else is pending.', { outcomes: ['ok', 'ok'] })],
    ];
    for (const [id, message, json] of rows) {
      await db.query("insert into turns (tenant_id, id, conversation_id, input, commit, result) values ('acme', $1, 'c1', $2::jsonb, '{}'::jsonb, $3::jsonb)", [
        id,
        JSON.stringify({ turn_id: id, conversation_id: 'c1', locale: 'en', message }),
        JSON.stringify(json),
      ]);
    }
    // Another tenant's matching turn is never listed.
    await db.query(
      "insert into turns (tenant_id, id, conversation_id, input, commit, result) values ('beta', 'b-fallback', 'c1', $1::jsonb, '{}'::jsonb, $2::jsonb)",
      [
        JSON.stringify({ turn_id: 'b-fallback', conversation_id: 'c1', locale: 'en', message: 'Book Milan' }),
        JSON.stringify(result('Milan', { fallback: 'writer_failed: refused', outcomes: ['refused'] })),
      ],
    );
  }, 120_000);
  afterAll(() => db?.close());

  const list = async (query: string) => {
    const res = await server.fetch(new Request(`http://x/v0/turns?${query}`, { headers: { authorization: `Bearer ${testKeys.acme}` } }));
    const body = (await res.json()) as { items: { id: string; fallback_reason: string | null; model_failure: boolean }[] };
    return { status: res.status, body, ids: (body.items ?? []).map((t) => t.id).sort() };
  };

  it('fallback=true lists the turns whose reply fell back to code, false the others; each row says why', async () => {
    const fell = await list('fallback=true');
    expect(fell.ids).toEqual(['t-fallback']);
    expect(fell.body.items[0]!.fallback_reason).toBe('writer_failed: timeout');
    expect((await list('fallback=false')).ids).toEqual(['t-other', 't-plain', 't-unread']);
  });

  it('model_failure=true lists turns with a failed model call or an unread message', async () => {
    const failed = await list('model_failure=true');
    expect(failed.ids).toEqual(['t-fallback', 't-unread']);
    expect(failed.body.items.every((t) => t.model_failure)).toBe(true);
    expect((await list('model_failure=false')).ids).toEqual(['t-other', 't-plain']);
  });

  it('text finds the message, the id or the reply, ignoring case; % and _ are literal', async () => {
    expect((await list('text=MILAN')).ids).toEqual(['t-plain']);
    expect((await list('text=ciao')).ids).toEqual(['t-unread']);
    expect((await list('text=t-oth')).ids).toEqual(['t-other']);
    expect((await list('text=%25')).ids).toEqual([]);
    expect((await list('text=who%20pays&fallback=true')).ids).toEqual(['t-fallback']);
  });

  it('a flag that is not true or false is refused with its name', async () => {
    const bad = await list('fallback=yes');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('fallback');
  });

  it("GET /v0/tenant names the key's tenant", async () => {
    const res = await server.fetch(new Request('http://x/v0/tenant', { headers: { authorization: `Bearer ${testKeys.acme}` } }));
    expect(await res.json()).toEqual({ tenant_id: 'acme' });
    expect((await server.fetch(new Request('http://x/v0/tenant'))).status).toBe(401);
  });

  it('a stored result is read through its schema: one that does not match it is a store fault, not a 200 with a broken body', async () => {
    await db.query(
      "insert into turns (tenant_id, id, conversation_id, input, commit, result) values ('beta', 'b-broken', 'c1', $1::jsonb, '{}'::jsonb, $2::jsonb)",
      [
        JSON.stringify({ turn_id: 'b-broken', conversation_id: 'c1', locale: 'en', message: 'Book Milan' }),
        JSON.stringify({ ...result('Milan'), blocks: [{ kind: 'transition', id: 'transition', text: 'Milan', written_by: 'nobody', fallback_reason: null }] }),
      ],
    );
    const res = await server.fetch(new Request('http://x/v0/turns/b-broken', { headers: { authorization: `Bearer ${testKeys.beta}` } }));
    expect(res.status).toBeGreaterThanOrEqual(500);
    const good = await server.fetch(new Request('http://x/v0/turns/b-fallback', { headers: { authorization: `Bearer ${testKeys.beta}` } }));
    expect(good.status).toBe(200);
  });
});
