import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { createTurnRuntime, type TurnRuntime } from './turn-runtime.js';
import type { TurnResult } from './turn-result.js';
import { transitionOf } from './turn-result.js';
import { parseTurnInput } from './turn-input.js';

/** The trip workflow with nothing to say once a trip owes nothing: the reply ends on the acknowledgement. */
const quietTrip = { ...tripWorkflow, key: 'quiet_trip', nextSteps: [] };

let db: Database;
let runtime: TurnRuntime;
beforeAll(async () => {
  db = await openMemoryStore();
  runtime = createTurnRuntime({ db, workflows: [tripWorkflow, quietTrip], locales: ['en', 'it'] });
});
afterAll(async () => {
  await db.close();
});

/** A conversation: each call runs the next turn with the given understanding. */
function conversation(id: string, locale = 'en') {
  let n = 0;
  return (understanding: Record<string, unknown>, message?: string): Promise<TurnResult> =>
    runtime.run(parseTurnInput({ turn_id: `${id}-${++n}`, conversation_id: id, locale, understanding, ...(message ? { message } : {}) }));
}

const start = (record: string, workflow = 'trip') => ({
  operation: 'start_trip',
  workflow,
  record,
  values: { destination: 'Oslo' },
});
const traveler = (record: string, name = 'Ada') => ({ operation: 'add_traveler', record, values: { name } });
const extra = (record: string, name = 'hotel', payer?: string) => ({
  operation: 'add_extra',
  record,
  values: payer ? { extra: name, payer } : { extra: name },
});

describe('the ask', () => {
  it('ask: a contested receipt comes before an awaited value', async () => {
    const turn = conversation('contested');
    const first = await turn({ acts: [start('c-1'), traveler('c-1')] });
    const receipt = first.blocks.find((b) => b.kind === 'receipt' && b.eventType === 'traveler_added')!;
    const second = await turn({
      disputes: [{ receipt: receipt.id, said: 'It was Ida, not Ada' }],
      acts: [{ operation: 'add_extra', record: 'c-1', values: {} }],
    });
    expect(second.ask).toMatchObject({ kind: 'contested', recordId: 'c-1', text: 'What should “Traveler added” say instead?' });
    expect(second.outcome.disputes).toEqual([{ receiptId: receipt.id, title: 'Traveler added', said: 'It was Ida, not Ada' }]);
    expect(second.blocks.find((b) => b.kind === 'notice' && b.code === 'disputed')).toMatchObject({ recordId: 'c-1' });
  });

  it('ask: the first value an act is waiting for comes before an open obligation', async () => {
    const turn = conversation('awaited');
    const result = await turn({ acts: [start('a-1'), { operation: 'add_extra', record: 'a-1', values: {} }] });
    expect(result.ask).toMatchObject({
      kind: 'awaited_value',
      text: 'To add an extra, what extra should I use?',
      awaiting: { operation: 'add_extra', record: 'a-1', answers: 'extra' },
    });
  });

  it('ask: an awaited value starting a workflow is recorded as starting, and the answer completes the act', async () => {
    const turn = conversation('starting');
    const first = await turn({ acts: [{ operation: 'start_trip', workflow: 'trip', record: 's-1', values: {} }] });
    expect(first.outcome.starting).toEqual([{ workflow: 'trip', noun: 'trip' }]);
    expect(first.outcome.done).toEqual([]);
    expect(first.ask?.kind).toBe('awaited_value');
    const second = await turn({ acts: [{ answers_ask: true, values: { destination: 'Turin' } }] }, 'Turin');
    expect(second.outcome.done.map((d) => d.body)).toEqual(['A trip to Turin is open.']);
  });

  it('ask: else the first open obligation of the record the turn is on', async () => {
    const turn = conversation('obligation');
    const result = await turn({ acts: [start('o-1'), traveler('o-1'), extra('o-1', 'hotel'), extra('o-1', 'car')] });
    expect(result.ask).toMatchObject({ kind: 'obligation', recordId: 'o-1', id: 'ask:obligation:o-1:payer:0' });
  });

  it('ask: an obligation is asked in the workflow’s own sentence, which is also what code says', async () => {
    const turn = conversation('sentence', 'it-IT');
    const result = await turn({ acts: [start('it-1'), traveler('it-1'), extra('it-1', 'albergo')] });
    const sentence = 'L’extra «albergo» non ha ancora chi lo paga: lo paga l’azienda o il viaggiatore?';
    expect(result.ask?.text).toBe(sentence);
    expect(transitionOf(result).text.split('\n').at(-1)).toBe(sentence);
  });

  it('ask: an obligation with an act is awaited as that act, so «the company» answers it', async () => {
    const turn = conversation('company');
    const first = await turn({ acts: [start('p-1'), traveler('p-1'), extra('p-1', 'hotel')] });
    expect(first.ask?.awaiting).toEqual({
      operation: 'set_payer',
      record: 'p-1',
      workflow: 'trip',
      values: { extra: 'hotel' },
      answers: 'payer',
    });
    const second = await turn({ acts: [{ answers_ask: true, values: { payer: 'company' } }] }, 'the company');
    expect(second.outcome.done).toEqual([{ receiptId: 'receipt:p-1:4', title: 'Payer chosen', body: 'hotel is paid by the company.' }]);
  });

  it('ask: a turn that reached no record is on the record its question is about', async () => {
    const turn = conversation('question-record');
    await turn({ acts: [start('q-1'), traveler('q-1'), extra('q-1', 'hotel')] });
    await turn({ acts: [start('q-2')] });
    const result = await turn({ questions: [{ text: 'Where is the Oslo trip?', kind: 'status', records: ['q-1'] }] });
    expect(result.ask).toMatchObject({ kind: 'obligation', recordId: 'q-1' });
  });

  it('ask: a «thanks» that reached no record is on the record the last reply was about', async () => {
    const turn = conversation('thanks');
    await turn({ acts: [start('t-1')] });
    const result = await turn({}, 'thanks');
    expect(result.ask).toMatchObject({ kind: 'obligation', recordId: 't-1', text: 'Who is traveling?' });
    expect(transitionOf(result).text).toBe('Who is traveling?');
  });

  it('ask: when the record the turn acted on needs nothing, the ask falls to the next record in view that does', async () => {
    const turn = conversation('fall-acted');
    await turn({ acts: [start('f-1'), traveler('f-1'), extra('f-1', 'hotel')] });
    const result = await turn({ acts: [start('f-2'), traveler('f-2', 'Bo')] });
    expect(result.ask).toMatchObject({
      kind: 'next_record',
      recordId: 'f-1',
      text: 'Next, trip “f-1”: The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
    });
  });

  it('ask: a message left partly unread still ends on the work: the next record in view that needs something', async () => {
    const turn = conversation('fall-unread');
    await turn({ acts: [start('u-1')] });
    await turn({ acts: [start('u-2'), traveler('u-2')] });
    const status = await turn({ questions: [{ text: 'And the second trip?', kind: 'status', records: ['u-2'] }] });
    expect(status.aboutRecord).toBe('u-2');
    const result = await turn({ unread: ['and the thing from last week'] });
    expect(result.ask).toMatchObject({ kind: 'next_record', recordId: 'u-1' });
    expect(result.outcome.notDone).toEqual([
      { code: 'not_understood', text: 'I did not understand this part of your message: “and the thing from last week”.' },
    ]);
  });

  it('ask: a capability question proposes in its answer and sets no ask', async () => {
    const turn = conversation('capability');
    await turn({ acts: [start('k-1')] });
    const result = await turn({ questions: [{ text: 'What can you do?', kind: 'capability', records: ['k-1'] }] });
    expect(result.ask).toBeNull();
    expect(transitionOf(result).text).toBe(
      'On a trip I can add a traveler, remove a traveler, add an extra, choose who pays for an extra, confirm the trip and request the hotel booking.',
    );
  });

  it('ask: a field-value question sets no ask when its record owes nothing', async () => {
    const turn = conversation('field-settled');
    await turn({ acts: [start('v-1'), traveler('v-1')] });
    const result = await turn({ questions: [{ text: 'Who can pay?', kind: 'field_values', records: ['v-1'], field: 'payer' }] });
    expect(result.ask).toBeNull();
  });

  it('ask: a field-value question that leaves its record owing something asks for it too', async () => {
    const turn = conversation('field-owing');
    await turn({ acts: [start('w-1'), traveler('w-1'), extra('w-1', 'hotel')] });
    const result = await turn({ questions: [{ text: 'Who can pay?', kind: 'field_values', records: ['w-1'], field: 'payer' }] });
    expect(result.ask).toMatchObject({ kind: 'obligation', recordId: 'w-1' });
    expect(transitionOf(result).text.split('\n')).toEqual([
      'The payer can be the company or the traveler.',
      'The extra “hotel” has no payer yet: who pays for it, the company or the traveler?',
    ]);
  });

  it('ask: a record owing nothing with no card on screen ends on its workflow’s next steps', async () => {
    const turn = conversation('next-steps');
    await turn({ acts: [start('n-1'), traveler('n-1')] });
    const result = await turn({ card_responses: [{ record: 'n-1', card: 'confirm_trip', response: 'pressed', button: 'confirm' }] });
    expect(result.outcome.done.map((d) => d.title)).toEqual(['Trip confirmed']);
    expect(result.ask).toMatchObject({ kind: 'next_steps', text: 'What next? You can start another trip whenever you like.' });
  });

  it('ask: a record owing nothing with its card on screen asks nothing; the card is the call to action', async () => {
    const turn = conversation('card');
    const result = await turn({ acts: [start('d-1'), traveler('d-1')] });
    expect(result.ask).toBeNull();
    expect(result.outcome.card).toMatchObject({ card: 'confirm_trip', title: 'Confirm this trip' });
    expect(transitionOf(result).text.split('\n').at(-1)).toBe('Please check “Confirm this trip” and choose “Confirm” or “Not now”.');
  });

  it('ask: with no next steps, a record owing nothing ends the reply on the acknowledgement', async () => {
    const turn = conversation('quiet');
    await turn({ acts: [start('e-1', 'quiet_trip'), traveler('e-1')] });
    const result = await turn({ card_responses: [{ record: 'e-1', card: 'confirm_trip', response: 'pressed', button: 'confirm' }] });
    expect(result.ask).toBeNull();
    expect(transitionOf(result).text).toBe('Trip confirmed: The trip is confirmed as it stands.');
  });
});
