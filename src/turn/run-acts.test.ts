import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tripWorkflow, type TripState } from '../../examples/trip/index.js';
import { englishCopy, italianCopy } from '../copy/index.js';
import { ConfigurationError } from '../errors.js';
import {
  actToRun,
  applyReport,
  decide,
  operationOf,
  recordOf,
  runActs,
  valuesOf,
  type RecordDraft,
  type ResolvedOperation,
  type RunActsContext,
} from './run-acts.js';
import type { StoredRecord } from './stored-record.js';
import type { Act } from './turn-input.js';
import { SUBMISSION_UPDATED, type WorkflowDefinition } from './workflow.js';

/** Fast, store-free tests of running the acts, step by step. */

const trip = (id: string, state: Partial<TripState> = {}, revision = 3): StoredRecord => ({
  id,
  workflow: 'trip',
  revision,
  state: { ...tripWorkflow.initialState, destination: 'Oslo', ...state },
});
const ctxOf = (records: StoredRecord[] = [], over: Partial<RunActsContext> = {}): RunActsContext => ({
  turnId: 't1',
  locale: 'en',
  copy: englishCopy,
  workflows: new Map<string, WorkflowDefinition>([[tripWorkflow.key, tripWorkflow]]),
  records: new Map(records.map((r) => [r.id, r])),
  awaited: null,
  ...over,
});
const act = (operation: string, values: Record<string, unknown> = {}, where: { record?: string; workflow?: string } = {}): Act => ({
  operation,
  ...where,
  values,
  answersAsk: false,
});
const none = new Map<string, RecordDraft>();
const resolved = (a: Act, ctx: RunActsContext): ResolvedOperation => {
  const op = operationOf(a, none, ctx);
  if ('settled' in op) throw new Error('expected an operation');
  return op;
};

describe('runActs', () => {
  it('two acts on one record see each other: one draft, both events, the base revision the handlers saw', () => {
    const ctx = ctxOf([trip('r')]);
    const { outcomes, drafts } = runActs([act('add_traveler', { name: 'Ada' }, { record: 'r' }), act('add_traveler', { name: 'Ada' }, { record: 'r' })], ctx);
    expect(outcomes.map((o) => (o.status === 'not_done' ? o.code : o.status))).toEqual(['applied', 'unchanged']);
    expect(drafts).toEqual([
      {
        recordId: 'r',
        workflow: 'trip',
        baseRevision: 3,
        state: { ...(trip('r').state as TripState), travelers: ['Ada'] },
        events: [{ type: 'traveler_added', payload: { name: 'Ada' } }],
      },
    ]);
  });

  it('the host’s reports come first, so the user’s acts see them', () => {
    const ctx = ctxOf([trip('r', { confirmed: true, hotelBooking: 'pending' })], {
      reports: [{ record: 'r', submission: 'hotel_booking', status: 'refused', reason: 'full' }],
    });
    const { outcomes, drafts } = runActs([act('book_hotel', {}, { record: 'r' })], ctx);
    expect(outcomes.map((o) => (o.status === 'applied' ? o.operation : o.status))).toEqual(['submission:hotel_booking', 'book_hotel']);
    expect(drafts[0]!.events.map((e) => e.type)).toEqual([SUBMISSION_UPDATED, 'hotel_booking_requested']);
  });

  it('records a turn creates are numbered after the first, counting creates that found their record there', () => {
    const ctx = ctxOf([trip('taken')]);
    const start = (record?: string) => act('start_trip', { destination: 'Oslo' }, { workflow: 'trip', ...(record ? { record } : {}) });
    const { outcomes, drafts } = runActs([start(), start('taken'), start()], ctx);
    expect(outcomes.map((o) => (o.status === 'not_done' ? o.code : o.status))).toEqual(['applied', 'already_exists', 'applied']);
    expect(drafts.map((d) => [d.recordId, d.baseRevision])).toEqual([
      ['trip-t1', null],
      ['trip-t1-2', null],
    ]);
  });
});

describe('reports', () => {
  it('a report on a submission the record’s workflow does not have is not done', () => {
    const step = applyReport({ record: 'r', submission: 'flight', status: 'accepted' }, none, ctxOf([trip('r')]));
    expect(step.outcome).toMatchObject({ status: 'not_done', code: 'unknown_submission', recordId: 'r', workflow: 'trip' });
    expect(step.draft).toBeUndefined();
    expect(applyReport({ record: 'gone', submission: 'hotel_booking', status: 'accepted' }, none, ctxOf()).outcome).toMatchObject({
      recordId: null,
      workflow: null,
    });
  });
});

describe('the act to run', () => {
  const awaited = { operation: 'set_payer', record: 'r', workflow: 'trip', values: { extra: 'hotel' }, answers: 'payer' };
  it('a reply to the open ask completes the awaited act with its values', () => {
    expect(actToRun({ values: { payer: 'company' }, answersAsk: true }, awaited)).toEqual({
      operation: 'set_payer',
      record: 'r',
      workflow: 'trip',
      values: { extra: 'hotel', payer: 'company' },
      answersAsk: true,
    });
    expect(actToRun({ values: {}, answersAsk: true }, null)).toBeNull();
    const plain = act('confirm');
    expect(actToRun(plain, awaited)).toBe(plain);
  });

  it('a reply when nothing was asked is not applied', () => {
    expect(runActs([{ values: { payer: 'company' }, answersAsk: true }], ctxOf()).outcomes).toEqual([
      { status: 'not_done', code: 'no_open_ask', text: englishCopy.notice.noOpenAsk, recordId: null, workflow: null, operation: null },
    ]);
  });
});

describe('the operation', () => {
  it('an unknown record is spoken for by the workflow offering the operation', () => {
    expect(resolved(act('start_trip', {}, { record: 'new' }), ctxOf())).toMatchObject({
      key: 'start_trip',
      label: 'start a trip',
      noun: 'trip',
      existing: undefined,
    });
  });

  it('no workflow offering it: nothing called that to act on; an operation the workflow lacks: not something it can do', () => {
    expect(operationOf(act('fly', {}, { record: 'x' }), none, ctxOf())).toEqual({
      settled: { status: 'not_done', code: 'unknown_record', text: 'There is nothing called “x” to act on.', recordId: 'x', workflow: null, operation: 'fly' },
    });
    expect(operationOf(act('fly', {}, { record: 'r' }), none, ctxOf([trip('r')]))).toMatchObject({
      settled: { code: 'unknown_operation', text: '“fly” is not something I can do on a trip.', workflow: 'trip' },
    });
  });

  it('the working copy comes before the stored record', () => {
    const draft: RecordDraft = { recordId: 'r', workflow: 'trip', baseRevision: 3, state: {}, events: [] };
    const op = operationOf(act('confirm', {}, { record: 'r' }), new Map([['r', draft]]), ctxOf([trip('r')]));
    expect(op).toMatchObject({ existing: draft });
  });
});

describe('the record', () => {
  it('a create names its record, numbered after the first; one already there already exists', () => {
    const ctx = ctxOf([trip('trip-t1-1')]);
    const start = act('start_trip', { destination: 'Oslo' }, { workflow: 'trip' });
    expect(recordOf(start, resolved(start, ctx), none, 0, ctx)).toBe('trip-t1');
    expect(recordOf(start, resolved(start, ctx), none, 1, ctx)).toMatchObject({ settled: { code: 'already_exists', recordId: 'trip-t1-1' } });
  });

  it('any other act needs its record', () => {
    const ctx = ctxOf();
    const add = act('add_traveler', { name: 'Ada' }, { record: 'nope' });
    expect(recordOf(add, resolved(add, ctx), none, 0, ctx)).toEqual({
      settled: {
        status: 'not_done',
        code: 'unknown_record',
        text: 'Could not add a traveler: there is no trip “nope”.',
        recordId: 'nope',
        workflow: 'trip',
        operation: 'add_traveler',
      },
    });
  });
});

describe('the values', () => {
  it('a required value left out makes the act wait for it, by the field’s name in the turn’s language', () => {
    const ctx = ctxOf([trip('r')], { locale: 'it', copy: italianCopy });
    const add = act('add_extra', {}, { record: 'r' });
    expect(valuesOf(add, resolved(add, ctx), 'r', ctx)).toEqual({
      settled: {
        status: 'awaiting',
        awaiting: { operation: 'add_extra', record: 'r', workflow: 'trip', values: {}, answers: 'extra' },
        starting: false,
        operationLabel: 'aggiungere un extra',
        fieldLabel: 'extra',
      },
    });
  });

  it('a value the schema refuses is not done, naming the field', () => {
    const ctx = ctxOf([trip('r')]);
    const add = act('add_extra', { extra: 'hotel', payer: 'nobody' }, { record: 'r' });
    expect(valuesOf(add, resolved(add, ctx), 'r', ctx)).toMatchObject({
      settled: { code: 'invalid_values', text: 'Could not add an extra: the value given for payer was not accepted.' },
    });
    expect(valuesOf(act('add_extra', { extra: 'hotel' }, { record: 'r' }), resolved(add, ctx), 'r', ctx)).toEqual({ input: { extra: 'hotel' } });
  });

  it('a refused value names its field by the field’s name in the turn’s language, never by its key', () => {
    const ctx = ctxOf([trip('r')], { locale: 'it-IT', copy: italianCopy });
    const add = act('add_extra', { extra: 'hotel', payer: 'nessuno' }, { record: 'r' });
    expect(valuesOf(add, resolved(add, ctx), 'r', ctx)).toMatchObject({
      settled: { code: 'invalid_values', text: 'Non ho potuto aggiungere un extra: il valore dato per pagante non è stato accettato.' },
    });
    // A field the operation gives no name keeps its key; a key the schema does not know is named as given.
    const remove = act('remove_traveler', { name: '' }, { record: 'r' });
    expect(valuesOf(remove, resolved(remove, ctx), 'r', ctx)).toMatchObject({ settled: { text: expect.stringContaining('per name non') } });
    const extraKey = act('add_traveler', { name: 'Ada', eta: 3 }, { record: 'r' });
    expect(valuesOf(extraKey, resolved(extraKey, ctx), 'r', ctx)).toMatchObject({ settled: { text: expect.stringContaining('per eta non') } });
  });
});

describe('the decision', () => {
  it('a refusal is said in the domain’s sentence; no events on an existing record changed nothing', () => {
    const ctx = ctxOf([trip('r', { travelers: ['Ada'] })]);
    const remove = act('remove_traveler', { name: 'Zed' }, { record: 'r' });
    expect(decide(resolved(remove, ctx), 'r', { name: 'Zed' }, none, ctx)).toEqual({
      outcome: {
        status: 'not_done',
        code: 'refused',
        text: 'Zed is not traveling on this trip, so there is no one to remove.',
        recordId: 'r',
        workflow: 'trip',
        operation: 'remove_traveler',
      },
      created: false,
    });
    const add = act('add_traveler', { name: 'Ada' }, { record: 'r' });
    expect(decide(resolved(add, ctx), 'r', { name: 'Ada' }, none, ctx).outcome).toMatchObject({
      code: 'unchanged',
      text: 'Nothing to add a traveler on trip “r”: it was already that way.',
    });
  });

  it('applied events are folded into the working state and drafted; a new record starts from the initial state', () => {
    const ctx = ctxOf();
    const start = act('start_trip', { destination: 'Turin' }, { workflow: 'trip' });
    const step = decide(resolved(start, ctx), 'n', { destination: 'Turin' }, none, ctx);
    expect(step.outcome).toEqual({
      status: 'applied',
      recordId: 'n',
      workflow: 'trip',
      operation: 'start_trip',
      events: [{ type: 'trip_started', payload: { destination: 'Turin' } }],
    });
    expect(step.draft).toMatchObject({ recordId: 'n', baseRevision: null, state: { destination: 'Turin', travelers: [] } });
  });

  it('an event the workflow cannot say is the workflow’s bug: no receipt, or the host’s own submission event', () => {
    const emitting = (type: string): WorkflowDefinition => ({
      ...(tripWorkflow as WorkflowDefinition),
      operations: {
        ...tripWorkflow.operations,
        emit: { label: { en: 'emit' }, input: z.strictObject({}), handle: () => ({ events: [{ type, payload: {} }] }) },
      },
    });
    const run = (workflow: WorkflowDefinition) => {
      const ctx = ctxOf([trip('r')], { workflows: new Map([['trip', workflow]]) });
      const emit = act('emit', {}, { record: 'r' });
      return () => decide(resolved(emit, ctx), 'r', {}, none, ctx);
    };
    expect(run(emitting('teleported'))).toThrow(ConfigurationError);
    expect(run(emitting('teleported'))).toThrow('emitted teleported, which has no receipt');
    expect(run(emitting(SUBMISSION_UPDATED))).toThrow(ConfigurationError);
    expect(run(emitting(SUBMISSION_UPDATED))).toThrow('which only the host reports');
  });
});
