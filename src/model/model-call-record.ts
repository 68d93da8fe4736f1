/**
 * How one model call ended. `ok` is the only success; every other value is a failure the caller
 * handles as a value (usually by falling back to code's own words):
 * - `timeout`: the call outlived its `timeoutMs`;
 * - `provider_error`: the provider answered with an error or could not be reached;
 * - `malformed`: the model answered, but not in the shape asked for (the raw text is kept);
 * - `refused`: the provider's content filter stopped the answer;
 * - `no_model`: no model is configured for the task, so nothing was called;
 * - `aborted`: the caller's abort signal fired (for example the turn's deadline passed).
 */
export type ModelOutcome = 'ok' | 'timeout' | 'provider_error' | 'malformed' | 'refused' | 'no_model' | 'aborted';

/** Every outcome, in a stable order (for schemas and documentation). */
export const MODEL_OUTCOMES = [
  'ok',
  'timeout',
  'provider_error',
  'malformed',
  'refused',
  'no_model',
  'aborted',
] as const satisfies readonly ModelOutcome[];

/**
 * The evidence one model call leaves: which task, under which prompt, on which model, how long it
 * took, what it cost and how it ended. Persisted with the turn (or suggestion request) that made
 * it, so a reply can always be traced to the exact prompt text that produced it.
 */
export interface ModelCallRecord {
  /** The task's name, e.g. `acknowledge` or `understand.verify`. */
  readonly task: string;
  /** The prompt the call ran under: `acknowledge.it-IT`, `acknowledge`, or `built-in:acknowledge`. */
  readonly promptName: string;
  /** `sha256:` and the first 16 hex digits of the prompt text's SHA-256, to tell edited prompts apart. */
  readonly promptHash: string;
  /** The configuration string of the model called (e.g. `openai:gpt-4o-mini`); `null` when none is configured. */
  readonly modelId: string | null;
  /** When the call started, ISO 8601 in UTC. */
  readonly startedAt: string;
  /** Wall-clock milliseconds from start to outcome (0 when nothing was called). */
  readonly latencyMs: number;
  /** Prompt tokens the provider reported; `null` when it reported none. */
  readonly inputTokens: number | null;
  /** Completion tokens the provider reported; `null` when it reported none. */
  readonly outputTokens: number | null;
  /** How the call ended. */
  readonly outcome: ModelOutcome;
  /** For a failure: what went wrong, in the provider's or the parser's words. */
  readonly error?: string;
  /** For a `malformed` outcome: the text the model returned, kept as evidence. */
  readonly raw?: string;
}

/**
 * What a task returns: its value with the call's record, or the reason it has none with the same
 * record. Never thrown: a provider failure is an expected outcome of every call.
 */
export type TaskResult<T> =
  | { readonly ok: true; readonly value: T; readonly call: ModelCallRecord }
  | { readonly ok: false; readonly reason: Exclude<ModelOutcome, 'ok'>; readonly call: ModelCallRecord };
