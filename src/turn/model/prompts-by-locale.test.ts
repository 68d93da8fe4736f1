import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../../examples/trip/index.js';
import { createModels, folderPromptSource } from '../../model/index.js';
import { modelAnswer, promptText, scriptedModel, type ScriptStep } from '../../model/scripted-model.js';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import { transitionOf } from '../turn-result.js';
import { createTurnRuntime } from '../turn-runtime.js';
import { createModelWriter } from './model-writer.js';
import { parseTurnInput } from '../turn-input.js';

/** A review that passes every check it is asked. */
const passAll: ScriptStep = (options: LanguageModelV3CallOptions) => {
  const format = options.responseFormat as { schema?: { properties?: Record<string, unknown> } } | undefined;
  return modelAnswer(JSON.stringify(Object.fromEntries(Object.keys(format?.schema?.properties ?? {}).map((k) => [k, { passes: true, finding: '' }]))));
};

describe.each(storeTargets())('prompts by the turn’s own locale on $name', (target) => {
  let db: Database;
  let n = 0;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  /** A runtime serving `locales` whose writer reads prompts from a folder holding `files`. */
  async function runtimeWith(locales: string[], files: Record<string, string>) {
    const dir = await mkdtemp(join(tmpdir(), 'warrant-locale-prompts-'));
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const acknowledge = scriptedModel(['Viaggio iniziato per Roma. Chi viaggia?']);
    const review = scriptedModel([passAll]);
    const models = createModels(
      { tasks: { acknowledge: { model: 'mock:acknowledge' }, review: { model: 'mock:review' } } },
      { languageModels: { 'mock:acknowledge': acknowledge, 'mock:review': review } },
    );
    const runtime = createTurnRuntime({
      db,
      workflows: [tripWorkflow],
      locales,
      tenantId: `locale-prompts-${++n}`,
      writer: createModelWriter({ models, prompts: folderPromptSource(dir) }),
    });
    return { runtime, acknowledge };
  }

  const startInRome = (locale: string) => ({
    turn_id: `t-${n}`,
    conversation_id: `c-${n}`,
    locale,
    understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record: `rome-${n}`, values: { destination: 'Roma' } }] },
  });

  it('an it-IT turn runs under acknowledge.it-IT before acknowledge.it and acknowledge', async () => {
    const { runtime, acknowledge } = await runtimeWith(['en', 'it'], {
      'acknowledge.it-IT.md': 'PROMPT FOR it-IT',
      'acknowledge.it.md': 'PROMPT FOR it',
      'acknowledge.md': 'PROMPT FOR ANY',
    });
    const result = await runtime.run(parseTurnInput(startInRome('it-IT')));
    expect(result.locale).toBe('it-IT');
    const call = result.evidence.modelCalls.find((c) => c.task === 'acknowledge');
    expect(call?.promptName).toBe('acknowledge.it-IT');
    expect(promptText(acknowledge)).toContain('PROMPT FOR it-IT');
    // The server's own sentences still come from Italian, the tag's language.
    expect(result.blocks.find((b) => b.kind === 'receipt')).toMatchObject({ title: 'Viaggio iniziato' });
    expect(transitionOf(result).writtenBy).toBe('writer');
  });

  it('an it-IT turn with no prompt of its tag runs under its language’s, then the task’s', async () => {
    const language = await runtimeWith(['en', 'it'], { 'acknowledge.it.md': 'PROMPT FOR it', 'acknowledge.md': 'PROMPT FOR ANY' });
    const byLanguage = await language.runtime.run(parseTurnInput(startInRome('it-IT')));
    expect(byLanguage.evidence.modelCalls.find((c) => c.task === 'acknowledge')?.promptName).toBe('acknowledge.it');
    const task = await runtimeWith(['en', 'it'], { 'acknowledge.md': 'PROMPT FOR ANY' });
    const byTask = await task.runtime.run(parseTurnInput(startInRome('it-IT')));
    expect(byTask.evidence.modelCalls.find((c) => c.task === 'acknowledge')?.promptName).toBe('acknowledge');
    expect(byTask.evidence.modelCalls.find((c) => c.task === 'review')?.promptName).toBe('built-in:review');
  });

  it('W8: declaring it-IT is served by Italian without a copy of its own, and its turns read their own prompts', async () => {
    const { runtime } = await runtimeWith(['en', 'it-IT'], { 'acknowledge.it-IT.md': 'PROMPT FOR it-IT' });
    expect(runtime.locales).toEqual(['en', 'it-IT']);
    const result = await runtime.run(parseTurnInput(startInRome('it-IT')));
    expect(result.locale).toBe('it-IT');
    expect(result.evidence.modelCalls.find((c) => c.task === 'acknowledge')?.promptName).toBe('acknowledge.it-IT');
    expect(result.blocks.find((b) => b.kind === 'receipt')).toMatchObject({ title: 'Viaggio iniziato' });
  });
});
