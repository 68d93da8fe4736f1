import type { LanguageModelV3 } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { createModels } from '../model/create-models.js';
import type { ModelSettings } from '../model/model-settings.js';
import { modelAnswer } from '../model/scripted-model.js';
import { modelSkills } from './model-skills.js';
import type { SuggestSkills } from './suggest-skills.js';

/*
 * Suggestion skills over scripted models: what the replay of a recorded suggestion request and a
 * host's tests run instead of a provider. Public through `warrant/testing` only (it loads `ai/test`).
 */

/** Per skill task (`SKILL_TASKS`), the answers its model gives, one per call in order; the last repeats. */
export type SkillOutputs = Readonly<Partial<Record<string, readonly unknown[]>>>;

/**
 * A mock model answering each call with the next recorded output (serialised as JSON), reporting
 * no tokens (a recording's evidence must not depend on made-up usage); the last repeats.
 */
function recordedOutputsModel(task: string, outputs: readonly unknown[]): MockLanguageModelV3 {
  let call = 0;
  return new MockLanguageModelV3({
    modelId: `fixture:${task}`,
    doGenerate: async () => {
      const output = outputs[Math.min(call++, outputs.length - 1)];
      return modelAnswer(typeof output === 'string' ? output : JSON.stringify(output), { inputTokens: 0, outputTokens: 0 });
    },
  });
}

/**
 * The skills a fixture's recorded outputs drive: the real model layer (createModels,
 * runObjectTask, structured output parsing) over scripted mock models, one per skill task.
 * `null` when the fixture records no outputs: the request runs with no model configured.
 */
export function fixtureSkills(outputs: SkillOutputs | undefined): SuggestSkills | null {
  return outputs ? scriptedSkills(outputs).skills : null;
}

/**
 * The skills over scripted mock models, with the mock of each skill task (keyed by task name) so
 * a caller can read what each model was sent.
 */
export function scriptedSkills(outputs: SkillOutputs): {
  skills: SuggestSkills;
  models: Record<string, MockLanguageModelV3>;
} {
  const languageModels: Record<string, LanguageModelV3> = {};
  const models: Record<string, MockLanguageModelV3> = {};
  const settings: ModelSettings = { tasks: {} };
  for (const [task, answers] of Object.entries(outputs)) {
    if (!answers) continue;
    const key = `fixture:${task}`;
    models[task] = recordedOutputsModel(task, answers);
    languageModels[key] = models[task];
    settings.tasks![task] = { model: key };
  }
  return { skills: modelSkills({ models: createModels(settings, { languageModels }) }), models };
}
