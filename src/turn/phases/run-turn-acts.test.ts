import { describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../../examples/trip/index.js';
import { ServerCopy } from '../../copy/index.js';
import type { StoredRecord } from '../stored-record.js';
import type { TurnContext } from '../turn-commit.js';
import { parseTurnInput } from '../turn-input.js';
import { recordsTouched, runTurnActs } from './run-turn-acts.js';

const workflows = new Map([[tripWorkflow.key, tripWorkflow]]);
const noContext: TurnContext = { ask: null, aboutRecord: null, inView: [], history: [] };

describe('run the turn’s acts', () => {
  it('reads every record the turn may act on or speak of: reports, acts, cards, disputes, and the one the ask awaits', () => {
    const input = parseTurnInput({
      turn_id: 't',
      conversation_id: 'c',
      locale: 'en',
      submissions: [{ record: 'reported', submission: 'hotel_booking', status: 'accepted' }],
      understanding: {
        acts: [
          { operation: 'add_traveler', record: 'acted', values: { name: 'Ada' } },
          { operation: 'start_trip', workflow: 'trip', values: { destination: 'Oslo' } },
        ],
        card_responses: [{ record: 'carded', card: 'confirm_trip', response: 'declined' }],
        disputes: [
          { receipt: 'receipt:disputed:3', said: 'no' },
          { receipt: 'not-a-receipt', said: 'no' },
        ],
      },
    });
    const context: TurnContext = {
      ...noContext,
      inView: ['in-view'],
      ask: {
        kind: 'awaited_value',
        id: 'ask:1',
        text: 'Who?',
        recordId: 'awaited',
        awaiting: { record: 'awaited', workflow: 'trip', operation: 'add_traveler', answers: 'name', values: {} },
      },
    };
    expect(recordsTouched(input, input.understanding!, context)).toEqual(['reported', 'acted', 'carded', 'disputed', 'awaited']);
  });

  it('runs the host’s reports, then the acts in order, against the records as they stood; nothing is written', () => {
    const input = parseTurnInput({ turn_id: 't', conversation_id: 'c', locale: 'en', understanding: {} });
    const records = new Map<string, StoredRecord>([
      ['r', { id: 'r', workflow: 'trip', revision: 1, state: { ...tripWorkflow.initialState, destination: 'Oslo' } }],
    ]);
    const { outcomes, drafts } = runTurnActs(
      [
        { operation: 'add_traveler', record: 'r', values: { name: 'Ada' }, answersAsk: false },
        { operation: 'add_traveler', record: 'r', values: { name: 'Ada' }, answersAsk: false },
        { operation: 'add_traveler', record: 'missing', values: { name: 'Bo' }, answersAsk: false },
      ],
      { input, context: noContext, records, workflows, locale: 'en', texts: ServerCopy.builtIn().texts('en') },
    );
    expect(outcomes.map((o) => [o.status, o.status === 'not_done' ? o.code : null])).toEqual([
      ['applied', null],
      ['not_done', 'unchanged'],
      ['not_done', 'unknown_record'],
    ]);
    expect(drafts).toEqual([expect.objectContaining({ recordId: 'r', baseRevision: 1, events: [expect.objectContaining({ type: 'traveler_added' })] })]);
    expect(records.get('r')?.revision).toBe(1);
  });
});
