import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockLanguageModelV3 } from 'ai/test';

/**
 * Scripted models built on the AI SDK's own mock, so tests and the offline replay of recorded
 * scenarios (`warrant replay` of suggestion recordings) exercise the real `generateText` path
 * without a network. Not part of the public API. Shipped code imports it, so it may depend only
 * on runtime dependencies (`ai/test`, Node's own modules), never on a test runner.
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
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
    )
    .join('\n');
}

/** One request a {@link startChatServer} server received: its path, `Authorization` header and JSON body. */
export interface ChatRequest {
  readonly path: string;
  readonly auth: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A scripted chat-completions server on loopback: its `/v1` base URL and how to stop it. */
export interface ChatServer {
  readonly baseURL: string;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (a free port) that hands each request, its body parsed, to
 * `reply`: the stand-in for an OpenAI-compatible endpoint in tests that drive the real provider.
 */
export async function startChatServer(reply: (request: ChatRequest, res: ServerResponse) => void): Promise<ChatServer> {
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    reply({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(text) as Record<string, unknown> }, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Answers `res` with a chat completion whose message is `content`, reporting the given token usage. */
export function sendCompletion(
  res: ServerResponse,
  content: string,
  { model = 'scripted', promptTokens = 100, completionTokens = 10 } = {},
): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    }),
  );
}
