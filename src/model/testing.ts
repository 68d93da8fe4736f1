import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Test helpers: a scripted OpenAI-compatible endpoint on loopback, for tests that drive the real
 * provider over HTTP. Not part of the public API (the scripted models hosts use are in
 * `warrant/testing`).
 */

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
export function sendCompletion(res: ServerResponse, content: string, { model = 'scripted', promptTokens = 100, completionTokens = 10 } = {}): void {
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
