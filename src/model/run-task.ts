import { WarrantError } from '../errors.js';
import { generateText, NoObjectGeneratedError, Output, type LanguageModelUsage } from 'ai';
import { z } from 'zod';
import type { ModelCallRecord, ModelOutcome } from '../evidence/model-call.js';
import type { Models } from './create-models.js';
import { resolvePrompt, type PromptSource } from './prompt-source.js';

/** What every task call is given. */

/**
 * What a task returns: its value with the call's record, or the reason it has none with the same
 * record. Never thrown: a provider failure is an expected outcome of every call.
 */
export type TaskResult<T> =
  | { readonly ok: true; readonly value: T; readonly call: ModelCallRecord }
  | { readonly ok: false; readonly reason: Exclude<ModelOutcome, 'ok'>; readonly call: ModelCallRecord };

export interface TextTaskOptions {
  /** The deployment's models (see {@link createModels}). */
  models: Models;
  /** The task's name; picks its model profile and its prompt. */
  task: string;
  /** The locale the model writes in, e.g. `it-IT`; also picks the locale's prompt first. Absent: no language is asked for. */
  locale?: string;
  /** The built-in English instructions, used when the prompt source has none for the task. */
  instructions: string;
  /** JSON-serialisable material shown to the model: everything it may rest on, and nothing else. */
  input: unknown;
  /** The deployment's prompts, consulted before the built-in instructions. */
  prompts?: PromptSource;
  /** An upper bound on this call in milliseconds (e.g. what is left of a turn's deadline); the profile's `timeoutMs` still applies when smaller. */
  timeoutMs?: number;
  /** Ends the call early with the outcome `aborted` (passed on to the provider). */
  signal?: AbortSignal | undefined;
}

/** What a structured task call is given: the above and the zod schema its answer must match. */
export interface ObjectTaskOptions<T> extends TextTaskOptions {
  /** The shape of the answer. An answer that is not JSON, or does not match, is `malformed`. */
  schema: z.ZodType<T>;
}

/**
 * Calls the task's model for one JSON object matching `schema`. Every failure is a value: no
 * model configured, a timeout, a provider error, a refusal, output that does not parse or does
 * not match (its raw text kept). The call is made once: a retry is the caller's decision, so a
 * turn's model calls stay bounded.
 */
export async function runObjectTask<T>(options: ObjectTaskOptions<T>): Promise<TaskResult<T>> {
  return runTask(options, options.schema);
}

/** Calls the task's model for text; an empty answer is `malformed`. Otherwise as {@link runObjectTask}. */
export async function runTextTask(options: TextTaskOptions): Promise<TaskResult<string>> {
  return runTask(options, undefined);
}

/** A model that gave no answer in time; becomes the `timeout` outcome of the task's result. */
class ModelTimeoutError extends WarrantError {
  constructor(message: string) {
    super('model', message);
    this.name = 'ModelTimeoutError';
  }
}

async function runTask<T>(
  { models, task, locale, instructions, input, prompts, timeoutMs, signal: caller }: TextTaskOptions,
  schema: z.ZodType<T> | undefined,
): Promise<TaskResult<T>> {
  const taskModel = models.forTask(task);
  const prompt = await resolvePrompt(task, locale, prompts, instructions);
  const startedAt = new Date();
  const t0 = performance.now();
  const record = (outcome: ModelOutcome, extra: Partial<ModelCallRecord> = {}): ModelCallRecord => ({
    task,
    promptName: prompt.name,
    promptHash: prompt.hash,
    modelId: taskModel.modelId,
    startedAt: startedAt.toISOString(),
    latencyMs: Math.round((performance.now() - t0) * 100) / 100,
    inputTokens: null,
    outputTokens: null,
    outcome,
    ...extra,
  });
  const fail = (reason: Exclude<ModelOutcome, 'ok'>, extra: Partial<ModelCallRecord> = {}): TaskResult<T> => ({
    ok: false,
    reason,
    call: record(reason, extra),
  });

  if (!taskModel.model) return fail('no_model', { latencyMs: 0, error: `no model is configured for the task "${task}"` });
  if (caller?.aborted) return fail('aborted', { latencyMs: 0, error: 'aborted before the call started' });

  const limitMs = Math.max(0, Math.min(taskModel.timeoutMs, timeoutMs ?? Number.POSITIVE_INFINITY));
  const controller = new AbortController();
  let ended: 'timeout' | 'aborted' | undefined;
  // A provider that ignores its abort signal must not hold the caller: the race below ends the
  // wait whether or not the request itself stops.
  const stopped = new Promise<never>((_, reject) => {
    const stop = (why: 'timeout' | 'aborted', reason: unknown) => {
      ended ??= why;
      controller.abort(reason);
      reject(reason);
    };
    const timer = setTimeout(() => stop('timeout', new ModelTimeoutError(`no answer within ${limitMs} ms`)), limitMs);
    const onAbort = () => stop('aborted', caller?.reason ?? new Error('aborted'));
    caller?.addEventListener('abort', onAbort, { once: true });
    controller.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onAbort);
    });
  });
  stopped.catch(() => undefined);

  const call = generateText({
    model: taskModel.model,
    system: prompt.text,
    prompt: userMessage(locale, input, schema),
    ...(taskModel.temperature === undefined ? {} : { temperature: taskModel.temperature }),
    maxRetries: 0,
    abortSignal: controller.signal,
    ...(schema
      ? {
          output: Output.object({ schema }),
          // OpenAI's strict mode refuses schemas with optional properties or open records (an act's
          // values); the answer is validated against the zod schema here in any case.
          providerOptions: { openai: { strictJsonSchema: false } },
        }
      : {}),
  });

  try {
    const result = await Promise.race([call, stopped]);
    const usage = tokens(result.usage);
    if (result.finishReason === 'content-filter') {
      return fail('refused', { ...usage, error: 'the provider filtered the answer', raw: result.text });
    }
    if (schema) {
      // generateText leaves no output when the model stopped without text (e.g. at its length limit).
      let value: T;
      try {
        value = result.output as T;
      } catch {
        return fail('malformed', { ...usage, error: `no object in the answer (finish reason ${result.finishReason})`, raw: result.text });
      }
      return { ok: true, value, call: record('ok', usage) };
    }
    const text = result.text.trim();
    if (!text) return fail('malformed', { ...usage, error: `no text in the answer (finish reason ${result.finishReason})`, raw: result.text });
    return { ok: true, value: text as T, call: record('ok', usage) };
  } catch (error) {
    if (ended) return fail(ended, { error: errorMessage(error) });
    if (NoObjectGeneratedError.isInstance(error)) {
      const usage = tokens(error.usage);
      if (error.finishReason === 'content-filter') {
        return fail('refused', { ...usage, error: 'the provider filtered the answer', raw: error.text ?? '' });
      }
      return fail('malformed', { ...usage, error: errorMessage(error), raw: error.text ?? '' });
    }
    return fail('provider_error', { error: errorMessage(error) });
  } finally {
    controller.abort();
  }
}

function userMessage(locale: string | undefined, input: unknown, schema: z.ZodType | undefined): string {
  const parts: string[] = [];
  if (locale) parts.push(`Write in ${languageName(locale)} (locale ${locale}).`);
  parts.push(`Material (JSON):\n${JSON.stringify(input, null, 2)}`);
  if (schema) {
    const jsonSchema = describeSchema(schema);
    parts.push(
      jsonSchema ? `Answer with one JSON object and nothing else, matching this JSON Schema:\n${jsonSchema}` : 'Answer with one JSON object and nothing else.',
    );
  }
  return parts.join('\n\n');
}

function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

function describeSchema(schema: z.ZodType): string | undefined {
  try {
    return JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    return undefined;
  }
}

function tokens(usage: LanguageModelUsage | undefined): Pick<ModelCallRecord, 'inputTokens' | 'outputTokens'> {
  return { inputTokens: usage?.inputTokens ?? null, outputTokens: usage?.outputTokens ?? null };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
