import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readContract } from './contract/index.js';
import { automotiveContractJson } from './contract/testing-contracts.js';
import { InputError, parseInput } from './errors.js';
import { parseMatch } from './suggest/index.js';
import { parseTurnInput } from './turn/index.js';
import { wireJson, wireKey, wireKeyProblem, wireRecord, wireString, wireTextProblem, wireTimestamp } from './wire-string.js';

const pathsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (InputError.isInstance(error)) return error.issues.map((i) => i.path);
    throw error;
  }
  return [];
};

describe('wire strings: what the store cannot hold is refused at validation, with its path', () => {
  it('U+0000 and lone surrogates (high or low, at either end) are refused; pairs, emoji and CJK are not', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800', 'ok\ud83d']) expect(wireTextProblem(bad), JSON.stringify(bad)).toBeDefined();
    for (const fine of ['', 'plain', '看車', '😄', 'a\ud83d\ude04b', '\u0001\uffff']) expect(wireTextProblem(fine), JSON.stringify(fine)).toBeUndefined();
  });

  it('wireString and wireKey report exactly the issues the superRefine they replaced did, and checks chained after them still report', () => {
    const refined = z.string().superRefine((text, ctx) => {
      const problem = wireTextProblem(text);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, input: text });
    });
    const issuesOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value, { reportInput: true }).error?.issues;
    for (const value of ['fine', '', '\u0000', 'a\ud800', 7]) {
      for (const [ours, theirs] of [
        [wireString(), refined],
        [wireString().min(2), refined.min(2)],
        [z.strictObject({ a: z.array(wireString().max(1)) }), z.strictObject({ a: z.array(refined.max(1)) })],
      ] as const) {
        const wrapped = (s: z.ZodType) => (s instanceof z.ZodObject ? { a: ['x', value] } : value);
        expect(issuesOf(ours, wrapped(ours)), JSON.stringify(value)).toEqual(issuesOf(theirs, wrapped(theirs)));
      }
    }
    const refinedKey = z.string().superRefine((key, ctx) => {
      const problem = wireKeyProblem(key);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem, input: key });
    });
    for (const key of ['k', '__proto__', 'k\u0000']) expect(issuesOf(wireKey(), key), key).toEqual(issuesOf(refinedKey, key));
  });

  it('wireString chains like z.string and reports the path', () => {
    const schema = z.strictObject({ name: wireString().trim().min(1) });
    expect(schema.parse({ name: ' ok ' })).toEqual({ name: 'ok' });
    expect(pathsOf(() => parseInput(schema, { name: 'a\u0000' }, 't'))).toEqual(['$.name']);
  });

  it('wireRecord refuses bad keys by their own path; wireJson walks every nested string and key, passing the value through unchanged', () => {
    expect(pathsOf(() => parseInput(wireRecord(wireString()), { 'k\u0000': 'v' }, 't'))).toEqual(['$["k\\u0000"]']);
    const value = { a: [{ b: 'fine' }, { c: 'bad\ud800', 'd\u0000': 1 }] };
    expect(pathsOf(() => parseInput(z.strictObject({ v: wireJson() }), { v: value }, 't')).sort()).toEqual(['$.v.a[1].c', '$.v.a[1]["d\\u0000"]']);
    const ok = { a: [1, { b: null, c: '😄' }] };
    expect(parseInput(z.strictObject({ v: wireJson() }), { v: ok }, 't').v).toBe(ok);
  });

  it('a __proto__ key anywhere is refused with its path instead of being dropped', () => {
    const sent = JSON.parse('{"a": {"__proto__": {"x": 1}, "b": "y"}}') as unknown;
    expect(pathsOf(() => parseInput(z.strictObject({ a: wireRecord(wireJson()) }), sent, 't'))).toEqual(['$.a.__proto__']);
  });

  it('timestamps PostgreSQL cannot store are refused: year 0, year 10000 by offset, impossible dates', () => {
    const t = wireTimestamp();
    for (const bad of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:00:00-05:00', '2026-02-30T00:00:00Z', 'yesterday'])
      expect(t.safeParse(bad).success, bad).toBe(false);
    for (const fine of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-11-30T10:00:00+02:00']) expect(t.safeParse(fine).success, fine).toBe(true);
  });
});

describe('every layer reads its wire format through the wire string type', () => {
  it('a contract: NUL or lone surrogate in any field or role key, a __proto__ role key', () => {
    const c = automotiveContractJson() as Record<string, unknown>;
    expect(pathsOf(() => readContract({ ...c, authority_status: 'a\u0000' }))).toContain('$.authority_status');
    expect(pathsOf(() => readContract({ ...c, must_include: ['x\u0000'] }))).toContain('$.must_include[0]');
    expect(pathsOf(() => readContract({ ...c, entity_roles: { 'k\ud800': 'v' } }))).toContain('$.entity_roles["k\\ud800"]');
    expect(
      pathsOf(() => readContract(JSON.parse(JSON.stringify({ ...c, entity_roles: {} }).replace('"entity_roles":{}', '"entity_roles":{"__proto__":"x"}')))),
    ).toContain('$.entity_roles.__proto__');
  });

  it('a turn: ids, message and act values at any depth', () => {
    const turn = {
      turn_id: 't1',
      conversation_id: 'c1',
      locale: 'en',
      understanding: { acts: [{ operation: 'op', record: 'r', values: { a: { b: ['ok', 'x\u0000'] } } }] },
    };
    expect(pathsOf(() => parseTurnInput(turn))).toEqual(['$.understanding.acts[0].values.a.b[1]']);
    expect(pathsOf(() => parseTurnInput({ ...turn, turn_id: 't\u0000', message: 'm\ud800' })).sort()).toEqual([
      '$.message',
      '$.turn_id',
      '$.understanding.acts[0].values.a.b[1]',
    ]);
  });

  it('a match: message text with a lone surrogate, a message sent in year 0', () => {
    const match = { id: 'm', language: 'en', status: 'open', messages: [{ id: 'e1', author: 'match', text: 'hi\udc00', sent_at: '0000-01-01T00:00:00Z' }] };
    expect(pathsOf(() => parseMatch(match)).sort()).toEqual(['$.messages[0].sent_at', '$.messages[0].text']);
  });
});
