import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A provider on loopback speaking the OpenAI Chat Completions wire format (`POST
 * /v1/chat/completions`, JSON or `text/event-stream` when the request says `stream: true`), so a
 * consumer app's real `@ai-sdk/openai` provider talks to it over HTTP as it would to OpenAI.
 *
 * What it answers is chosen by the last user message:
 * - `safe`: a reply that obeys the ticket contract;
 * - `unsafe`: a reply holding its forbidden term (`reserved two tickets`), whole at the sixth
 *   token when streamed, followed by {@link FILLER_TOKENS} more tokens written every
 *   {@link FILLER_DELAY_MS} ms: a governed stream must close the connection long before they end;
 * - `tool`: a call of the `lookup` tool (`{"city":"Rome"}`), and no text.
 */
export interface OpenAiWireServer {
  /** `http://127.0.0.1:<port>/v1`, the provider's `baseURL`. */
  readonly baseURL: string;
  /** Every request body received, in order. */
  readonly requests: { readonly stream: boolean; readonly say: string }[];
  /** Per streamed `unsafe` reply: how many SSE events were written before the client went away, and whether it went away before the end. */
  readonly unsafeStreams: { written: number; closedEarly: boolean }[];
  close(): Promise<void>;
}

export const FILLER_TOKENS = 300;
export const FILLER_DELAY_MS = 10;
const SAFE = 'Two tickets are shown as available; nothing is reserved yet.';
const UNSAFE = ['Great ', 'news, ', 'we ', 'reserved ', 'two ', 'tickets ', 'for ', 'you!'];

export async function startOpenAiWireServer(): Promise<OpenAiWireServer> {
  const requests: OpenAiWireServer['requests'] = [];
  const unsafeStreams: OpenAiWireServer['unsafeStreams'] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const body = JSON.parse(text) as { stream?: boolean; model: string; messages: { role: string; content: unknown }[] };
    const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
    const say = typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content);
    const stream = body.stream === true;
    requests.push({ stream, say });
    const base = { id: `chatcmpl-${requests.length}`, created: 1_760_000_000, model: body.model };
    const usage = { prompt_tokens: 5, completion_tokens: 8, total_tokens: 13 };
    const toolCall = { id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"city":"Rome"}' } };

    if (!stream) {
      const message = say.includes('tool')
        ? { role: 'assistant', content: null, tool_calls: [toolCall] }
        : { role: 'assistant', content: say.includes('unsafe') ? UNSAFE.join('') : SAFE };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message, finish_reason: say.includes('tool') ? 'tool_calls' : 'stop' }],
          usage,
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let closed = false;
    res.on('close', () => (closed = true));
    const send = (delta: object, finish: string | null = null) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
    const end = (finish: string) => {
      send({}, finish);
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage })}\n\n`);
      res.end('data: [DONE]\n\n');
    };

    send({ role: 'assistant', content: '' });
    if (say.includes('tool')) {
      send({ tool_calls: [{ index: 0, ...toolCall }] });
      end('tool_calls');
    } else if (say.includes('unsafe')) {
      const record = { written: 0, closedEarly: false };
      unsafeStreams.push(record);
      const tokens = [...UNSAFE, ...Array.from({ length: FILLER_TOKENS }, (_, i) => ` and more ${i}`)];
      for (const [i, token] of tokens.entries()) {
        if (closed) break;
        send({ content: token });
        record.written++;
        if (i >= UNSAFE.length - 1) await new Promise((resolve) => setTimeout(resolve, FILLER_DELAY_MS));
      }
      record.closedEarly = closed;
      if (!closed) end('stop');
    } else {
      for (const token of SAFE.split(/(?<= )/)) send({ content: token });
      end('stop');
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    unsafeStreams,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
