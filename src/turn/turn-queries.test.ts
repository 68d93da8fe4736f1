import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { parseTurnInput, turnInputToJson } from './turn-input.js';
import { getTurn, listTurns } from './turn-queries.js';
import { createTurnRuntime } from './turn-runtime.js';

describe.each(storeTargets())('stored turns read back on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  const input = parseTurnInput({
    turn_id: 't1',
    conversation_id: 'c1',
    locale: 'en',
    message: '  start a trip to Oslo ',
    understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record: 'r1', values: { destination: 'Oslo' } }] },
  });

  it('a turn reads back with its input in the wire form it ran under, every default written out', async () => {
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId: 'read' });
    await runtime.run(input);
    const row = await getTurn(db, 'read', 't1');
    expect(row?.input).toEqual(turnInputToJson(input));
    expect(row?.input).toMatchObject({ turn_id: 't1', tone: 'neutral', submissions: [], understanding: { questions: [], card_responses: [] } });
    expect((await listTurns(db, 'read', { limit: 10 })).map((r) => r.input)).toEqual([row?.input]);
  });

  it("a stored input that breaks the input's wire form is the store's fault, naming the turn and the path", async () => {
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId: 'broken' });
    await runtime.run(input);
    await db.query(`update turns set input = jsonb_set(input, '{locale}', '7') where tenant_id = 'broken'`);
    const read = getTurn(db, 'broken', 't1');
    await expect(read).rejects.toMatchObject({ name: 'StoreError' });
    await expect(read).rejects.toThrow('the stored input of turn t1 does not match its schema: $.locale');
  });
});
