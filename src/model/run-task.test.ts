import { APICallError } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModels } from './create-models.js';
import { runObjectTask, runTextTask } from './run-task.js';
import { modelAnswer, promptText, scriptedModel, type ScriptStep } from './scripted-model.js';

const schema = z.strictObject({ verdict: z.enum(['yes', 'no']), note: z.string() });

function setup(steps: readonly ScriptStep[], profile: { timeoutMs?: number; temperature?: number } = {}) {
  const model = scriptedModel(steps);
  const models = createModels({ default: { model: 'mock:one', ...profile } }, { languageModels: { 'mock:one': model } });
  return { model, models };
}

const base = { task: 'review', locale: 'it-IT', instructions: 'Judge the reply.', input: { reply: 'Fatto.' } };

describe('runObjectTask', () => {
  it('returns the parsed object with a call record naming prompt, model, tokens and outcome', async () => {
    const { models } = setup([JSON.stringify({ verdict: 'yes', note: 'fine' })]);
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: true, value: { verdict: 'yes', note: 'fine' } });
    expect(result.call).toMatchObject({
      task: 'review',
      promptName: 'built-in:review',
      modelId: 'mock:one',
      inputTokens: 10,
      outputTokens: 5,
      outcome: 'ok',
    });
    expect(result.call.promptHash).toMatch(/^sha256:[0-9a-f]{16}$/);
    expect(Number.isNaN(Date.parse(result.call.startedAt))).toBe(false);
  });

  it('malformed: output that is not JSON is a value carrying the raw text', async () => {
    const { models } = setup(['{"verdict": "yes", ']);
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: false, reason: 'malformed', call: { outcome: 'malformed', raw: '{"verdict": "yes", ' } });
  });

  it('malformed: JSON that does not match the schema is a value, not a throw', async () => {
    const { models } = setup([JSON.stringify({ verdict: 'maybe', note: 'x' })]);
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: false, reason: 'malformed' });
    expect(result.call.raw).toContain('maybe');
  });

  it('provider_error: a provider that throws yields a value with its message', async () => {
    const { models } = setup([new Error('connection reset')]);
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: false, reason: 'provider_error' });
    expect(result.call.error).toContain('connection reset');
  });

  it('provider_error: a retryable API error is not retried, so calls stay bounded', async () => {
    const error = new APICallError({ message: 'overloaded', url: 'http://x', requestBodyValues: {}, statusCode: 503, isRetryable: true });
    const { model, models } = setup([error]);
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: false, reason: 'provider_error' });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('timeout: a provider that never answers (and ignores its abort signal) times out on the profile', async () => {
    const { models } = setup(['hang'], { timeoutMs: 40 });
    const t0 = performance.now();
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: false, reason: 'timeout', call: { outcome: 'timeout' } });
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('timeout: the caller may shorten the limit (a turn deadline) but never lengthen the profile', async () => {
    const { models } = setup(['hang'], { timeoutMs: 60_000 });
    const result = await runObjectTask({ ...base, models, schema, timeoutMs: 30 });
    expect(result.ok ? 'ok' : result.reason).toBe('timeout');
  });

  it('aborted: the caller’s signal ends the call as a value', async () => {
    const { models } = setup(['hang']);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await runObjectTask({ ...base, models, schema, signal: controller.signal });
    expect(result.ok ? 'ok' : result.reason).toBe('aborted');
  });

  it('aborted: an already-aborted signal calls nothing', async () => {
    const { model, models } = setup(['{}']);
    const result = await runObjectTask({ ...base, models, schema, signal: AbortSignal.abort() });
    expect(result.ok ? 'ok' : result.reason).toBe('aborted');
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('refused: a content-filter stop is a refusal', async () => {
    const { models } = setup([() => modelAnswer('', { finishReason: 'content-filter' })]);
    const result = await runObjectTask({ ...base, models, schema });
    expect(result.ok ? 'ok' : result.reason).toBe('refused');
  });

  it('no_model: with no model configured nothing is called and the record says so', async () => {
    const models = createModels({});
    const result = await runObjectTask({ ...base, models, schema });
    expect(result).toMatchObject({ ok: false, reason: 'no_model', call: { modelId: null, latencyMs: 0, outcome: 'no_model' } });
  });

  it('the model is shown the instructions, the locale’s language, the material and the schema', async () => {
    const { model, models } = setup([JSON.stringify({ verdict: 'no', note: '' })], { temperature: 0.2 });
    await runObjectTask({ ...base, models, schema });
    const text = promptText(model);
    expect(text).toContain('Judge the reply.');
    expect(text).toContain('Write in Italian (Italy) (locale it-IT).');
    expect(text).toContain('"reply": "Fatto."');
    expect(text).toContain('"verdict"');
    expect(model.doGenerateCalls[0]?.temperature).toBe(0.2);
    expect(model.doGenerateCalls[0]?.responseFormat).toMatchObject({ type: 'json' });
  });

  it('runs under the deployment’s prompt for the locale and records its name', async () => {
    const { model, models } = setup([JSON.stringify({ verdict: 'yes', note: '' })]);
    const prompts = (name: string) => (name === 'review.it-IT' ? 'Giudica (istruzioni del cliente).' : undefined);
    const result = await runObjectTask({ ...base, models, schema, prompts });
    expect(result.call.promptName).toBe('review.it-IT');
    expect(promptText(model)).toContain('Giudica (istruzioni del cliente).');
    expect(promptText(model)).not.toContain('Judge the reply.');
  });
});

describe('runObjectTask never throws', () => {
  it('for any text a model returns, the result is a value, and ok only when the schema holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.record({ verdict: fc.constantFrom('yes', 'no', 'maybe'), note: fc.string() }).map((o) => JSON.stringify(o)),
        ),
        async (text) => {
          const { models } = setup([text]);
          const result = await runObjectTask({ ...base, models, schema });
          if (result.ok) expect(schema.safeParse(result.value).success).toBe(true);
          else expect(['malformed']).toContain(result.reason);
          expect(result.call.outcome).toBe(result.ok ? 'ok' : result.reason);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('asks OpenAI for a non-strict schema, so optional values and open records are accepted', async () => {
    const { model, models } = setup([JSON.stringify({ verdict: 'yes', note: '' })]);
    await runObjectTask({ ...base, models, schema });
    expect(model.doGenerateCalls[0]?.providerOptions).toEqual({ openai: { strictJsonSchema: false } });
  });
});

describe('runTextTask', () => {
  it('returns the trimmed text', async () => {
    const { models } = setup(['  Ecco fatto.  ']);
    const result = await runTextTask({ ...base, task: 'acknowledge', models });
    expect(result).toMatchObject({ ok: true, value: 'Ecco fatto.', call: { task: 'acknowledge', outcome: 'ok' } });
  });

  it('malformed: an empty answer is not a reply', async () => {
    const { models } = setup(['   ']);
    const result = await runTextTask({ ...base, models });
    expect(result.ok ? 'ok' : result.reason).toBe('malformed');
  });
});
