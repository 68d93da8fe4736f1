import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';

/*
 * Scripted models built on the AI SDK's own mock, so tests (a host's and Warrant's) and the
 * offline replay of recorded scenarios exercise the real `generateText` path without a network.
 * Public through `warrant/testing` only: it loads `ai/test`, which no production entry point may.
 * Shipped code imports it, so it may depend only on runtime dependencies (`ai/test`, Node's own
 * modules), never on a test runner.
 */

/** A provider answer carrying `text`, with token usage `inputTokens`/`outputTokens`. */
export function modelAnswer(
  text: string,
  { inputTokens = 10, outputTokens = 5, finishReason = 'stop' as LanguageModelV3GenerateResult['finishReason']['unified'] } = {},
): LanguageModelV3GenerateResult {
  return {
    content: text ? [{ type: 'text', text }] : [],
    finishReason: { unified: finishReason, raw: finishReason },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: outputTokens, text: outputTokens, reasoning: undefined },
    },
    warnings: [],
  };
}

/** One scripted step: an answer, an error to throw, `'hang'` to never answer, or a function of the call. */
export type ScriptStep =
  | string
  | Error
  | 'hang'
  | ((options: LanguageModelV3CallOptions) => LanguageModelV3GenerateResult | Promise<LanguageModelV3GenerateResult>);

/**
 * A mock model that plays `steps` in order, one per call (the last repeats), optionally after
 * `delayMs`. `'hang'` never resolves and ignores its abort signal, as a stuck provider would.
 */
export function scriptedModel(steps: readonly ScriptStep[], { delayMs = 0, modelId = 'scripted' } = {}): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    modelId,
    doGenerate: async (options) => {
      const step = steps[Math.min(index++, steps.length - 1)];
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (step === undefined) throw new Error('the script has no steps');
      if (step === 'hang') return new Promise<never>(() => undefined);
      if (step instanceof Error) throw step;
      if (typeof step === 'function') return step(options);
      return modelAnswer(step);
    },
  });
}

/** The text of every message a mock model was sent on its `n`th call (system and user), joined. */
export function promptText(model: MockLanguageModelV3, n = 0): string {
  const call = model.doGenerateCalls[n];
  if (!call) throw new Error(`the model was called ${model.doGenerateCalls.length} times, not ${n + 1}`);
  return call.prompt
    .map((message) => (typeof message.content === 'string' ? message.content : message.content.map((part) => ('text' in part ? part.text : '')).join('')))
    .join('\n');
}
