import type { LanguageModelV3 } from '@ai-sdk/provider';
import { ConfigurationError, jsonPath, parseConfiguration } from '../errors.js';
import { builtInModelRegistry, MODEL_PROVIDERS, type ModelRegistry } from './model-registry.js';
import { modelSettingsSchema, taskKey, type ModelSettings } from './model-settings.js';

/** Default {@link ModelProfile.timeoutMs}: a slow local model answers within it, a person still waits for it. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What a task runs with once its profile is laid over the default. */
export interface TaskModel {
  /** The task's name as asked for. */
  readonly task: string;
  /** The model to call; `undefined` when none is configured for the task. */
  readonly model: LanguageModelV3 | undefined;
  /**
   * The model's id as recorded with each call: its configuration string, or `provider:modelId`
   * of a model object a host handed in; `null` with no model.
   */
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
  /**
   * Resolves configuration strings to models, e.g. the host's own
   * `createProviderRegistry({ … })` from the AI SDK. Default: {@link builtInModelRegistry} over
   * the settings' API keys (`openai:`, `anthropic:`, `openai-compatible:`).
   */
  registry?: ModelRegistry;
}

/**
 * Resolves every task's model and profile from `settings`. Each configuration string is checked
 * and its provider built once, here, so a misconfigured deployment fails when it starts (with an
 * {@link ConfigurationError} naming the setting) rather than on its first turn.
 */
export function createModels(settings: ModelSettings = {}, { languageModels = {}, registry }: CreateModelsOptions = {}): Models {
  const checked = parseConfiguration(modelSettingsSchema, settings, 'model settings');
  const resolver = registry ?? builtInModelRegistry(checked.apiKeys ?? {});
  const built = new Map<string, LanguageModelV3>();
  const modelFor = (model: string | LanguageModelV3, path: string): LanguageModelV3 => {
    if (typeof model !== 'string') return model;
    const supplied = languageModels[model] ?? built.get(model);
    if (supplied) return supplied;
    const resolved = resolveModel(resolver, model, path);
    built.set(model, resolved);
    return resolved;
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
      const model = profile.model === undefined ? undefined : modelFor(profile.model, '$');
      resolved = {
        task,
        model,
        modelId: profile.model === undefined ? null : typeof profile.model === 'string' ? profile.model : `${profile.model.provider}:${profile.model.modelId}`,
        temperature: profile.temperature,
        timeoutMs: profile.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        review: profile.review ?? true,
      };
      cache.set(task, resolved);
      return resolved;
    },
  };
}

/** A configuration string resolved through the registry; what it cannot resolve is refused at `path`. */
function resolveModel(registry: ModelRegistry, id: string, path: string): LanguageModelV3 {
  if (!id.includes(':')) {
    throw new ConfigurationError('model settings configured wrong', {
      issues: [{ path, message: `"${id}" names no provider; expected ${MODEL_PROVIDERS.map((p) => `"${p}:…"`).join(', ')}` }],
    });
  }
  try {
    return registry.languageModel(id);
  } catch (error) {
    throw new ConfigurationError('model settings configured wrong', {
      cause: error,
      issues: [{ path, message: `"${id}": ${(error as Error)?.message ?? String(error)}` }],
    });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
