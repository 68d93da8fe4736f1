import { describe, expect, it } from 'vitest';
import { createJsonLogger, logLevelFromEnv } from './json-logger.js';

describe('JSON logger', () => {
  it('writes one JSON object per line with time, level, msg and the fields', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (l) => lines.push(l), now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
    logger.log({ level: 'info', msg: 'request', method: 'GET', status: 200 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ time: '2026-01-02T03:04:05.000Z', level: 'info', msg: 'request', method: 'GET', status: 200 });
  });

  it('drops lines below its level; WARRANT_LOG_LEVEL sets it, and a bad value is refused naming it', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (l) => lines.push(l), level: logLevelFromEnv({ WARRANT_LOG_LEVEL: 'WARN' }) });
    logger.log({ level: 'info', msg: 'request' });
    logger.log({ level: 'warn', msg: 'client_aborted' });
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['client_aborted']);
    expect(logLevelFromEnv({})).toBe('info');
    expect(() => logLevelFromEnv({ WARRANT_LOG_LEVEL: 'verbose' })).toThrow(/WARRANT_LOG_LEVEL/);
  });

  it('never writes a field named like a secret or a user text', () => {
    const lines: string[] = [];
    createJsonLogger({ write: (l) => lines.push(l) }).log({
      level: 'error',
      msg: 'x',
      authorization: 'Bearer wk_secret',
      candidates: ['看車'],
      body: '{"k":1}',
      key: 'wk_secret',
    });
    expect(lines[0]).not.toMatch(/wk_secret|看車|"k"/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ authorization: '[redacted]', candidates: '[redacted]', body: '[redacted]', key: '[redacted]' });
  });

  it('a value that cannot be serialised degrades to text instead of losing the line', () => {
    const lines: string[] = [];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    createJsonLogger({ write: (l) => lines.push(l) }).log({ level: 'error', msg: 'x', big: 10n, cyclic });
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry.msg).toBe('x');
    expect(entry.big).toBe(10);
    expect(entry.cyclic).toEqual({ self: '[Circular]' });
  });
});
