import { describe, expect, it } from 'vitest';
import { createModels } from '../../model/index.js';
import { promptText, scriptedModel, type ScriptStep } from '../../model/scripted-model.js';
import { ackRequest, answerBlock, failingReview, noticeBlock, passingReview } from './testing.js';
import { writeAcknowledgement } from './write-acknowledgement.js';

const KEYS = ['asks_the_ask', 'holds_to_material'];

function setup(ack: readonly ScriptStep[], review: readonly ScriptStep[], { reviewOn = true, timeoutMs = 2000 } = {}) {
  const writer = scriptedModel(ack);
  const reviewer = scriptedModel(review);
  const models = createModels(
    { default: { model: 'mock:writer', timeoutMs }, tasks: { review: { model: 'mock:reviewer' }, acknowledge: { review: reviewOn } } },
    { languageModels: { 'mock:writer': writer, 'mock:reviewer': reviewer } },
  );
  return { writer, reviewer, models };
}

describe('acknowledge and review', () => {
  it('acknowledge: a reply that passes review is shown as written (two calls)', async () => {
    const { models } = setup(['Anna is added. Who pays for the hotel?'], [passingReview(KEYS)]);
    const request = ackRequest();
    const result = await writeAcknowledgement(request, { models });
    expect(result).toMatchObject({ ok: true, text: 'Anna is added. Who pays for the hotel?' });
    expect(result.calls.map((c) => `${c.task}:${c.outcome}`)).toEqual(['acknowledge:ok', 'review:ok']);
    expect(request.phases).toEqual(['reviewing']);
  });

  it('review: a reply failing once is rewritten with the findings and passes', async () => {
    const { writer, models } = setup(
      ['Anna is added and the hotel is paid by the company.', 'Anna is added. Who pays for the hotel?'],
      [failingReview(KEYS, 'holds_to_material', 'claims the company pays for the hotel'), passingReview(KEYS)],
    );
    const request = ackRequest();
    const result = await writeAcknowledgement(request, { models });
    expect(result).toMatchObject({ ok: true, text: 'Anna is added. Who pays for the hotel?' });
    expect(result.calls.map((c) => c.task)).toEqual(['acknowledge', 'review', 'acknowledge', 'review']);
    expect(request.phases).toEqual(['reviewing', 'rewriting', 'reviewing']);
    const rewrite = promptText(writer, 1);
    expect(rewrite).toContain('claims the company pays for the hotel');
    expect(rewrite).toContain('Anna is added and the hotel is paid by the company.');
  });

  it('review: a reply failing twice is dropped; no third attempt (code’s words stand)', async () => {
    const { writer, reviewer, models } = setup(['The hotel is booked.'], [failingReview(KEYS, 'holds_to_material', 'no booking in the material')]);
    const result = await writeAcknowledgement(ackRequest(), { models });
    expect(result).toMatchObject({ ok: false, reason: 'review_failed' });
    expect(writer.doGenerateCalls).toHaveLength(2);
    expect(reviewer.doGenerateCalls).toHaveLength(2);
  });

  it('review: switched off in the acknowledgement’s profile, the written reply stands alone', async () => {
    const { reviewer, models } = setup(['Anna is added. Who pays for the hotel?'], [], { reviewOn: false });
    const result = await writeAcknowledgement(ackRequest(), { models });
    expect(result).toMatchObject({ ok: true });
    expect(reviewer.doGenerateCalls).toHaveLength(0);
  });

  it('W2: a reply the review could not judge (malformed verdict) is not shown', async () => {
    const { models } = setup(['Anna is added.'], ['{"asks_the_ask": {"passes": "yes"}}']);
    const result = await writeAcknowledgement(ackRequest(), { models });
    expect(result).toMatchObject({ ok: false, reason: 'review_malformed' });
    expect(result.calls.at(-1)).toMatchObject({ task: 'review', outcome: 'malformed', raw: '{"asks_the_ask": {"passes": "yes"}}' });
  });

  it('provider failure: a throwing provider, a timeout and no model are reasons, never throws', async () => {
    const thrown = await writeAcknowledgement(ackRequest(), { models: setup([new Error('boom')], []).models });
    expect(thrown).toMatchObject({ ok: false, reason: 'provider_error' });
    const timedOut = await writeAcknowledgement(ackRequest(), { models: setup(['hang'], [], { timeoutMs: 30 }).models });
    expect(timedOut).toMatchObject({ ok: false, reason: 'timeout' });
    const none = await writeAcknowledgement(ackRequest(), { models: createModels() });
    expect(none).toMatchObject({ ok: false, reason: 'no_model', calls: [{ task: 'acknowledge', outcome: 'no_model', modelId: null }] });
  });

  it('acknowledge: the prompt holds the outcome, ask, guidance, tone, locale and history, and the message when nothing was left undone', async () => {
    const { writer, models } = setup(['ok'], [passingReview(KEYS)]);
    await writeAcknowledgement(ackRequest({ locale: 'it-IT' }), { models });
    const text = promptText(writer);
    for (const expected of [
      'Traveler added',
      'Anna travels on this trip.',
      'The hotel has no payer yet: who pays for it?',
      'Collect every traveler and a payer for each extra.',
      '"tone": "warm"',
      'Write in Italian',
      'Your trip is started. Who travels?',
      'Please add Anna to the trip.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('acknowledge: never shown the words of a question it was given the answer to, nor the message beside an answer', async () => {
    const { writer, models } = setup(['ok'], [passingReview([...KEYS, 'keeps_answers_and_notices'])]);
    await writeAcknowledgement(ackRequest({ answers: [answerBlock()], notices: [noticeBlock()], message: 'Add Anna. Who is travelling on this trip?' }), {
      models,
    });
    const text = promptText(writer);
    expect(text).toContain('Anna is travelling.');
    expect(text).toContain('The budget field cannot be changed after approval.');
    expect(text).not.toContain('Who is travelling on this trip?');
    expect(text).not.toContain('Add Anna.');
  });

  it('acknowledge: with something left undone the runtime passes no message and none is shown', async () => {
    const { writer, models } = setup(['ok'], [passingReview(KEYS)]);
    const base = ackRequest();
    await writeAcknowledgement(
      ackRequest({ message: null, outcome: { ...base.outcome, notDone: [{ code: 'refused', text: 'Budgets cannot change now.' }] } }),
      { models },
    );
    const text = promptText(writer);
    expect(text).toContain('Budgets cannot change now.');
    expect(text).not.toContain('Please add Anna');
    expect(text).not.toContain('user_message');
  });

  it('review: only the checks that apply are asked', async () => {
    const { reviewer, models } = setup(['ok'], [passingReview(['holds_to_material'])]);
    await writeAcknowledgement(ackRequest({ ask: null }), { models });
    const plain = promptText(reviewer);
    expect(plain).toContain('holds_to_material');
    expect(plain).not.toContain('asks_the_ask');
    expect(plain).not.toContain('agrees_with_card');
    expect(plain).not.toContain('keeps_answers_and_notices');

    const all = ['asks_the_ask', 'holds_to_material', 'agrees_with_card', 'keeps_answers_and_notices'];
    const second = setup(['ok'], [passingReview(all)]);
    const card = { recordId: 'trip-1', card: 'confirm', title: 'Confirm the trip', buttons: [{ key: 'yes', label: 'Confirm' }] };
    const result = await writeAcknowledgement(ackRequest({ card, answers: [answerBlock()] }), { models: second.models });
    expect(result.ok).toBe(true);
    for (const key of all) expect(promptText(second.reviewer)).toContain(key);
  });
});
