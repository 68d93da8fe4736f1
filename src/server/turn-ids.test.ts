import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { createTestServer, testKeys } from './testing.js';

const headers = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' };

describe.each(storeTargets())('turn ids are taken as sent or refused ($name)', ({ open }) => {
  let db: Database;
  let server: WarrantServer;
  beforeAll(async () => {
    db = await open();
    server = await createTestServer(db, { turns: { workflows, locales } });
  });
  afterAll(async () => {
    await db.close();
  });
  const post = (turnId: string, conversationId = 'ids') =>
    server.app.request('/v0/turns', {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...englishConversation[0], turn_id: turnId, conversation_id: conversationId }),
    });
  const get = (turnId: string) => server.app.request(`/v0/turns/${encodeURIComponent(turnId)}`, { headers });

  it('a padded turn id is kept padded: it is its own idempotency key, and GET by the id sent finds it', async () => {
    const padded = await post(' padded ', 'padded-a');
    expect(padded.status).toBe(200);
    expect(((await padded.json()) as { turn_id: string }).turn_id).toBe(' padded ');
    const bare = await post('padded', 'padded-b');
    expect(bare.status).toBe(200);
    const [rows] = await db.query<{ n: number }>("select count(*)::int8 as n from turns where tenant_id = 'acme' and id in (' padded ', 'padded')");
    expect(Number(rows?.n)).toBe(2);
    const read = await get(' padded ');
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string; conversation_id: string }).conversation_id).toBe('padded-a');
  });

  it.each(['.', '..', 'a/b', '/', '../etc'])('%j is refused with 400 naming $.turn_id, and nothing is stored', async (turnId) => {
    const res = await post(turnId);
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { issues: { path: string; message: string }[] };
    expect(problem.issues.map((i) => i.path)).toEqual(['$.turn_id']);
    expect(problem.issues[0]?.message).toMatch(/URL path/);
    const [rows] = await db.query<{ n: number }>('select count(*)::int8 as n from turns where id = $1', [turnId]);
    expect(Number(rows?.n)).toBe(0);
  });

  it('ids a path carries back stay accepted: dots inside, spaces, non-Latin letters', async () => {
    for (const turnId of ['a.b', '...', 'x y', '預約-1']) {
      expect((await post(turnId)).status).toBe(200);
      expect((await get(turnId)).status).toBe(200);
    }
  });
});
