import { describe, expect, it } from 'vitest';
import { createJsonLogger } from './json-logger.js';

describe('JSON logger', () => {
  it('writes one JSON object per line with time, level, msg and the fields', () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ write: (l) => lines.push(l), now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
    logger.log({ level: 'info', msg: 'request', method: 'GET', status: 200 });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ time: '2026-01-02T03:04:05.000Z', level: 'info', msg: 'request', method: 'GET', status: 200 });
  });

  it('a value that cannot be serialised degrades to text instead of losing the line', () => {
    const lines: string[] = [];
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    createJsonLogger({ write: (l) => lines.push(l) }).log({ level: 'error', msg: 'x', big: 10n, cyclic });
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry.msg).toBe('x');
    expect(entry.big).toBe('10');
    expect(entry.cyclic).toBe('[object Object]');
  });
});
