import { describe, expect, it } from 'vitest';
import { tripWorkflow, type TripState } from '../../examples/trip/index.js';
import { englishCopy } from '../copy/index.js';
import { chooseAsk, receiptAddress, recordOfReceipt, recordTurnIsOn, type AskInput, type RecordTurnIsOn } from './choose-ask.js';
import type { StoredRecord } from './stored-record.js';
import type { Question } from './turn-input.js';
import type { WorkflowDefinition } from './workflow.js';

/** Fast tests of the ask's rules: no store, no runtime; one test per guarantee. */

const quiet: WorkflowDefinition = { ...tripWorkflow, key: 'quiet', nextSteps: [] };
const workflows = new Map<string, WorkflowDefinition>([
  ['trip', tripWorkflow],
  ['quiet', quiet],
]);
const state = (overrides: Partial<TripState> = {}): TripState => ({
  destination: 'Oslo',
  travelers: [],
  extras: [],
  confirmed: false,
  hotelBooking: null,
  ...overrides,
});
const record = (id: string, s: TripState, workflow = 'trip'): StoredRecord => ({ id, workflow, revision: 1, state: s });
const noTravelers = record('a', state());
const owesPayer = record('b', state({ travelers: ['Ada'], extras: [{ name: 'hotel', payer: null }] }));
const owesBoth = record('c', state({ extras: [{ name: 'car', payer: null }] }));
const complete = record('d', state({ travelers: ['Ada'] }));
const quietComplete = record('q', state({ travelers: ['Ada'] }), 'quiet');
const records = new Map([noTravelers, owesPayer, owesBoth, complete, quietComplete].map((r) => [r.id, r]));

const input = (overrides: Partial<AskInput>): AskInput => ({
  locale: 'en',
  copy: englishCopy,
  workflows,
  records,
  disputes: [],
  awaited: null,
  on: null,
  acted: false,
  leftUnread: false,
  inView: [],
  cardOnScreen: false,
  ...overrides,
});
const on = (recordId: string, reach: RecordTurnIsOn['reach'] = 'full', field?: string): RecordTurnIsOn => ({ recordId, reach, ...(field ? { field } : {}) });
const isOn = (overrides: Partial<Parameters<typeof recordTurnIsOn>[0]>) =>
  recordTurnIsOn({ actedRecords: [], questions: [], previousAbout: null, records, workflows, inView: [], locale: 'en', ...overrides });
const question = (kind: Question['kind'], recordIds: string[] = [], field?: string): Question => ({
  text: '?',
  kind,
  records: recordIds,
  ...(field ? { field } : {}),
});

describe('chooseAsk', () => {
  it('ask: a contested receipt comes first, asked by its title', () => {
    const ask = chooseAsk(
      input({
        disputes: [{ receiptId: 'receipt:a:2', title: 'Traveler added', said: 'Ida' }],
        awaited: {
          awaiting: { operation: 'add_extra', record: 'a', workflow: 'trip', values: {}, answers: 'extra' },
          operationLabel: 'add an extra',
          fieldLabel: 'extra',
        },
        on: on('a'),
      }),
    );
    expect(ask).toEqual({ id: 'ask:contested:receipt:a:2', kind: 'contested', text: 'What should “Traveler added” say instead?', recordId: 'a' });
  });

  it('ask: an awaited value comes before an obligation, and carries what it awaits', () => {
    const awaiting = { operation: 'add_extra', record: 'a', workflow: 'trip', values: {}, answers: 'extra' };
    const ask = chooseAsk(input({ awaited: { awaiting, operationLabel: 'add an extra', fieldLabel: 'extra' }, on: on('a') }));
    expect(ask).toEqual({
      id: 'ask:awaited_value:a:add_extra:extra',
      kind: 'awaited_value',
      text: 'To add an extra, what extra should I use?',
      recordId: 'a',
      awaiting,
    });
  });

  it('ask: the first open obligation of the record the turn is on, awaited as its act', () => {
    expect(chooseAsk(input({ on: on('c') }))).toEqual({
      id: 'ask:obligation:c:travelers:0',
      kind: 'obligation',
      text: 'Who is traveling?',
      recordId: 'c',
      awaiting: { operation: 'add_traveler', record: 'c', workflow: 'trip', values: {}, answers: 'name' },
    });
  });

  it('ask: an obligation fixes the values its instance names', () => {
    expect(chooseAsk(input({ on: on('b') }))?.awaiting).toEqual({
      operation: 'set_payer',
      record: 'b',
      workflow: 'trip',
      values: { extra: 'hotel' },
      answers: 'payer',
    });
  });

  it('ask: a field-values question asks only for its field, skipping other obligations', () => {
    expect(chooseAsk(input({ on: on('c', 'owing_only', 'payer') }))).toMatchObject({
      kind: 'obligation',
      text: expect.stringContaining('“car”'),
      awaiting: { answers: 'payer' },
    });
  });

  it('ask: a field-values question whose record owes nothing more sets no ask and no next steps', () => {
    expect(chooseAsk(input({ on: on('d', 'owing_only', 'payer') }))).toBeNull();
  });

  it('ask: when the record needs nothing and the turn acted, the next record in view that needs something', () => {
    expect(chooseAsk(input({ on: on('d'), acted: true, inView: ['d', 'a'] }))).toMatchObject({
      kind: 'next_record',
      recordId: 'a',
      text: 'Next, trip “a”: Who is traveling?',
    });
  });

  it('ask: when part was left unread, the next record in view that needs something', () => {
    expect(chooseAsk(input({ on: null, leftUnread: true, inView: ['d', 'b'] }))).toMatchObject({ kind: 'next_record', recordId: 'b' });
  });

  it('ask: a turn that neither acted nor left anything unread does not move to another record', () => {
    expect(chooseAsk(input({ on: on('d'), inView: ['d', 'a'], cardOnScreen: true }))).toBeNull();
  });

  it('ask: a record owing nothing with no card on screen ends on its workflow’s next steps', () => {
    expect(chooseAsk(input({ on: on('d') }))).toEqual({
      id: 'ask:next_steps:d',
      kind: 'next_steps',
      text: 'What next? You can start another trip whenever you like.',
      recordId: 'd',
    });
  });

  it('ask: no next steps while a card is on screen', () => {
    expect(chooseAsk(input({ on: on('d'), cardOnScreen: true }))).toBeNull();
  });

  it('ask: a workflow with no next steps ends on the acknowledgement', () => {
    expect(chooseAsk(input({ on: on('q') }))).toBeNull();
  });

  it('ask: nothing to go on, nothing asked', () => {
    expect(chooseAsk(input({}))).toBeNull();
  });
});

describe('recordTurnIsOn', () => {
  it('the first record the turn’s acts reached, whatever was asked', () => {
    expect(isOn({ actedRecords: ['b', 'a'], questions: [question('status', ['c'])], previousAbout: 'd' })).toEqual(on('b'));
  });

  it('a status question’s record, else (naming none) the record the last reply was about', () => {
    expect(isOn({ questions: [question('status', ['zzz', 'c'])] })).toEqual(on('c'));
    expect(isOn({ questions: [question('other')], previousAbout: 'a' })).toEqual(on('a'));
  });

  it('a capability question sets no record', () => {
    expect(isOn({ questions: [question('capability', ['a'])], previousAbout: 'a' })).toBeNull();
  });

  it('a field-values question is on the first record it names that owes the field', () => {
    expect(isOn({ questions: [question('field_values', ['a', 'b'], 'payer')] })).toEqual(on('b', 'owing_only', 'payer'));
    expect(isOn({ questions: [question('field_values', ['a', 'd'], 'payer')] })).toBeNull();
  });

  it('a field-values question naming no record is about the records in view', () => {
    expect(isOn({ questions: [question('field_values', [], 'payer')], inView: ['d', 'c'] })).toEqual(on('c', 'owing_only', 'payer'));
  });

  it('with no question and no act: the record the last reply was about, if it still exists', () => {
    expect(isOn({ previousAbout: 'a' })).toEqual(on('a'));
    expect(isOn({ previousAbout: 'gone' })).toBeNull();
  });
});

describe('receipt addresses', () => {
  it('a receipt id names its record (which may hold colons) and revision', () => {
    expect(receiptAddress('receipt:trip:a:12')).toEqual({ recordId: 'trip:a', revision: 12 });
    expect(recordOfReceipt('receipt:r:1')).toBe('r');
    expect(receiptAddress('notice:0')).toBeNull();
    expect(recordOfReceipt('receipt:r:x')).toBeNull();
  });
});

describe('chooseAsk and recordTurnIsOn: the edges of each rule', () => {
  const told: WorkflowDefinition = {
    ...tripWorkflow,
    key: 'told',
    obligations: tripWorkflow.obligations!.map((o) => ({ key: o.key, open: o.open, sentence: o.sentence })),
    nextSteps: [{ en: 'Book the hotel.' }, {}, { en: 'Share the plan.' }],
  };
  const more = new Map<string, WorkflowDefinition>([...workflows, ['told', told]]);
  const toldOpen = record('t', state(), 'told');
  const toldDone = record('u', state({ travelers: ['Ada'] }), 'told');
  const orphan = record('w', state(), 'gone');
  const moreRecords = new Map([...records, [toldOpen.id, toldOpen], [toldDone.id, toldDone], [orphan.id, orphan]]);

  it('ask: an obligation whose workflow names no act is asked without awaiting anything', () => {
    expect(chooseAsk(input({ workflows: more, records: moreRecords, on: on('t') }))).toEqual({
      id: 'ask:obligation:t:travelers:0',
      kind: 'obligation',
      text: 'Who is traveling?',
      recordId: 't',
    });
  });

  it('ask: next steps are the workflow’s sentences in turn, a step with no text left out', () => {
    expect(chooseAsk(input({ workflows: more, records: moreRecords, on: on('u') }))).toMatchObject({
      kind: 'next_steps',
      text: 'What next? Book the hotel. Share the plan.',
    });
  });

  it('ask: a record whose workflow is not known asks nothing, neither an obligation nor next steps', () => {
    expect(chooseAsk(input({ records: moreRecords, on: on('w'), acted: true, inView: ['w'] }))).toBeNull();
  });

  it('ask: a field-values question’s record is not asked for another field as the next record', () => {
    expect(chooseAsk(input({ on: on('a', 'owing_only', 'payer'), leftUnread: true, inView: ['a'] }))).toBeNull();
    expect(chooseAsk(input({ on: on('a', 'owing_only', 'payer'), leftUnread: true, inView: ['a', 'c'] }))).toMatchObject({
      kind: 'next_record',
      recordId: 'c',
    });
  });

  it('a field-values question naming no field sets no record, even on a record owing obligations with no act', () => {
    expect(isOn({ questions: [question('field_values', ['c'])], previousAbout: 'c' })).toBeNull();
    expect(
      recordTurnIsOn({
        actedRecords: [],
        questions: [question('field_values', ['t'])],
        previousAbout: null,
        records: moreRecords,
        workflows: more,
        inView: [],
        locale: 'en',
      }),
    ).toBeNull();
  });

  it('an obligation with no act answers no field', () => {
    expect(
      recordTurnIsOn({
        actedRecords: [],
        questions: [question('field_values', ['t'], 'name')],
        previousAbout: null,
        records: moreRecords,
        workflows: more,
        inView: [],
        locale: 'en',
      }),
    ).toBeNull();
    expect(chooseAsk(input({ workflows: more, records: moreRecords, on: on('t', 'owing_only', 'name') }))).toBeNull();
  });

  it('a field-values question about a record whose workflow is not known, or that is gone, sets no record', () => {
    expect(
      recordTurnIsOn({
        actedRecords: [],
        questions: [question('field_values', ['w', 'gone'], 'name')],
        previousAbout: null,
        records: moreRecords,
        workflows,
        inView: [],
        locale: 'en',
      }),
    ).toBeNull();
  });

  it('ask: another record’s obligation is asked under its own id', () => {
    expect(chooseAsk(input({ on: on('d'), acted: true, inView: ['d', 'a'] }))).toMatchObject({ id: 'ask:next_record:a:travelers:0', kind: 'next_record' });
  });

  it('ask: a workflow that declares no next steps ends on the acknowledgement', () => {
    const bare: WorkflowDefinition = { ...tripWorkflow, key: 'bare', nextSteps: undefined };
    const done = record('v', state({ travelers: ['Ada'] }), 'bare');
    expect(chooseAsk(input({ workflows: new Map([['bare', bare]]), records: new Map([[done.id, done]]), on: on('v') }))).toBeNull();
  });

  it('ask: the field of the turn counts only when the turn reaches no further than it', () => {
    expect(chooseAsk(input({ on: { recordId: 'c', reach: 'full', field: 'payer' } }))).toMatchObject({ kind: 'obligation', awaiting: { answers: 'name' } });
  });

  it('a status or other question on no known record sets none', () => {
    expect(isOn({ questions: [question('status', ['zzz'])] })).toBeNull();
    expect(isOn({ questions: [question('other')], previousAbout: null })).toBeNull();
  });

  it('only a field-values question is on the record owing its field: another kind naming a field sets none', () => {
    expect(isOn({ questions: [{ ...question('capability'), field: 'payer' }], inView: ['b'] })).toBeNull();
  });

  it('a receipt id is the whole string: nothing before it, nothing after the revision, a record id not empty', () => {
    expect(receiptAddress('xreceipt:r:1')).toBeNull();
    expect(receiptAddress('receipt:r:1x')).toBeNull();
    expect(receiptAddress('receipt::1')).toBeNull();
    expect(receiptAddress('receipt:r:')).toBeNull();
  });
});
