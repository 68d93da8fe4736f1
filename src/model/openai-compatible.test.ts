import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModels } from './create-models.js';
import { runObjectTask, runTextTask } from './run-task.js';
import { sendCompletion, startChatServer, type ChatRequest, type ChatServer } from './testing.js';

/**
 * End to end over HTTP: the real `@ai-sdk/openai-compatible` provider, built from a configuration
 * string, against a scripted chat-completions server on loopback that this test starts.
 */
describe('openai-compatible provider over HTTP', () => {
  const requests: ChatRequest[] = [];
  const replies: ((res: ServerResponse) => void)[] = [];
  let baseURL = '';
  let server: ChatServer;

  const completion = (content: string) => (res: ServerResponse) =>
    sendCompletion(res, content, { model: 'scripted-llm', promptTokens: 42, completionTokens: 7 });

  beforeAll(async () => {
    server = await startChatServer((request, res) => {
      requests.push(request);
      const reply = replies.shift();
      if (reply) reply(res);
      else res.writeHead(500).end('no scripted reply');
    });
    baseURL = server.baseURL;
  });
  afterAll(() => server.close());

  it('a structured task travels as a chat completion and comes back parsed, with tokens recorded', async () => {
    const models = createModels({
      default: { model: `openai-compatible:${baseURL}#scripted-llm`, temperature: 0 },
      apiKeys: { openaiCompatible: 'local-key' },
    });
    replies.push(completion(JSON.stringify({ passes: true })));
    const result = await runObjectTask({
      models,
      task: 'review',
      locale: 'en-GB',
      instructions: 'Check the reply.',
      input: { reply: 'Done.' },
      schema: z.strictObject({ passes: z.boolean() }),
    });
    expect(result).toMatchObject({
      ok: true,
      value: { passes: true },
      call: { modelId: `openai-compatible:${baseURL}#scripted-llm`, inputTokens: 42, outputTokens: 7, outcome: 'ok' },
    });
    const request = requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.auth).toBe('Bearer local-key');
    expect(request.body).toMatchObject({ model: 'scripted-llm', temperature: 0 });
    expect(JSON.stringify(request.body.messages)).toContain('Check the reply.');
  });

  it('an HTTP error from the server is a provider_error value', async () => {
    const models = createModels({ default: { model: `openai-compatible:${baseURL}#scripted-llm` } });
    replies.push((res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}'));
    const result = await runTextTask({ models, task: 'answer', instructions: 'Answer.', input: {} });
    expect(result).toMatchObject({ ok: false, reason: 'provider_error' });
    expect(result.call.error).toContain('overloaded');
  });

  it('malformed JSON from the server is a malformed value with the raw text', async () => {
    const models = createModels({ default: { model: `openai-compatible:${baseURL}#scripted-llm` } });
    replies.push(completion('Sure! {"passes": tru'));
    const result = await runObjectTask({ models, task: 'review', instructions: 'Check.', input: {}, schema: z.strictObject({ passes: z.boolean() }) });
    expect(result).toMatchObject({ ok: false, reason: 'malformed', call: { raw: 'Sure! {"passes": tru' } });
  });

  it('a server that never answers times out', async () => {
    const models = createModels({ default: { model: `openai-compatible:${baseURL}#scripted-llm`, timeoutMs: 100 } });
    const hung: ServerResponse[] = [];
    replies.push((res) => hung.push(res));
    const result = await runTextTask({ models, task: 'answer', instructions: 'Answer.', input: {} });
    expect(result.ok ? 'ok' : result.reason).toBe('timeout');
    for (const res of hung) res.destroy();
  });
});
