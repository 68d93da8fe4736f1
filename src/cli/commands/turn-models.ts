import { resolve } from 'node:path';
import { createModels, folderPromptSource, modelSettingsFromEnv, type ModelSettings } from '../../model/index.js';
import { createModelUnderstand, createModelWriter } from '../../turn/model/index.js';
import { transitionOf, type TurnResult } from '../../turn/turn-result.js';
import type { TurnWriter } from '../../turn/writer.js';
import type { Understand } from '../../turn/understand.js';
import type { CliIo } from '../io.js';

/**
 * What `warrant turn` runs its turns with, from the environment (`WARRANT_MODEL` and the rest, see
 * `modelSettingsFromEnv`): a model-backed `understand` always, so a turn given as a message is read
 * when a model is configured and reported unread when none is; a model-backed writer only when
 * some model is configured, so with none the reply is code's own words as it always was.
 */
export function turnModels(io: CliIo, promptsDir?: string): { understand: Understand; writer?: TurnWriter } {
  const settings = modelSettingsFromEnv(io.env);
  const models = createModels(settings);
  const prompts = promptsDir ? folderPromptSource(resolve(io.cwd, promptsDir)) : undefined;
  const options = { models, ...(prompts ? { prompts } : {}) };
  return {
    understand: createModelUnderstand(options),
    ...(anyModel(settings) ? { writer: createModelWriter(options) } : {}),
  };
}

/** Sentences for stderr saying what no model could do in `result`, and why. */
export function modelNotes(result: TurnResult): string[] {
  const notes: string[] = [];
  const why = (reason: string) => (reason === 'no_model' ? 'no model is configured; set WARRANT_MODEL' : reason);
  const failure = result.evidence.understandingFailure;
  if (failure) notes.push(`warrant: the message could not be read (${why(failure)}), so nothing in it was acted on`);
  const { fallbackReason } = transitionOf(result);
  if (fallbackReason) notes.push(`warrant: the reply is in code's own words (${why(fallbackReason)})`);
  return notes;
}

function anyModel(settings: ModelSettings): boolean {
  return Boolean(settings.default?.model) || Object.values(settings.tasks ?? {}).some((p) => Boolean(p.model));
}
