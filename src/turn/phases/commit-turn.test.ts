import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../../examples/trip/index.js';
import { ServerCopy } from '../../copy/index.js';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import type { ActOutcome } from '../run-acts.js';
import type { TurnContext } from '../turn-commit.js';
import { emptyUnderstanding, parseTurnInput, type Act, type TurnInputJson } from '../turn-input.js';
import { createTurnRuntime } from '../turn-runtime.js';
import { TurnStore } from '../turn-store.js';
import { asConflict, commitTurn, snapshotOf, type DecidedTurn } from './commit-turn.js';
import { runTurnActs } from './run-turn-acts.js';

const workflows = new Map([[tripWorkflow.key, tripWorkflow]]);
const texts = ServerCopy.builtIn().texts('en');
const noContext: TurnContext = { ask: null, aboutRecord: null, inView: [], history: [] };

describe('the commit’s snapshot and conflicts', () => {
  it('the snapshot holds the records in view, the one the last reply was about, those acts reached or await, and those named', () => {
    const outcomes: ActOutcome[] = [
      { status: 'applied', recordId: 'applied', workflow: 'trip', operation: 'add_traveler', events: [] },
      { status: 'not_done', code: 'refused', text: 'no', recordId: 'refused', workflow: 'trip', operation: 'add_traveler' },
      { status: 'not_done', code: 'unknown_operation', text: 'no', recordId: null, workflow: null, operation: null },
      {
        status: 'awaiting',
        awaiting: { operation: 'start_trip', record: 'awaited', workflow: 'trip', values: {}, answers: 'destination' },
        starting: true,
        operationLabel: 'start a trip',
        fieldLabel: 'destination',
      },
    ];
    const understanding = {
      ...emptyUnderstanding(),
      questions: [{ text: 'Where are we?', kind: 'status' as const, records: ['asked'] }],
      cardResponses: [{ record: 'carded', card: 'confirm_trip', response: 'declined' as const }],
      disputes: [{ receipt: 'receipt:disputed:2', said: 'no' }],
    };
    expect(snapshotOf({ ...noContext, inView: ['in-view'], aboutRecord: 'about' }, understanding, outcomes)).toEqual([
      'in-view',
      'about',
      'applied',
      'refused',
      'awaited',
      'asked',
      'carded',
      'disputed',
    ]);
  });

  it('an applied act that lost its record to another turn is a conflict, named by its operation’s label', () => {
    const applied = { status: 'applied', recordId: 'r', workflow: 'trip', operation: 'add_traveler', events: [] } as const;
    expect(asConflict(applied, workflows, 'en', texts)).toEqual({
      status: 'not_done',
      code: 'conflict',
      text: 'Could not add a traveler: trip “r” was changed at the same moment by someone else. Please try again.',
      recordId: 'r',
      workflow: 'trip',
      operation: 'add_traveler',
    });
    const report = asConflict({ ...applied, operation: 'submission:hotel_booking' }, workflows, 'en', texts);
    // A host's report is named by its submission's label, never by the operation's internal name.
    expect(report.status === 'not_done' && report.text).toContain('the hotel booking');
    expect(report.status === 'not_done' && report.text).not.toContain('submission:');
  });
});

describe.each(storeTargets())('commit the turn on $name', (target) => {
  let db: Database;
  let tenant = 0;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  /** A tenant whose trip `r` was started (revision 1), and its store. */
  async function startedTrip() {
    const tenantId = `commit-${++tenant}`;
    const start: TurnInputJson = {
      turn_id: 'start',
      conversation_id: 'c',
      locale: 'en',
      understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' } }] },
    };
    await createTurnRuntime({ db, workflows: [tripWorkflow], tenantId }).run(parseTurnInput(start));
    return { tenantId, store: new TurnStore(db, tenantId, workflows) };
  }
  /** The turn `turnId` adding `name` to `r`, decided against `r` as the store holds it now. */
  async function decided(store: TurnStore, turnId: string, name: string): Promise<DecidedTurn> {
    const json = {
      turn_id: turnId,
      conversation_id: 'c',
      locale: 'en',
      understanding: { acts: [{ operation: 'add_traveler', record: 'r', values: { name } }] },
    };
    const input = parseTurnInput(json);
    const acts: Act[] = [...input.understanding!.acts];
    const records = await store.loadRecords(['r']);
    const { outcomes, drafts } = runTurnActs(acts, { input, context: noContext, records, workflows, locale: 'en', texts });
    return {
      input,
      json,
      locale: 'en',
      context: noContext,
      understood: { understanding: input.understanding!, understandingFailure: null, understandingCalls: [] },
      outcomes,
      drafts,
      otherNotDone: [],
      declinedCards: [],
      disputes: [],
    };
  }

  it('writes the drafts and the commit in one transaction, and hands back the events it wrote', async () => {
    const { store } = await startedTrip();
    const committed = await commitTurn(await decided(store, 'add', 'Ada'), { store, workflows, texts });
    expect(committed.committed).toBe(true);
    if (!committed.committed) return;
    expect(committed.events.map((e) => [e.recordId, e.revision, e.type])).toEqual([['r', 2, 'traveler_added']]);
    expect(committed.commit.acts.map((a) => a.status)).toEqual(['applied']);
    expect(committed.commit.records.map((r) => [r.id, r.revision])).toEqual([['r', 2]]);
    expect((await store.loadTurn('add'))?.commit).toEqual(committed.commit);
  });

  it('a record another turn moved first: the act is a conflict and writes nothing; the turn still commits', async () => {
    const { store } = await startedTrip();
    const late = await decided(store, 'late', 'Ada');
    const first = await commitTurn(await decided(store, 'first', 'Bo'), { store, workflows, texts });
    expect(first.committed).toBe(true);
    const committed = await commitTurn(late, { store, workflows, texts });
    expect(committed.committed && committed.commit.acts.map((a) => (a.status === 'not_done' ? a.code : a.status))).toEqual(['conflict']);
    expect(committed.committed && committed.events).toEqual([]);
    expect((await store.loadRecords(['r'])).get('r')?.revision).toBe(2);
  });

  it('a turn id another submission committed first: not committed, and nothing of this one is written', async () => {
    const { store } = await startedTrip();
    const once = await decided(store, 'same', 'Ada');
    expect((await commitTurn(once, { store, workflows, texts })).committed).toBe(true);
    // Decided against the record as it now stands, so its writes would apply: they roll back with the claim.
    const again = await commitTurn(await decided(store, 'same', 'Cy'), { store, workflows, texts });
    expect(again).toEqual({ committed: false });
    const r = (await store.loadRecords(['r'])).get('r');
    expect([r?.revision, r?.state]).toEqual([2, expect.objectContaining({ travelers: ['Ada'] })]);
  });
});
