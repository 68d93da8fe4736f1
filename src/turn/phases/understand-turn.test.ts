import { describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../../examples/trip/index.js';
import { InputError } from '../../errors.js';
import type { StoredRecord } from '../stored-record.js';
import type { TurnContext } from '../turn-commit.js';
import { emptyUnderstanding, parseTurnInput, type TurnInputJson, type Understanding } from '../turn-input.js';
import type { TurnPhase } from '../turn-progress.js';
import type { Understand, UnderstandRequest } from '../understand.js';
import { understandTurn, type UnderstandTurnOptions } from './understand-turn.js';

const workflows = new Map([[tripWorkflow.key, tripWorkflow]]);
const context: TurnContext = {
  ask: null,
  aboutRecord: 'r',
  inView: ['r'],
  history: ['A trip to Oslo is open.'],
  lastReceipts: [{ id: 'receipt:r:1', title: 'Trip started', body: 'A trip to Oslo is open.' }],
};
const records = new Map<string, StoredRecord>([
  ['r', { id: 'r', workflow: 'trip', revision: 1, state: { ...tripWorkflow.initialState, destination: 'Oslo' } }],
]);
const understood: Understanding = { ...emptyUnderstanding(), acts: [{ operation: 'add_traveler', record: 'r', values: { name: 'Ada' }, answersAsk: false }] };
const turn = (json: Partial<TurnInputJson>) => parseTurnInput({ turn_id: 't', conversation_id: 'c', locale: 'en', ...json });

/** Runs the phase with `understand`, recording the phases, steps and record reads it made. */
async function run(json: Partial<TurnInputJson>, understand: Understand | undefined, extra: Partial<UnderstandTurnOptions> = {}) {
  const phases: TurnPhase[] = [];
  const steps: string[] = [];
  const loaded: (readonly string[])[] = [];
  const result = await understandTurn(turn(json), {
    understand,
    locale: 'en',
    context,
    workflows,
    loadRecords: async (ids) => (loaded.push(ids), records),
    onPhase: (p) => phases.push(p),
    reportStep: (s) => steps.push(s),
    ...extra,
  });
  return { result, phases, steps, loaded };
}

describe('understand the turn', () => {
  it('an understanding given with the turn is taken as it is: nothing is read and no phase is reported', async () => {
    const understand: Understand = async () => {
      throw new Error('must not be called');
    };
    const { result, phases, loaded } = await run(
      { message: 'Add Ada', understanding: { acts: [{ operation: 'add_traveler', record: 'r', values: { name: 'Ada' } }] } },
      understand,
    );
    expect(result).toEqual({ understanding: understood, understandingFailure: null, understandingCalls: [] });
    expect(phases).toEqual([]);
    expect(loaded).toEqual([]);
  });

  it('a turn that only reports submissions understands nothing', async () => {
    const { result } = await run({ submissions: [{ record: 'r', submission: 'hotel_booking', status: 'accepted' }] }, undefined);
    expect(result).toEqual({ understanding: emptyUnderstanding(), understandingFailure: null, understandingCalls: [] });
  });

  it('W9: a message with no understand function is refused at $.understanding', async () => {
    const error = await run({ message: 'Add Ada' }, undefined).catch((e: unknown) => e);
    expect(InputError.isInstance(error)).toBe(true);
    expect((error as InputError).issues.map((i) => i.path)).toEqual(['$.understanding']);
  });

  it('reads the message with the records in view, every operation on offer, the history, the last receipts and the signal', async () => {
    let request: UnderstandRequest | undefined;
    const understand: Understand = async (r) => {
      request = r;
      r.reportStep('read: add Ada');
      return { ok: true, understanding: understood, calls: [{ task: 'understand', outcome: 'ok' }] };
    };
    const signal = new AbortController().signal;
    const { result, phases, steps, loaded } = await run({ message: 'Add Ada' }, understand, { signal });
    expect(result).toEqual({ understanding: understood, understandingFailure: null, understandingCalls: [{ task: 'understand', outcome: 'ok' }] });
    expect(phases).toEqual(['understanding']);
    expect(steps).toEqual(['read: add Ada']);
    expect(loaded).toEqual([['r']]);
    expect(request).toMatchObject({
      turnId: 't',
      conversationId: 'c',
      locale: 'en',
      message: 'Add Ada',
      previousAsk: null,
      history: context.history,
      receipts: context.lastReceipts,
    });
    expect(request?.signal).toBe(signal);
    expect(request?.records.map((r) => r.id)).toEqual(['r']);
    expect(request?.operations.find((o) => o.operation === 'start_trip')).toMatchObject({ workflow: 'trip', label: 'start a trip', creates: true });
  });

  it('an understanding that fails, or throws, leaves the message unread with the reason as evidence', async () => {
    const failing: Understand = async () => ({ ok: false, reason: 'timeout', calls: [{ task: 'understand', outcome: 'timeout' }] });
    const throwing: Understand = async () => {
      throw new Error('provider exploded');
    };
    const failed = await run({ message: '  Add Ada  ' }, failing);
    const threw = await run({ message: 'Add Ada' }, throwing);
    expect(failed.result).toEqual({
      understanding: { ...emptyUnderstanding(), unread: ['Add Ada'] },
      understandingFailure: 'timeout',
      understandingCalls: [{ task: 'understand', outcome: 'timeout' }],
    });
    expect(threw.result.understandingFailure).toBe('understand threw: provider exploded');
    expect(threw.result.understanding.unread).toEqual(['Add Ada']);
  });
});
