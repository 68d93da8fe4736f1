import { z } from 'zod';
import type { Camelized } from '../wire-case.js';

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
export const MODEL_OUTCOMES = ['ok', 'timeout', 'provider_error', 'malformed', 'refused', 'no_model', 'aborted'] as const;

/** How one model call ended (see {@link MODEL_OUTCOMES}). */
export type ModelOutcome = (typeof MODEL_OUTCOMES)[number];

/**
 * The evidence one model call leaves, on the wire (snake_case): which task, under which prompt, on
 * which model, how long it took, what it cost and how it ended. The one schema of a model call in
 * every evidence that holds one: a turn result's `model_calls`, a suggestion's, a probe's.
 */
export const modelCallSchema = z
  .object({
    task: z.string().describe('e.g. `acknowledge`, `understand.verify`'),
    outcome: z.enum(MODEL_OUTCOMES),
    prompt_name: z.string().optional().describe('the prompt the call ran under: `acknowledge.it-IT`, `acknowledge`, or `built-in:acknowledge`'),
    prompt_hash: z.string().optional().describe('`sha256:` and 16 hex digits of the prompt text'),
    model_id: z.string().nullable().optional().describe('the configuration string of the model called; null when none is configured'),
    started_at: z.string().optional().describe('ISO 8601, UTC'),
    latency_ms: z.number().optional().describe('wall-clock milliseconds from start to outcome (0 when nothing was called)'),
    input_tokens: z.number().int().nullable().optional().describe('prompt tokens the provider reported'),
    output_tokens: z.number().int().nullable().optional().describe('completion tokens the provider reported'),
    error: z.string().optional().describe("for a failure: what went wrong, in the provider's or the parser's words"),
    raw: z.string().optional().describe('for `malformed`: what the model returned'),
  })
  .meta({ id: 'ModelCall', description: 'The evidence one model call leaves: task, prompt, model, latency, tokens, outcome.' });

/**
 * One model call as evidence holds it (camelCase): `task` and `outcome` always, the rest as the
 * caller recorded it. A host's own `understand` or writer seam reports its calls in this type; the
 * model layer's calls are {@link ModelCallRecord}s, which are this type with every member present.
 */
export type ModelCall = Camelized<z.output<typeof modelCallSchema>>;

/**
 * What the model layer records of every call it makes: a {@link ModelCall} with every member but
 * `error` and `raw` present. Persisted with the turn (or suggestion request) that made it, so a
 * reply can always be traced to the exact prompt text that produced it.
 */
export type ModelCallRecord = ModelCall & Required<Omit<ModelCall, 'error' | 'raw'>>;
