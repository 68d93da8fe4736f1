import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat completion a {@link recordingModelServer} was asked for. */
export interface RecordedModelRequest {
  /** The system message: the task's prompt. */
  readonly system: string;
  /** The user message: the task's material. */
  readonly user: string;
}

/**
 * A local OpenAI-compatible server for tests (not exported from the package): every chat
 * completion is recorded and answered with `answer(request)` (default `{}`), so a test sees which
 * prompts a deployment's tasks really sent, through the real provider package. Its model string
 * is `openai-compatible:<url>#test`.
 */
export async function recordingModelServer(answer: (request: RecordedModelRequest) => string = () => '{}') {
  const requests: RecordedModelRequest[] = [];
  const server = createServer(async (req, res) => {
    const body = JSON.parse(await text(req)) as { messages: { role: string; content: string }[] };
    const request = {
      system: body.messages.find((m) => m.role === 'system')?.content ?? '',
      user: body.messages.find((m) => m.role === 'user')?.content ?? '',
    };
    requests.push(request);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: 0,
        model: 'test',
        choices: [{ index: 0, message: { role: 'assistant', content: answer(request) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    model: `openai-compatible:http://127.0.0.1:${port}/v1#test`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function text(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
