import { describe, expect, it } from 'vitest';
import { createModels } from '../../model/index.js';
import { scriptedModel } from '../../model/testing.js';
import { createModelWriter } from './model-writer.js';
import { ackRequest, answerRequest } from './testing.js';

describe('createModelWriter', () => {
  it('deadline: one turn’s calls share one deadline, however long each call’s own timeout', async () => {
    const slow = scriptedModel(['hang']);
    const models = createModels({ default: { model: 'mock:slow', timeoutMs: 60_000 } }, { languageModels: { 'mock:slow': slow } });
    const writer = createModelWriter({ models, turnDeadlineMs: 120 });
    const t0 = performance.now();
    const [answer, ack] = await Promise.all([
      writer.answer(answerRequest({ turnId: 't-9' })),
      new Promise((resolve) => setTimeout(resolve, 60)).then(() => writer.acknowledge(ackRequest({ turnId: 't-9' }))),
    ]);
    const elapsed = performance.now() - t0;
    expect(answer).toMatchObject({ ok: false, reason: 'aborted' });
    expect(ack).toMatchObject({ ok: false, reason: 'aborted' });
    expect(elapsed).toBeGreaterThanOrEqual(100);
    expect(elapsed).toBeLessThan(1000);
  });

  it('deadline: another turn starts its own clock', async () => {
    const fast = scriptedModel(['{"status":"answered","text":"ok"}'], { delayMs: 50 });
    const models = createModels({ default: { model: 'mock:fast' } }, { languageModels: { 'mock:fast': fast } });
    const writer = createModelWriter({ models, turnDeadlineMs: 80 });
    expect(await writer.answer(answerRequest({ turnId: 'a' }))).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await writer.answer(answerRequest({ turnId: 'b' }))).toMatchObject({ ok: true });
  });
});
