import type { LanguageModelV3 } from '@ai-sdk/provider';
import { z } from 'zod';

/** A language model object of the AI SDK's v3 specification, as `wrapLanguageModel` returns. */
function isLanguageModel(value: unknown): value is LanguageModelV3 {
  const model = value as Partial<LanguageModelV3> | null;
  return (
    typeof model === 'object' &&
    model !== null &&
    model.specificationVersion === 'v3' &&
    typeof model.doGenerate === 'function' &&
    typeof model.doStream === 'function'
  );
}

/**
 * How one task calls its model. Every field is optional; a task's own profile is laid over the
 * default profile field by field.
 */
export interface ModelProfile {
  /**
   * The task's model: a language model object (e.g. one the host already wrapped with
   * `wrapLanguageModel`), or a configuration string resolved through the provider registry
   * (`openai:gpt-4o-mini`, `anthropic:claude-sonnet-4-5`,
   * `openai-compatible:http://127.0.0.1:11434/v1#llama3.1`; see `builtInModelRegistry`).
   * Absent everywhere: the task runs with no model.
   */
  model?: string | LanguageModelV3;
  /** Sampling temperature. Default: the provider's own, since some reasoning models refuse any other. */
  temperature?: number;
  /** Milliseconds before a call counts as timed out. Default 30 000: long enough for a slow local model, short enough for a person waiting. */
  timeoutMs?: number;
  /** Whether a written reply is reviewed before it is shown (the acknowledgement's profile). Default `true`. */
  review?: boolean;
}

/** API keys for the hosted providers; the OpenAI-compatible key is optional (local servers need none). */
export interface ModelApiKeys {
  /** For `openai:` models. */
  openai?: string;
  /** For `anthropic:` models. */
  anthropic?: string;
  /** Sent as a bearer token to an `openai-compatible:` server, when set. */
  openaiCompatible?: string;
}

/**
 * The model configuration of a deployment: a default profile and, per task, a profile laid over
 * it. Task keys match task names case-insensitively with any run of non-alphanumerics equal, so
 * `understand.verify` and `UNDERSTAND_VERIFY` (as an environment variable spells it) are one task.
 */
export interface ModelSettings {
  /** The profile every task starts from. */
  default?: ModelProfile;
  /** Per task name, what differs from the default. */
  tasks?: Record<string, ModelProfile>;
  /** Credentials for the providers named in the profiles. */
  apiKeys?: ModelApiKeys;
}

/**
 * The wire shape of {@link ModelProfile}: strict, so a misspelt key is an error rather than ignored.
 * Model strings are checked by `createModels`, which also knows the host's own models.
 */
export const modelProfileSchema = z.strictObject({
  model: z
    .custom<string | LanguageModelV3>((value) => (typeof value === 'string' && value.length > 0) || isLanguageModel(value), {
      message: 'expected a configuration string or a language model object (specificationVersion "v3")',
    })
    .optional(),
  temperature: z.number().min(0).max(2).optional(),
  timeoutMs: z.number().int().positive().optional(),
  review: z.boolean().optional(),
});

/** The wire shape of {@link ModelSettings}. */
export const modelSettingsSchema = z.strictObject({
  default: modelProfileSchema.optional(),
  tasks: z.record(z.string(), modelProfileSchema).optional(),
  apiKeys: z
    .strictObject({
      openai: z.string().optional(),
      anthropic: z.string().optional(),
      openaiCompatible: z.string().optional(),
    })
    .optional(),
});

/** The key a task name is filed under: lower case, each run of other characters one `_`. */
export function taskKey(task: string): string {
  return task.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}
