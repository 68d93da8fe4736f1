import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { InputError, jsonPath, parseInput } from '../errors.js';
import { parseModelConfig, type ModelConfig } from './model-config.js';
import { modelSettingsSchema, taskKey, type ModelApiKeys, type ModelSettings } from './model-settings.js';

/** Default {@link ModelProfile.timeoutMs}: a slow local model answers within it, a person still waits for it. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What a task runs with once its profile is laid over the default. */
export interface TaskModel {
  /** The task's name as asked for. */
  readonly task: string;
  /** The model to call; `undefined` when none is configured for the task. */
  readonly model: LanguageModelV3 | undefined;
  /** The configuration string of that model, recorded as the call's model id; `null` with no model. */
  readonly modelId: string | null;
  /** Sampling temperature; `undefined` leaves the provider's own. */
  readonly temperature: number | undefined;
  /** Milliseconds before a call times out. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs: number;
  /** Whether written replies are reviewed. Default `true`. */
  readonly review: boolean;
}

/** The models of a deployment, resolved per task. Made by {@link createModels}. */
export interface Models {
  /** The model and profile `task` runs with. Same task name, same object. */
  forTask(task: string): TaskModel;
}

/** Options of {@link createModels}. */
export interface CreateModelsOptions {
  /**
   * Models a host (or a test) supplies itself, by configuration string: a profile naming one of
   * these keys runs on the supplied model, and no provider is built for it. Lets tests use the AI
   * SDK's mock models and hosts wrap models with their own middleware.
   */
  languageModels?: Record<string, LanguageModelV3>;
}

/**
 * Resolves every task's model and profile from `settings`. Each configuration string is checked
 * and its provider built once, here, so a misconfigured deployment fails when it starts (with an
 * {@link InputError} naming the setting) rather than on its first turn.
 */
export function createModels(settings: ModelSettings = {}, { languageModels = {} }: CreateModelsOptions = {}): Models {
  const checked = parseInput(modelSettingsSchema, settings, 'model settings');
  const built = new Map<string, LanguageModelV3>();
  const modelFor = (configString: string, path: string): LanguageModelV3 => {
    const supplied = languageModels[configString];
    if (supplied) return supplied;
    let model = built.get(configString);
    if (!model) {
      const config = parseModelConfig(configString);
      if ('problem' in config) throw new InputError('model settings', [{ path, message: config.problem }]);
      model = buildModel(config, checked.apiKeys ?? {}, path);
      built.set(configString, model);
    }
    return model;
  };

  const taskProfiles = new Map(Object.entries(checked.tasks ?? {}).map(([name, profile]) => [taskKey(name), { name, profile }]));
  if (checked.default?.model) modelFor(checked.default.model, '$.default.model');
  for (const { name, profile } of taskProfiles.values()) {
    if (profile.model) modelFor(profile.model, jsonPath(['tasks', name, 'model']));
  }

  const cache = new Map<string, TaskModel>();
  return {
    forTask(task) {
      let resolved = cache.get(task);
      if (resolved) return resolved;
      const own = taskProfiles.get(taskKey(task))?.profile ?? {};
      const profile = { ...checked.default, ...stripUndefined(own) };
      const modelId = profile.model ?? null;
      resolved = {
        task,
        model: modelId === null ? undefined : modelFor(modelId, '$'),
        modelId,
        temperature: profile.temperature,
        timeoutMs: profile.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        review: profile.review ?? true,
      };
      cache.set(task, resolved);
      return resolved;
    },
  };
}

function buildModel(config: ModelConfig, apiKeys: ModelApiKeys, path: string): LanguageModelV3 {
  switch (config.provider) {
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.baseURL,
        ...(apiKeys.openaiCompatible ? { apiKey: apiKeys.openaiCompatible } : {}),
        includeUsage: true,
      })(config.modelName);
    case 'openai':
      if (!apiKeys.openai) throw missingKey(path, 'openai', 'OPENAI_API_KEY');
      return createOpenAI({ apiKey: apiKeys.openai })(config.modelName);
    case 'anthropic':
      if (!apiKeys.anthropic) throw missingKey(path, 'anthropic', 'ANTHROPIC_API_KEY');
      return createAnthropic({ apiKey: apiKeys.anthropic })(config.modelName);
  }
}

function missingKey(path: string, provider: string, variable: string): InputError {
  return new InputError('model settings', [
    { path, message: `an ${provider}: model needs an API key (apiKeys.${provider}, or ${variable} in the environment)` },
  ]);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
