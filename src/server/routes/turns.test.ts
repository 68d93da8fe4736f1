import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../../examples/trip/index.js';
import { createJsonLogger } from '../../evidence/json-logger.js';
import { createModels } from '../../model/index.js';
import { scriptedModel } from '../../model/scripted-model.js';
import type { Understand } from '../../turn/index.js';
import { createModelWriter } from '../../turn/model/index.js';
import type { Database } from '../../store/index.js';
import { openMemoryStore } from '../../store/testing.js';
import { createServer, type WarrantServer } from '../create-server.js';
import { createTestServer, testGrants, testKeys } from '../testing.js';

let db: Database;
let server: WarrantServer;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  db = await openMemoryStore();
  server = await createTestServer(db, {
    tracer: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test'),
    turns: { workflows, locales },
  });
});
afterAll(async () => {
  await db.close();
});

const headers = (tenant: keyof typeof testKeys, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${testKeys[tenant]}`,
  'content-type': 'application/json',
  ...extra,
});
const post = (body: unknown, tenant: keyof typeof testKeys = 'acme', extra: Record<string, string> = {}, signal?: AbortSignal) =>
  server.app.request('/v0/turns', { method: 'POST', headers: headers(tenant, extra), body: JSON.stringify(body), ...(signal ? { signal } : {}) });

type Block = { kind: string; id: string; text?: string; title?: string };
type TurnJson = { turn_id: string; blocks: Block[]; evidence: { events_committed: number } };

/** Reads `res`'s body until it holds `text`; the body is left open. */
async function readUntil(res: Response, text: string): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let read = '';
  while (!read.includes(text)) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`the body ended without ${text}: ${read}`);
    read += decoder.decode(chunk.value, { stream: true });
  }
  reader.releaseLock();
  return read;
}

/** Parses a Server-Sent Events body into its events. */
function sseEvents(text: string): { event: string; data: string }[] {
  return text
    .split('\n\n')
    .filter((chunk) => chunk.trim().length > 0)
    .map((chunk) => {
      const lines = chunk.split('\n');
      return {
        event:
          lines
            .find((l) => l.startsWith('event:'))
            ?.slice(6)
            .trim() ?? 'message',
        data: lines
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).trimStart())
          .join('\n'),
      };
    });
}

describe('POST /v0/turns', () => {
  it('W1/W6: the committed turn comes back with receipts and its transition, already stored', async () => {
    const res = await post(englishConversation[0]);
    expect(res.status).toBe(200);
    const turn = (await res.json()) as TurnJson;
    expect(turn.turn_id).toBe('demo-en-1');
    expect(turn.blocks.filter((b) => b.kind === 'receipt').length).toBeGreaterThan(0);
    expect(turn.blocks.at(-1)?.kind).toBe('transition');
    const stored = await server.app.request('/v0/turns/demo-en-1', { headers: headers('acme') });
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { result: unknown }).result).toEqual(turn);
  });

  it('W4: a retried turn id returns the committed turn and commits nothing new', async () => {
    const [again] = await Promise.all([post(englishConversation[0]), post(englishConversation[0])]);
    const first = (await (await server.app.request('/v0/turns/demo-en-1', { headers: headers('acme') })).json()) as { result: TurnJson };
    expect(await again.json()).toEqual(first.result);
    const [events] = await db.query<{ n: number }>("select count(*)::int8 as n from turn_events where tenant_id = 'acme' and turn_id = 'demo-en-1'");
    expect(events?.n).toBe(first.result.evidence.events_committed);
  });

  it('W5: with Accept: text/event-stream, progress streams and the reply arrives once, last, whole', async () => {
    const res = await post(englishConversation[1], 'acme', { accept: 'text/event-stream' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseEvents(await res.text());
    expect(events.filter((e) => e.event === 'reply')).toHaveLength(1);
    expect(events.at(-1)?.event).toBe('reply');
    const progress = events.filter((e) => e.event === 'progress').map((e) => JSON.parse(e.data) as { kind: string; phase?: string });
    expect(progress.map((p) => p.phase)).toContain('committing');
    expect(progress.every((p) => p.kind !== 'reply')).toBe(true);
    const reply = JSON.parse(events.at(-1)!.data) as TurnJson;
    const stored = (await (await server.app.request('/v0/turns/demo-en-2', { headers: headers('acme') })).json()) as { result: TurnJson };
    expect(reply).toEqual(stored.result);
  });

  it('a client that disconnects after the commit does not undo it: the turn is composed and stored', async () => {
    const abort = new AbortController();
    const res = await post(englishConversation[2], 'acme', { accept: 'text/event-stream' }, abort.signal);
    // `guarding` is a phase of composing, which starts once the turn has committed.
    await readUntil(res, '"phase":"guarding"');
    abort.abort();
    await res.body?.cancel().catch(() => {});
    await server.drain();
    const stored = await server.app.request('/v0/turns/demo-en-3', { headers: headers('acme') });
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { result: TurnJson | null }).result?.turn_id).toBe('demo-en-3');
  });

  it('W9: a malformed turn is refused with its path before anything runs or streams', async () => {
    const res = await post({ ...englishConversation[3], locale: 'english!' }, 'acme', { accept: 'text/event-stream' });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as { issues: { path: string }[] };
    expect(problem.issues.map((i) => i.path)).toContain('$.locale');
    expect((await server.app.request('/v0/turns/demo-en-4', { headers: headers('acme') })).status).toBe(404);
  });

  it('spans: the turn inside its request', async () => {
    exporter.reset();
    await post({ ...englishConversation[0], turn_id: 'span-turn', conversation_id: 'span-conv' });
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'HTTP POST /v0/turns');
    const turn = spans.find((s) => s.name === 'warrant.turn');
    expect(turn?.attributes['warrant.turn_id']).toBe('span-turn');
    expect(turn?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
  });
});

describe('a client that disconnects before the commit', () => {
  /** A sidecar whose understand function waits until its turn is cancelled, logging what it saw. */
  async function serverWaitingInUnderstand() {
    const logged: string[] = [];
    let reached: (signal: AbortSignal | undefined) => void = () => undefined;
    const understanding = new Promise<AbortSignal | undefined>((resolve) => (reached = resolve));
    const understand: Understand = (request) =>
      new Promise((resolve) => {
        reached(request.signal);
        request.signal?.addEventListener('abort', () => resolve({ ok: false, reason: 'aborted', calls: [] }), { once: true });
      });
    const waiting = await createServer({
      store: db,
      apiKeys: testGrants,
      logger: createJsonLogger({ write: (line) => void logged.push(line) }),
      turns: { workflows, locales, understand },
    });
    return { waiting, understanding, logged };
  }
  const turnInput = (id: string) => ({ turn_id: id, conversation_id: `conv-${id}`, locale: 'en', message: 'Start a trip to Milan' });
  const stored = async (id: string) =>
    (await db.query<{ n: number }>("select count(*)::int8 as n from turns where tenant_id = 'acme' and id = $1", [id]))[0]!.n;

  it('cancels the turn: its understanding is aborted, the request ends as client_aborted (499) and nothing is written', async () => {
    const { waiting, understanding, logged } = await serverWaitingInUnderstand();
    const abort = new AbortController();
    const response = waiting.app.request('/v0/turns', {
      method: 'POST',
      headers: headers('acme'),
      body: JSON.stringify(turnInput('gone-json')),
      signal: abort.signal,
    });
    const signal = await understanding;
    expect(signal?.aborted).toBe(false);
    abort.abort();
    expect((await response).status).toBe(499);
    expect(signal?.aborted).toBe(true);
    expect(await stored('gone-json')).toBe(0);
    expect(logged.some((l) => l.includes('"msg":"client_aborted"'))).toBe(true);
    expect(logged.some((l) => l.includes('"level":"error"'))).toBe(false);
  });

  it('streaming: the turn is cancelled with the connection, and nothing is written', async () => {
    const { waiting, understanding, logged } = await serverWaitingInUnderstand();
    const abort = new AbortController();
    const res = await waiting.app.request('/v0/turns', {
      method: 'POST',
      headers: headers('acme', { accept: 'text/event-stream' }),
      body: JSON.stringify(turnInput('gone-stream')),
      signal: abort.signal,
    });
    await readUntil(res, '"phase":"understanding"');
    const signal = await understanding;
    abort.abort();
    await res.body?.cancel().catch(() => {});
    await waiting.drain();
    expect(signal?.aborted).toBe(true);
    expect(await stored('gone-stream')).toBe(0);
    expect(logged.filter((l) => l.includes('"level":"error"'))).toEqual([]);
  });
});

describe('turn records and tenants', () => {
  it("another tenant's turn is 404 and never listed; its own turns list newest first", async () => {
    expect((await server.app.request('/v0/turns/demo-en-1', { headers: headers('beta') })).status).toBe(404);
    const beta = (await (await server.app.request('/v0/turns', { headers: headers('beta') })).json()) as { items: unknown[] };
    expect(beta.items).toEqual([]);
    // The same turn id under another tenant is another turn: tenants never collide.
    expect((await post(englishConversation[0], 'beta')).status).toBe(200);
    const acme = (await (await server.app.request('/v0/turns?conversation_id=demo-en&limit=2', { headers: headers('acme') })).json()) as {
      items: { id: string; reply: string | null }[];
      next_cursor: string | null;
    };
    expect(acme.items.map((t) => t.id)).toEqual(['demo-en-3', 'demo-en-2']);
    expect(acme.items[0]!.reply).toEqual(expect.any(String));
    const rest = (await (await server.app.request(`/v0/turns?conversation_id=demo-en&cursor=${acme.next_cursor}`, { headers: headers('acme') })).json()) as {
      items: { id: string }[];
    };
    expect(rest.items.map((t) => t.id)).toEqual(['demo-en-1']);
  });

  it('turn listings filter by time: since is inclusive, until exclusive, on the commit time', async () => {
    type Page = { items: { id: string; created_at: string }[] };
    const list = async (query: string) =>
      ((await (await server.app.request(`/v0/turns?conversation_id=demo-en&${query}`, { headers: headers('acme') })).json()) as Page).items.map((t) => t.id);
    const all = ((await (await server.app.request('/v0/turns?conversation_id=demo-en', { headers: headers('acme') })).json()) as Page).items;
    expect(all.map((t) => t.id)).toEqual(['demo-en-3', 'demo-en-2', 'demo-en-1']);
    const second = all[1]!.created_at;
    // Shown times are whole milliseconds of a finer stored time, so a shown time bounds its own turn from below.
    expect(await list(`since=${encodeURIComponent(second)}`)).toEqual(all.filter((t) => t.created_at >= second).map((t) => t.id));
    expect(await list(`until=${encodeURIComponent(second)}`)).toEqual(all.filter((t) => t.created_at < second).map((t) => t.id));
    expect(await list(`until=${encodeURIComponent(new Date(Date.parse(all.at(-1)!.created_at) + 1).toISOString())}`)).toContain('demo-en-1');
    expect(await list('since=2999-01-01T00:00:00Z')).toEqual([]);
  });

  it('the OpenAPI document describes the turn routes with the turn input schema', async () => {
    const doc = (await (await server.app.request('/v0/openapi.json', { headers: headers('acme') })).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v0/turns', '/v0/turns/{id}']));
    expect(JSON.stringify(doc.paths['/v0/turns'])).toContain('text/event-stream');
    expect(JSON.stringify(doc.paths['/v0/turns'])).toContain('conversation_id');
  });

  it('readyz reports the locales complete', async () => {
    expect(((await (await server.app.request('/readyz')).json()) as { checks: Record<string, string> }).checks.locales).toBe('ok');
  });
});

describe('model calls', () => {
  it('each recorded model call becomes a span under its turn, with its task, outcome and prompt', async () => {
    const models = createModels(
      { tasks: { acknowledge: { model: 'mock:ack' } } },
      { languageModels: { 'mock:ack': scriptedModel(['Ada is on the trip to Milan.']) } },
    );
    const spans = new InMemorySpanExporter();
    const written = await createServer({
      store: db,
      apiKeys: [],
      logger: createJsonLogger({ write: () => {} }),
      tracer: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }).getTracer('test'),
      turns: { workflows, locales, writer: createModelWriter({ models }) },
    });
    const res = await written.app.request('/v0/turns', {
      method: 'POST',
      headers: headers('acme'),
      body: JSON.stringify({ ...englishConversation[0], turn_id: 'model-turn', conversation_id: 'model-conv' }),
    });
    const turn = (await res.json()) as TurnJson & { evidence: { model_calls: { task: string; prompt_name: string }[] } };
    expect(turn.evidence.model_calls.map((c) => c.task)).toContain('acknowledge');
    const finished = spans.getFinishedSpans();
    const turnSpan = finished.find((s) => s.name === 'warrant.turn');
    const calls = finished.filter((s) => s.name === 'warrant.model_call');
    expect(calls.map((s) => s.attributes['warrant.task'])).toEqual(turn.evidence.model_calls.map((c) => c.task));
    const ack = calls.find((s) => s.attributes['warrant.task'] === 'acknowledge')!;
    expect(ack.attributes).toMatchObject({ 'warrant.outcome': 'ok', 'warrant.model_id': 'mock:ack', 'warrant.prompt_name': 'built-in:acknowledge' });
    expect(ack.parentSpanContext?.spanId).toBe(turnSpan?.spanContext().spanId);
  });
});
