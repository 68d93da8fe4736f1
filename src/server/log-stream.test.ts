import { describe, expect, it } from 'vitest';
import { startSidecar } from '../cli/commands/serve.js';
import { memoryIo } from '../cli/io.js';
import { automotiveContract, testKeys, unsafeAutomotiveCandidate } from './testing.js';

describe('one log stream', () => {
  it('every stdout line of warrant serve is JSON with level and time; request lines carry the request id and trace id; no key or candidate text', async () => {
    const { io, stdout, stderr } = memoryIo({ WARRANT_DATA_DIR: ':memory:', WARRANT_API_KEYS: `acme:${testKeys.acme}` });
    const sidecar = await startSidecar(io, { port: 0 });
    const headers = { authorization: `Bearer ${testKeys.acme}`, 'content-type': 'application/json' };
    const sent = await fetch(`${sidecar.running.url}/v0/reply-contracts/verify`, {
      method: 'POST',
      headers: { ...headers, 'x-request-id': 'lb-req-42' },
      body: JSON.stringify({ contract: automotiveContract, candidates: [unsafeAutomotiveCandidate] }),
    });
    expect(sent.headers.get('x-request-id')).toBe('lb-req-42');
    const made = await fetch(`${sidecar.running.url}/v0/effects/nope`, { headers });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A request id that is not a sane token is replaced, never echoed into logs.
    const hostile = await fetch(`${sidecar.running.url}/healthz`, { headers: { 'x-request-id': 'a b{}' } });
    expect(hostile.headers.get('x-request-id')).not.toContain('a b');
    sidecar.note('warrant: SIGTERM: draining requests in flight');
    await sidecar.stop();

    const lines = stdout.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) {
      expect(['debug', 'info', 'warn', 'error']).toContain(line.level);
      expect(Number.isNaN(Date.parse(String(line.time)))).toBe(false);
      expect(typeof line.msg).toBe('string');
    }
    expect(lines[0]).toMatchObject({ level: 'info', url: sidecar.running.url });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(3);
    const traceOf = (res: Response) => res.headers.get('traceresponse')!.slice(3, 35);
    expect(requests[0]).toMatchObject({ path: '/v0/reply-contracts/verify', status: 200, request_id: 'lb-req-42', trace_id: traceOf(sent) });
    expect(requests[1]).toMatchObject({ level: 'warn', status: 404, request_id: made.headers.get('x-request-id'), trace_id: traceOf(made) });
    expect(stdout.join('\n')).not.toContain(testKeys.acme);
    expect(stdout.join('\n')).not.toContain('看車');
    expect(stderr).toEqual([]);
  }, 120_000);
});
