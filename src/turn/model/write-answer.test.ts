import { describe, expect, it } from 'vitest';
import { createModels } from '../../model/index.js';
import { promptText, scriptedModel } from '../../model/scripted-model.js';
import { answerRequest, tripFacts } from './testing.js';
import { writeAnswer } from './write-answer.js';

function setup(steps: Parameters<typeof scriptedModel>[0]) {
  const model = scriptedModel(steps);
  return { model, models: createModels({ default: { model: 'mock:a', timeoutMs: 200 } }, { languageModels: { 'mock:a': model } }) };
}

describe('answer', () => {
  it('answer: returns the text and the status the model gives, with its call', async () => {
    const { models } = setup([JSON.stringify({ status: 'answered', text: 'Viaggia Anna.' })]);
    const result = await writeAnswer(answerRequest(), { models });
    expect(result).toMatchObject({ ok: true, status: 'answered', text: 'Viaggia Anna.', calls: [{ task: 'answer', outcome: 'ok' }] });
  });

  it('answer: shown only its own records’ facts, the knowledge and the server’s answer; nothing of the turn', async () => {
    const { model, models } = setup([JSON.stringify({ status: 'answered', text: 'x' })]);
    await writeAnswer(answerRequest({ codeAnswer: 'Travelers: Anna.', knowledge: { status: 'found', passages: ['Hotels are booked by the office.'] } }), {
      models,
    });
    const text = promptText(model);
    expect(text).toContain('Chi viaggia?');
    expect(text).toContain('Anna');
    expect(text).toContain(tripFacts.needs[0]!);
    expect(text).toContain('choose who pays for an extra');
    expect(text).toContain('Hotels are booked by the office.');
    expect(text).toContain('Travelers: Anna.');
    expect(text).toContain('Write in Italian');
    expect(text).not.toContain('trip-2');
    expect(text).not.toContain('Secret Person');
  });

  it('answer: a field-values question is given the values the field may take, to propose them', async () => {
    const { model, models } = setup([JSON.stringify({ status: 'answered', text: 'x' })]);
    await writeAnswer(answerRequest({ question: { text: 'Chi può pagare?', kind: 'field_values', field: 'payer', values: ['l’azienda', 'il viaggiatore'] } }), {
      models,
    });
    const text = promptText(model);
    expect(text).toContain('values_the_field_may_take');
    expect(text).toContain('l’azienda');
    expect(text).toContain('il viaggiatore');
  });

  it('answer: a provider failure is a reason (the runtime marks it not_written and uses code’s answer)', async () => {
    for (const [step, reason] of [
      [new Error('down'), 'provider_error'],
      ['hang', 'timeout'],
      ['not json', 'malformed'],
    ] as const) {
      const result = await writeAnswer(answerRequest(), { models: setup([step]).models });
      expect(result).toMatchObject({ ok: false, reason });
      expect(result.calls).toHaveLength(1);
    }
  });
});
