import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import type { Database, Queryable } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { transitionOf } from './turn-result.js';
import { createTurnRuntime } from './turn-runtime.js';
import type { TurnInputJson } from './turn-input.js';
import { DEFAULT_HISTORY_TURNS, TurnStore } from './turn-store.js';

type Act = NonNullable<NonNullable<TurnInputJson['understanding']>['acts']>[number];
import type { AcknowledgeRequest, TurnWriter } from './writer.js';
import { parseTurnInput } from './turn-input.js';

const workflows = new Map([[tripWorkflow.key, tripWorkflow]]);
const start = (record: string) => ({ operation: 'start_trip', workflow: 'trip', record, values: { destination: 'Oslo' } });
const traveler = (record: string, name: string) => ({ operation: 'add_traveler', record, values: { name } });
const turn = (turnId: string, acts: Act[], conversation = 'c'): TurnInputJson => ({
  turn_id: turnId,
  conversation_id: conversation,
  locale: 'en',
  understanding: { acts },
});

/** `db` with every statement it runs recorded, transactions included. */
function counted(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
  });
  return {
    statements,
    db: { ...db, query: wrap(db).query, transaction: (work) => db.transaction((tx) => work(wrap(tx))), close: () => db.close() },
  };
}

describe.each(storeTargets())('turn store on $name', (target) => {
  let db: Database;
  let tenant = 0;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('history window: a turn reads the last N transitions, oldest first, however long the conversation', async () => {
    const tenantId = `window-${++tenant}`;
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId });
    const results = [await runtime.run(parseTurnInput(turn('t0', [start('r')])))];
    for (let i = 1; i < 12; i++) results.push(await runtime.run(parseTurnInput(turn(`t${i}`, [traveler('r', `Traveler ${i}`)]))));
    const replies = results.map((r) => transitionOf(r).text);

    const context = await new TurnStore(db, tenantId, workflows, 5).loadContext('c');
    expect(context.history).toEqual(replies.slice(-5));
    expect(context.aboutRecord).toBe('r');
    expect(context.ask).toEqual(results.at(-1)!.ask);
    expect(context.lastReceipts?.map((r) => r.id)).toEqual(['receipt:r:12']);
    expect((await new TurnStore(db, tenantId, workflows, 0).loadContext('c')).history).toEqual([]);
    expect((await new TurnStore(db, tenantId, workflows, 0).loadContext('c')).ask).toEqual(context.ask);
    expect((await new TurnStore(db, tenantId, workflows).loadContext('c')).history).toEqual(replies.slice(-DEFAULT_HISTORY_TURNS));
  });

  it('history window: the writer is handed at most historyTurns earlier replies, and the commit stores no more', async () => {
    const tenantId = `window-${++tenant}`;
    const histories: number[] = [];
    const writer: TurnWriter = {
      answer: async () => ({ ok: false, reason: 'unused', calls: [] }),
      acknowledge: async (request: AcknowledgeRequest) => {
        histories.push(request.history.length);
        return { ok: true, text: `Reply ${histories.length}.`, calls: [] };
      },
    };
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId, writer, historyTurns: 3 });
    await runtime.run(parseTurnInput(turn('t0', [start('r')])));
    for (let i = 1; i < 8; i++) await runtime.run(parseTurnInput(turn(`t${i}`, [traveler('r', `Traveler ${i}`)])));
    expect(histories).toEqual([0, 1, 2, 3, 3, 3, 3, 3]);
    const [last] = await db.query<{ history: string[] }>("select commit->'context'->'history' as history from turns where tenant_id = $1 and id = 't7'", [
      tenantId,
    ]);
    expect(last!.history).toEqual(['Reply 5.', 'Reply 6.', 'Reply 7.']);
  });

  it('historyTurns must be a whole number ≥ 0', () => {
    expect(() => new TurnStore(db, 'x', workflows, -1)).toThrow(/historyTurns/);
    expect(() => createTurnRuntime({ db, workflows: [tripWorkflow], historyTurns: 1.5 })).toThrow(/historyTurns/);
  });

  it('batched commit: a turn writes its events in the same number of statements whatever their number', async () => {
    const statementsFor = async (travelers: number) => {
      const { db: watched, statements } = counted(db);
      const tenantId = `batch-${++tenant}`;
      const runtime = createTurnRuntime({ db: watched, workflows: [tripWorkflow], locales: ['en'], tenantId });
      await runtime.run(parseTurnInput(turn('setup', [start('r')])));
      statements.length = 0;
      const names = Array.from({ length: travelers }, (_, i) => `Traveler ${i}`);
      const result = await runtime.run(
        parseTurnInput(
          turn(
            't',
            names.map((n) => traveler('r', n)),
          ),
        ),
      );
      expect(result.blocks.filter((b) => b.kind === 'receipt')).toHaveLength(travelers);
      const [row] = await db.query<{ n: number }>('select count(*)::int8 as n from turn_events where tenant_id = $1', [tenantId]);
      expect(row!.n).toBe(travelers + 1);
      return statements.length;
    };
    const one = await statementsFor(1);
    expect(await statementsFor(10)).toBe(one);
    // Read the turn id, the context and the records; lock and update the record, append the
    // events, claim the turn with its commit; store the result. Nothing read twice.
    expect(one).toBeLessThanOrEqual(8);
  });

  it('batched commit: a record another turn moved first gets none of its events; the turn still commits', async () => {
    const tenantId = `race-${++tenant}`;
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId });
    await runtime.run(parseTurnInput(turn('setup', [start('r'), start('s')])));
    const store = new TurnStore(db, tenantId, workflows);
    const [r] = [...(await store.loadRecords(['r'])).values()];
    // Another submission moves r after this turn's handlers read it at revision 1.
    await runtime.run(parseTurnInput(turn('other', [traveler('r', 'Bea')])));
    const outcome = await store.commit({
      turnId: 'late',
      conversationId: 'c',
      input: { turn_id: 'late', conversation_id: 'c', locale: 'en' },
      drafts: [
        { recordId: 'r', workflow: 'trip', baseRevision: r!.revision, state: r!.state, events: [{ type: 'traveler_added', payload: { name: 'Cy' } }] },
        {
          recordId: 's',
          workflow: 'trip',
          baseRevision: 1,
          state: { destination: 'Oslo', travelers: ['Di'], extras: [], confirmed: false },
          events: [{ type: 'traveler_added', payload: { name: 'Di' } }],
        },
      ] as never,
      snapshot: [],
      build: (conflicted, records) => ({ conflicted: [...conflicted], records: records.map((x) => [x.id, x.revision]) }) as never,
    });
    expect(outcome.committed).toBe(true);
    if (!outcome.committed) return;
    expect(outcome.commit).toEqual({
      conflicted: ['r'],
      records: [
        ['r', 2],
        ['s', 2],
      ],
    });
    expect(outcome.events.map((e) => [e.recordId, e.revision])).toEqual([['s', 2]]);
    const again = await store.commit({
      turnId: 'late',
      conversationId: 'c',
      input: { turn_id: 'late', conversation_id: 'c', locale: 'en' },
      drafts: [],
      snapshot: [],
      build: () => ({}) as never,
    });
    expect(again).toEqual({ committed: false });
    const [events] = await db.query<{ n: number }>("select count(*)::int8 as n from turn_events where tenant_id = $1 and turn_id = 'late'", [tenantId]);
    expect(events!.n).toBe(1);
  });
});
