import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { englishConversation, locales, workflows } from '../../examples/trip/index.js';
import { startSidecar } from '../cli/commands/serve.js';
import { memoryIo } from '../cli/io.js';
import { tracingFromEnv } from '../evidence/tracing-from-env.js';
import { automotiveContract, testKeys, unsafeAutomotiveCandidate } from './testing.js';

/** One span as OTLP/HTTP JSON carries it (the fields this test reads). */
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
};
type OtlpRequest = { resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: OtlpSpan[] }[] }[] };

/** An OTLP/HTTP receiver on loopback: keeps every exported request's decoded JSON. */
async function otlpReceiver() {
  const received: OtlpRequest[] = [];
  const paths: string[] = [];
  const server: Server = createHttpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      received.push(JSON.parse(body) as OtlpRequest);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const spans = () => received.flatMap((r) => r.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((s) => s.spans)));
  const services = () =>
    received.flatMap((r) => r.resourceSpans.flatMap((rs) => rs.resource.attributes.filter((a) => a.key === 'service.name').map((a) => a.value.stringValue)));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    services,
    paths,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('traces by configuration: OTEL_* variables turn on OTLP/HTTP export', () => {
  it('warrant serve exports the verification and the turn, inside their requests, in the trace the response names', async () => {
    const receiver = await otlpReceiver();
    // The sidecar `warrant serve` starts, in this process: its environment is the only configuration.
    const { io } = memoryIo({
      WARRANT_DATA_DIR: ':memory:',
      WARRANT_API_KEYS: `acme:${testKeys.acme}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'warrant-under-test',
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    const sidecar = await startSidecar(io, { port: 0, server: { turns: { workflows, locales } } });
    const serve = { url: sidecar.running.url };
    try {
      const headers = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' };
      const verify = await fetch(`${serve.url}/v0/reply-contracts/verify`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] }),
      });
      expect(verify.status).toBe(200);
      const verifyTrace = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(verify.headers.get('traceresponse') ?? '');
      expect(verifyTrace, verify.headers.get('traceresponse') ?? 'no traceresponse').not.toBeNull();
      expect(((await verify.json()) as { effect: { trace_id: string } }).effect.trace_id).toBe(verifyTrace![1]);

      // The host's own trace is continued: the turn's spans are in the trace its traceparent names.
      const hostTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
      const turn = await fetch(`${serve.url}/v0/turns`, {
        method: 'POST',
        headers: { ...headers, traceparent: `00-${hostTrace}-00f067aa0ba902b7-01` },
        body: JSON.stringify(englishConversation[0]),
      });
      expect(turn.status).toBe(200);
      const turnTrace = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(turn.headers.get('traceresponse') ?? '');
      expect(turnTrace?.[1]).toBe(hostTrace);

      const deadline = Date.now() + 10_000;
      const find = (name: string, traceId: string) => receiver.spans().find((s) => s.name === name && s.traceId === traceId);
      while ((!find('warrant.verify', verifyTrace![1]!) || !find('warrant.turn', hostTrace)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const verifySpan = find('warrant.verify', verifyTrace![1]!);
      const verifyRequest = find('HTTP POST /v0/reply-contracts/verify', verifyTrace![1]!);
      expect(
        verifySpan,
        receiver
          .spans()
          .map((s) => s.name)
          .join(', '),
      ).toBeDefined();
      expect(verifyRequest?.spanId).toBe(verifyTrace![2]);
      expect(verifySpan?.parentSpanId).toBe(verifyRequest?.spanId);
      expect(verifySpan?.attributes.find((a) => a.key === 'warrant.status')?.value.stringValue).toBe('fallback');
      const turnSpan = find('warrant.turn', hostTrace);
      const turnRequest = find('HTTP POST /v0/turns', hostTrace);
      expect(turnRequest?.parentSpanId).toBe('00f067aa0ba902b7');
      expect(turnSpan?.parentSpanId).toBe(turnRequest?.spanId);
      expect(turnSpan?.attributes.find((a) => a.key === 'warrant.turn_id')?.value.stringValue).toBe(englishConversation[0]!.turn_id);
      expect(receiver.services()).toContain('warrant-under-test');
      expect(receiver.paths[0]).toBe('POST /v1/traces application/json');
    } finally {
      await sidecar.stop();
      await receiver.close();
    }
  }, 120_000);

  it('without an endpoint nothing is exported; a bad value is refused naming its variable', () => {
    expect(tracingFromEnv({})).toBeUndefined();
    expect(tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' })?.url).toBe('http://127.0.0.1:4318/v1/traces');
    expect(tracingFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/custom' })?.url).toBe('http://collector:4318/custom');
    expect(() => tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => tracingFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG/,
    );
  });
});
