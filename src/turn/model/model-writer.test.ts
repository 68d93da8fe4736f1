import { describe, expect, it } from 'vitest';
import { createModels } from '../../model/index.js';
import { scriptedModel } from '../../model/scripted-model.js';
import { createModelWriter } from './model-writer.js';
import { DEFAULT_TURN_DEADLINE_MS } from './turn-model-options.js';
import { answerRequest } from './testing.js';

describe('createModelWriter', () => {
  it('deadline: the writer declares its turn deadline for the runtime to enforce per composition', () => {
    const models = createModels({});
    expect(createModelWriter({ models, turnDeadlineMs: 120 }).deadlineMs).toBe(120);
    expect(createModelWriter({ models }).deadlineMs).toBe(DEFAULT_TURN_DEADLINE_MS);
  });

  it('deadline: a call handed the turn’s expired signal ends as aborted, however long the call’s own timeout', async () => {
    const slow = scriptedModel(['hang']);
    const models = createModels({ default: { model: 'mock:slow', timeoutMs: 60_000 } }, { languageModels: { 'mock:slow': slow } });
    const writer = createModelWriter({ models });
    const t0 = performance.now();
    const answer = await writer.answer(answerRequest({ turnId: 't-9', signal: AbortSignal.timeout(80) }));
    expect(answer).toMatchObject({ ok: false, reason: 'aborted' });
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
