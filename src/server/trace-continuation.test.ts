import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, workflows, englishConversation } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import type { WarrantServer } from './create-server.js';
import { automotiveContract, createTestServer, testKeys, unsafeAutomotiveCandidate } from './testing.js';

const HOST_TRACE = '0af7651916cd43dd8448eb211c80319c';
const HOST_SPAN = 'b7ad6b7169203331';

let db: Database;
let server: WarrantServer;
const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  db = await openMemoryStore();
  const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test');
  server = await createTestServer(db, { tracer, turns: { workflows, locales } });
});
afterAll(() => db?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  server.app.request(path, {
    method: 'POST',
    headers: { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('trace continuation', () => {
  it('a request with a traceparent joins the host’s trace: its span is the host span’s child, and every Warrant span shares the trace', async () => {
    exporter.reset();
    const res = await post(
      '/v0/reply-contracts/verify',
      { contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] },
      { traceparent: `00-${HOST_TRACE}-${HOST_SPAN}-01`, tracestate: 'host=1' },
    );
    expect(res.status).toBe(200);
    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'HTTP POST /v0/reply-contracts/verify')!;
    const verification = spans.find((s) => s.name === 'warrant.verify')!;
    expect(request.spanContext().traceId).toBe(HOST_TRACE);
    expect(request.parentSpanContext?.spanId).toBe(HOST_SPAN);
    expect(request.spanContext().traceState?.get('host')).toBe('1');
    expect(verification.spanContext().traceId).toBe(HOST_TRACE);
    expect(verification.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  });

  it('a turn’s spans join the host’s trace too', async () => {
    exporter.reset();
    const res = await post('/v0/turns', englishConversation[0], { traceparent: `00-${HOST_TRACE}-${HOST_SPAN}-01` });
    expect(res.status).toBe(200);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(expect.arrayContaining(['warrant.turn', 'HTTP POST /v0/turns']));
    for (const span of spans) expect(span.spanContext().traceId, span.name).toBe(HOST_TRACE);
  });

  it('without one (or with a malformed one) each request starts a trace of its own', async () => {
    exporter.reset();
    await post('/v0/reply-contracts/verify', { contract: automotiveContract, candidates: [] });
    await post(
      '/v0/reply-contracts/verify',
      { contract: automotiveContract, candidates: [] },
      { traceparent: `00-${HOST_TRACE.toUpperCase()}-${HOST_SPAN}-01` },
    );
    const requests = exporter.getFinishedSpans().filter((s) => s.name.startsWith('HTTP '));
    expect(requests).toHaveLength(2);
    for (const span of requests) {
      expect(span.parentSpanContext).toBeUndefined();
      expect(span.spanContext().traceId).not.toBe(HOST_TRACE);
    }
    expect(requests[0]!.spanContext().traceId).not.toBe(requests[1]!.spanContext().traceId);
  });
});
