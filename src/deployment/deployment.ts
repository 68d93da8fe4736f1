import { resolve } from 'node:path';
import { modelParaphrases, type ParaphraseSource } from '../probe/index.js';
import { createModels, type CreateModelsOptions, type Models } from '../model/create-models.js';
import { modelSettingsFromEnv } from '../model/model-settings-from-env.js';
import type { ModelSettings } from '../model/model-settings.js';
import { folderPromptSource, type PromptSource } from '../model/prompt-source.js';
import { modelSkills } from '../suggest/model-skills.js';
import { SKILL_TASKS, type SuggestSkills } from '../suggest/suggest-skills.js';
import { createModelUnderstand } from '../turn/model/model-understand.js';
import { createModelWriter } from '../turn/model/model-writer.js';
import type { Understand } from '../turn/understand.js';
import type { TurnWriter } from '../turn/writer.js';

/**
 * Every model-backed seam of one deployment, built once from one model configuration and one
 * prompt source, and handed whole to each command and to the server: what a turn, a suggestion
 * request and a probe run with can no longer differ by who wired them.
 */
export interface Deployment {
  /** The models, resolved per task (see `createModels`). */
  readonly models: Models;
  /** The deployment's prompts (a `--prompts` folder), consulted by every task before its built-in ones. */
  readonly prompts: PromptSource | undefined;
  /**
   * Reads a turn's message. Always present, so a message is read when the `understand` task has
   * a model and reported unread (`no_model`) when it has none.
   */
  readonly understand: Understand;
  /**
   * Writes the words around a committed turn; present only when a task the writer calls first
   * (`answer`, `acknowledge`) has a model. With none, code's own words stand and no call is made
   * — a deployment configuring only the suggestion skills does not make dead turn calls.
   */
  readonly writer: TurnWriter | undefined;
  /** The suggestion skills; `null` unless every skill task has a model (every gate still runs). */
  readonly skills: SuggestSkills | null;
  /** The probe's paraphrase attacks (the `probe` task); with no model it reports itself skipped. */
  readonly paraphrase: ParaphraseSource;
}

/** Options of {@link createDeployment}: the prompts and the models a host supplies itself. */
export interface DeploymentOptions extends CreateModelsOptions {
  /** The deployment's prompts (see `folderPromptSource`). Default: the built-in ones. */
  readonly prompts?: PromptSource;
}

/** Options of {@link deploymentFromEnv}. */
export interface DeploymentFromEnvOptions extends CreateModelsOptions {
  /** A prompt folder (`--prompts`), resolved against `cwd`. Default: the built-in prompts. */
  readonly promptsDir?: string;
  /** The folder `promptsDir` is relative to. Default: the process's working folder. */
  readonly cwd?: string;
  /** Told of each model variable spelt the deprecated way (see `modelSettingsFromEnv`). */
  readonly onDeprecated?: (message: string) => void;
}

/** The tasks a turn's writer calls first: without a model for one of them, a writer only makes dead calls. */
const WRITER_TASKS = ['answer', 'acknowledge'] as const;

/**
 * Builds the deployment's seams from model settings: `createModels` runs once, here, so a model
 * string that cannot be resolved refuses the deployment (a `ConfigurationError`) before it serves.
 */
export function createDeployment(settings: ModelSettings, { prompts, ...modelOptions }: DeploymentOptions = {}): Deployment {
  const models = createModels(settings, modelOptions);
  const seamOptions = { models, ...(prompts ? { prompts } : {}) };
  const hasModel = (task: string) => models.forTask(task).model !== undefined;
  return {
    models,
    prompts,
    understand: createModelUnderstand(seamOptions),
    writer: WRITER_TASKS.some(hasModel) ? createModelWriter(seamOptions) : undefined,
    skills: Object.values(SKILL_TASKS).every(hasModel) ? modelSkills(seamOptions) : null,
    paraphrase: modelParaphrases(seamOptions),
  };
}

/**
 * The deployment the environment configures (`WARRANT_MODEL…`, see `modelSettingsFromEnv`) with
 * the prompts of `promptsDir`: what `warrant serve`, `start`, `turn`, `suggest` and `probe` each
 * build once and run with.
 */
export function deploymentFromEnv(
  env: Record<string, string | undefined>,
  { promptsDir, cwd = process.cwd(), onDeprecated, ...modelOptions }: DeploymentFromEnvOptions = {},
): Deployment {
  const settings = modelSettingsFromEnv(env, onDeprecated ? { onDeprecated } : {});
  const prompts = promptsDir === undefined ? undefined : folderPromptSource(resolve(cwd, promptsDir));
  return createDeployment(settings, { ...modelOptions, ...(prompts ? { prompts } : {}) });
}

/** The skill tasks of `deployment` with no model, in the order the pipeline calls them. */
export function skillTasksWithoutModel({ models }: Pick<Deployment, 'models'>): string[] {
  return Object.values(SKILL_TASKS).filter((task) => models.forTask(task).model === undefined);
}

/** The seams a turn runtime takes from `deployment`: its `understand` and, when there is one, its writer. */
export function turnSeamsOf({ understand, writer }: Pick<Deployment, 'understand' | 'writer'>): { understand: Understand; writer?: TurnWriter } {
  return { understand, ...(writer ? { writer } : {}) };
}
