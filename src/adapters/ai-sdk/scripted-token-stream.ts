import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';

/** A provider stream that plays scripted tokens and counts how far it was read; for tests and benchmarks. */
export interface ScriptedTokenStream {
  /** The stream to hand back from a mock model's `doStream`. */
  readonly stream: ReadableStream<LanguageModelV3StreamPart>;
  /** How many text deltas the reader has pulled so far. */
  readonly pulledTokens: () => number;
  /** True once the reader cancelled the stream. */
  readonly cancelled: () => boolean;
}

/**
 * Plays `tokens` as one text part (`text-start`, a `text-delta` per token, `text-end`), then
 * `finish`, with `before` parts (e.g. a tool call) first. Parts are produced only when pulled,
 * as a provider reading its HTTP response would, so a reader that stops pulling stops it.
 */
export function scriptedTokenStream(tokens: readonly string[], before: readonly LanguageModelV3StreamPart[] = []): ScriptedTokenStream {
  const parts: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    ...before,
    { type: 'text-start', id: 't0' },
    ...tokens.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't0', delta })),
    { type: 'text-end', id: 't0' },
    {
      type: 'finish',
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: tokens.length, text: tokens.length, reasoning: 0 },
      },
    },
  ];
  let next = 0;
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<LanguageModelV3StreamPart>(
    {
      pull(controller) {
        const part = parts[next++];
        if (!part) return controller.close();
        if (part.type === 'text-delta') pulled++;
        controller.enqueue(part);
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulledTokens: () => pulled, cancelled: () => cancelled };
}
