import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { z } from 'zod';

/**
 * One recorded model output, as a model-turn fixture writes it:
 * - `{ "text": "…" }` or `{ "json": … }`: the model answered this (after `delay_ms`, default 0);
 * - `{ "error": "…" }`: the provider failed with this message;
 * - `{ "hang": true }`: the provider never answered;
 * - `{ "verdict": "pass" }` / `{ "verdict": "fail", "check": "…", "finding": "…" }`: a review
 *   answering every check it was asked, passing all or failing one;
 * - `{ "verdict": "faithful" }` / `{ "verdict": "unfaithful", "item": "act_0", "quote": "…" }`: a
 *   verifier finding every item faithful, or all but one.
 */
export const recordedOutputSchema = z.union([
  z.strictObject({ text: z.string(), delay_ms: z.number().int().nonnegative().optional() }),
  z.strictObject({ json: z.unknown(), delay_ms: z.number().int().nonnegative().optional() }),
  z.strictObject({ error: z.string() }),
  z.strictObject({ hang: z.literal(true) }),
  z.strictObject({ verdict: z.enum(['pass', 'faithful']) }),
  z.strictObject({ verdict: z.literal('fail'), check: z.string(), finding: z.string() }),
  z.strictObject({ verdict: z.literal('unfaithful'), item: z.string(), quote: z.string() }),
]);

/** One recorded model output (see {@link recordedOutputSchema}). */
export type RecordedOutput = z.infer<typeof recordedOutputSchema>;

/**
 * A language model that plays recorded outputs in order, one per call (the last repeats), so a
 * recorded turn replays through the real model layer with no provider. Verdicts are expanded
 * against the checks the call actually asked for, read from its response schema.
 */
export function recordedModel(task: string, outputs: readonly RecordedOutput[]): LanguageModelV3 {
  let calls = 0;
  return {
    specificationVersion: 'v3',
    provider: 'recorded',
    modelId: task,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
      const output = outputs[Math.min(calls++, outputs.length - 1)];
      if (!output) throw new Error(`no recorded output for ${task}`);
      if ('hang' in output) return new Promise<never>(() => undefined);
      if ('error' in output) throw new Error(output.error);
      if ('delay_ms' in output && output.delay_ms) await new Promise((resolve) => setTimeout(resolve, output.delay_ms));
      if ('text' in output) return answer(output.text);
      if ('json' in output) return answer(JSON.stringify(output.json));
      const keys = Object.keys((options.responseFormat as { schema?: { properties?: Record<string, unknown> } } | undefined)?.schema?.properties ?? {});
      const verdicts = keys.map((key): [string, unknown] => {
        switch (output.verdict) {
          case 'pass':
            return [key, { passes: true, finding: '' }];
          case 'fail':
            return [key, key === output.check ? { passes: false, finding: output.finding } : { passes: true, finding: '' }];
          case 'faithful':
            return [key, { faithful: true, note: '', quote: '' }];
          case 'unfaithful':
            return [key, key === output.item ? { faithful: false, note: 'not in the message', quote: output.quote } : { faithful: true, note: '', quote: '' }];
        }
      });
      return answer(JSON.stringify(Object.fromEntries(verdicts)));
    },
    async doStream() {
      throw new Error('a recorded model does not stream: Warrant never streams a reply');
    },
  };
}

function answer(text: string): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    },
    warnings: [],
  };
}
