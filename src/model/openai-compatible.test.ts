import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createModels } from './create-models.js';
import { runObjectTask, runTextTask } from './run-task.js';

/**
 * End to end over HTTP: the real `@ai-sdk/openai-compatible` provider, built from a configuration
 * string, against a scripted chat-completions server on loopback that this test starts.
 */
describe('openai-compatible provider over HTTP', () => {
  const requests: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  const replies: ((res: ServerResponse) => void)[] = [];
  let baseURL = '';
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    requests.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(text) as Record<string, unknown> });
    const reply = replies.shift();
    if (reply) reply(res);
    else res.writeHead(500).end('no scripted reply');
  });

  const completion = (content: string) => (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'scripted-llm',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
      }),
    );
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a structured task travels as a chat completion and comes back parsed, with tokens recorded', async () => {
    const models = createModels({ default: { model: `openai-compatible:${baseURL}#scripted-llm`, temperature: 0 }, apiKeys: { openaiCompatible: 'local-key' } });
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
