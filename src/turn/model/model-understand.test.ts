import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModels } from '../../model/index.js';
import { promptText, scriptedModel, type ScriptStep } from '../../model/scripted-model.js';
import type { UnderstandRequest } from '../understand.js';
import { createModelUnderstand } from './model-understand.js';
import { otherFacts, tripFacts } from './testing.js';

function request(steps: string[], overrides: Partial<UnderstandRequest> = {}): UnderstandRequest {
  return {
    turnId: 't-2',
    conversationId: 'c-1',
    locale: 'en',
    message: 'Add Marco to the trip. Where are we?',
    records: [tripFacts],
    operations: [
      { workflow: 'trip', operation: 'add_traveler', label: 'add a traveler', creates: false, input: z.strictObject({ name: z.string() }) },
      { workflow: 'trip', operation: 'start', label: 'start a trip', creates: true, input: z.strictObject({ destination: z.string() }) },
      { workflow: 'expense', operation: 'approve', label: 'approve an expense', creates: false, input: z.strictObject({}) },
    ],
    previousAsk: null,
    history: [],
    receipts: [],
    reportStep: (step) => steps.push(step),
    ...overrides,
  };
}

const understood = {
  acts: [{ operation: 'add_traveler', workflow: 'trip', record: 'trip-1', values: { name: 'Marco' } }],
  questions: [{ text: 'Where are we?', kind: 'status', records: ['trip-1'] }],
  disputes: [],
  card_responses: [],
  unread: [],
};
const faithful = (keys: string[]) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, { faithful: true, note: '', quote: '' }])));

function setup(understand: readonly ScriptStep[], verify: readonly ScriptStep[]) {
  const reader = scriptedModel(understand);
  const checker = scriptedModel(verify);
  const models = createModels(
    { default: { model: 'mock:reader', timeoutMs: 500 }, tasks: { 'understand.verify': { model: 'mock:checker' } } },
    { languageModels: { 'mock:reader': reader, 'mock:checker': checker } },
  );
  return { reader, checker, models };
}

describe('understand', () => {
  it('understand: a message becomes the structured understanding, verified, each step reported', async () => {
    const { models } = setup([JSON.stringify(understood)], [faithful(['act_0', 'question_0'])]);
    const steps: string[] = [];
    const result = await createModelUnderstand({ models })(request(steps));
    expect(result).toMatchObject({
      ok: true,
      understanding: {
        acts: [{ operation: 'add_traveler', workflow: 'trip', record: 'trip-1', values: { name: 'Marco' }, answersAsk: false }],
        questions: [{ text: 'Where are we?', kind: 'status', records: ['trip-1'] }],
        attachments: [],
        unread: [],
      },
    });
    expect(result.calls.map((c) => c.task)).toEqual(['understand', 'understand.verify']);
    expect(steps).toEqual(['read a request: add_traveler on trip-1 with {"name":"Marco"}', 'read a status question: "Where are we?"']);
    for (const step of steps) expect(step).not.toMatch(/added|done|committed/);
  });

  it('understand: a dispute names a receipt of the last reply by the id the model was shown', async () => {
    const shown = { id: 'receipt:trip-1:2', title: 'Traveler added', body: 'Ada is on the trip as traveler.' };
    const { reader, models } = setup(
      [JSON.stringify({ ...understood, acts: [], questions: [], disputes: [{ receipt: shown.id, said: 'It was Bob, not Ada.' }] })],
      [faithful(['dispute_0'])],
    );
    const steps: string[] = [];
    const result = await createModelUnderstand({ models })(request(steps, { message: 'No, it was Bob, not Ada.', receipts: [shown] }));
    expect(result).toMatchObject({ ok: true, understanding: { disputes: [{ receipt: shown.id, said: 'It was Bob, not Ada.' }] } });
    expect(promptText(reader)).toContain(shown.id);
    expect(steps).toEqual([`read a dispute of ${shown.id}`]);
  });

  it('understand: a dispute of a receipt the user was never shown is malformed, so nothing is contested', async () => {
    const { models } = setup([JSON.stringify({ ...understood, acts: [], questions: [], disputes: [{ receipt: 'receipt:trip-1:9', said: 'wrong' }] })], []);
    const shown = [{ id: 'receipt:trip-1:2', title: 'Traveler added', body: 'Ada is on the trip as traveler.' }];
    expect(await createModelUnderstand({ models })(request([], { receipts: shown }))).toMatchObject({ ok: false, reason: 'malformed' });
    expect(
      await createModelUnderstand({
        models: setup([JSON.stringify({ ...understood, acts: [], questions: [], disputes: [{ receipt: 'receipt:trip-1:2', said: 'wrong' }] })], []).models,
      })(request([])),
    ).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('understand: constrained to the operations on offer for the records in view', async () => {
    const { reader, models } = setup(
      [JSON.stringify({ ...understood, acts: [{ operation: 'approve', workflow: 'expense', record: 'exp-9', values: {} }] })],
      [],
    );
    const result = await createModelUnderstand({ models })(request([]));
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
    const schema = JSON.stringify(reader.doGenerateCalls[0]?.responseFormat);
    expect(schema).toContain('add_traveler');
    expect(schema).toContain('start');
    expect(schema).not.toContain('approve');
  });

  it('understand: an act on a record not in view is refused by the schema', async () => {
    const { models } = setup([JSON.stringify({ ...understood, acts: [{ ...understood.acts[0], record: 'trip-2' }] })], []);
    const result = await createModelUnderstand({ models })(request([]));
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('understand: a missing value is left out, not invented (values are partial)', async () => {
    const { models } = setup(
      [JSON.stringify({ ...understood, acts: [{ operation: 'add_traveler', workflow: 'trip', record: 'trip-1', values: {} }], questions: [] })],
      [faithful(['act_0'])],
    );
    const result = await createModelUnderstand({ models })(request([]));
    expect(result.ok && result.understanding.acts[0]?.values).toEqual({});
  });

  it('understand.verify: an item the message does not support is dropped and its words reported unread', async () => {
    const { models } = setup(
      [JSON.stringify(understood)],
      [JSON.stringify({ act_0: { faithful: false, note: 'the user named no one', quote: 'Add Marco' }, question_0: { faithful: true, note: '', quote: '' } })],
    );
    const steps: string[] = [];
    const result = await createModelUnderstand({ models })(request(steps));
    expect(result).toMatchObject({ ok: true, understanding: { acts: [], unread: ['Add Marco'] } });
    expect(steps).toContain('could not read: "Add Marco"');
  });

  it('understand.verify: a verifier that fails leaves no understanding, so nothing unchecked is acted on', async () => {
    const { models } = setup([JSON.stringify(understood)], [new Error('verifier down')]);
    const result = await createModelUnderstand({ models })(request([]));
    expect(result).toMatchObject({ ok: false, reason: 'verify_provider_error' });
    expect(result.calls).toHaveLength(2);
  });

  it('understand: shown the records in view, the operations, the previous ask and history; the verifier sees the items', async () => {
    const { reader, checker, models } = setup(
      [JSON.stringify({ ...understood, acts: [{ answers_ask: true, values: { payer: 'company' } }], questions: [] })],
      [faithful(['act_0'])],
    );
    const result = await createModelUnderstand({ models })(
      request([], { message: 'the company', previousAsk: 'Who pays for the hotel?', history: ['Who pays for the hotel?'], records: [tripFacts, otherFacts] }),
    );
    expect(result).toMatchObject({ ok: true, understanding: { acts: [{ answersAsk: true, values: { payer: 'company' } }] } });
    const text = promptText(reader);
    expect(text).toContain('the company');
    expect(text).toContain('Who pays for the hotel?');
    expect(text).toContain('add a traveler');
    expect(text).toContain('trip-2');
    expect(promptText(checker)).toContain('act_0');
  });

  it('understand: with no model configured the result says so and no step is reported', async () => {
    const steps: string[] = [];
    const result = await createModelUnderstand({ models: createModels() })(request(steps));
    expect(result).toMatchObject({ ok: false, reason: 'no_model', calls: [{ task: 'understand', outcome: 'no_model' }] });
    expect(steps).toEqual([]);
  });
});
