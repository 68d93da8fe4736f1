import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileJsonEncoder, RawJson } from './compile-json-encoder.js';

const itemSchema = z.strictObject({
  name: z.string(),
  count: z.number().int(),
  done: z.boolean(),
  note: z.string().optional(),
  tags: z.array(z.enum(['a', 'b'])),
  parent: z.string().nullable(),
  data: z.unknown(),
});

describe('compileJsonEncoder', () => {
  it("writes what JSON.stringify writes, members in the schema's order whatever the value's", () => {
    const encode = compileJsonEncoder(itemSchema);
    const value = { data: { z: [1, 'two', null], a: '\u2028"' }, parent: null, tags: ['b', 'a'], done: false, count: 3, name: 'x\ny' } as const;
    const written = encode(value);
    expect(written).toBe(JSON.stringify({ name: 'x\ny', count: 3, done: false, tags: ['b', 'a'], parent: null, data: value.data }));
    expect(itemSchema.parse(JSON.parse(written))).toEqual(value);
  });

  it('leaves out an optional member that is undefined, and writes it when present', () => {
    const encode = compileJsonEncoder(itemSchema);
    const base = { name: 'n', count: 0, done: true, tags: [], parent: 'p', data: null };
    expect(encode({ ...base, note: undefined })).not.toContain('note');
    expect(JSON.parse(encode({ ...base, note: 'kept' }))).toEqual({ ...base, note: 'kept' });
  });

  it('puts commas right whichever members are optional, first or last, present or not', () => {
    const encode = compileJsonEncoder(
      z.looseObject({ a: z.string().optional(), b: z.number().optional(), c: z.string(), d: z.boolean().optional() }).catchall(z.unknown()),
    );
    const values = [{ c: 'c' }, { a: 'a', c: 'c' }, { b: 1, c: 'c', d: true }, { c: 'c', x: 1, y: [2] }, { a: 'a', b: 2, c: 'c', d: false, z: null }];
    for (const value of values) expect(encode(value)).toBe(JSON.stringify(value));
    const allOptional = compileJsonEncoder(z.looseObject({ a: z.string().optional(), b: z.string().optional() }).catchall(z.unknown()));
    for (const value of [{}, { b: 'b' }, { x: 1 }, { b: 'b', x: 1, y: 2 }, { a: 'a', b: 'b' }]) expect(allOptional(value)).toBe(JSON.stringify(value));
  });

  it('encodes arrays of nullable objects and nested unions', () => {
    const encode = compileJsonEncoder(z.strictObject({ items: z.array(z.strictObject({ n: z.number() }).nullable()), any: z.union([z.string(), z.number()]) }));
    const value = { items: [{ n: 1 }, null, { n: 2 }], any: 3 };
    expect(encode(value)).toBe(JSON.stringify(value));
  });

  it('copies RawJson text verbatim where an object, an array or any JSON value goes', () => {
    const encode = compileJsonEncoder(z.strictObject({ doc: z.unknown(), list: z.array(z.string()), inner: z.strictObject({ a: z.string() }) }));
    expect(encode({ doc: new RawJson('{"b": 1,  "a":2}'), list: new RawJson('["x"]'), inner: new RawJson('{"a":"y"}') })).toBe(
      '{"doc":{"b": 1,  "a":2},"list":["x"],"inner":{"a":"y"}}',
    );
  });

  it("writes an object's other own keys after its declared ones when it takes other keys, and drops them when it does not", () => {
    const loose = compileJsonEncoder(z.looseObject({ id: z.string() }));
    expect(loose({ extra: [1], id: 'i' })).toBe('{"id":"i","extra":[1]}');
    const plain = compileJsonEncoder(z.object({ id: z.string() }));
    expect(plain({ id: 'i', extra: 1 } as { id: string })).toBe('{"id":"i"}');
  });

  it('dispatches a discriminated union on its key, and refuses a value of no option', () => {
    const encode = compileJsonEncoder(
      z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('a'), x: z.number() }), z.strictObject({ kind: z.literal('b'), y: z.string() })]),
    );
    expect(encode({ y: 'why', kind: 'b' })).toBe('{"kind":"b","y":"why"}');
    expect(encode({ kind: 'a', x: 1.5 })).toBe('{"kind":"a","x":1.5}');
    expect(() => encode({ kind: 'c' } as never)).toThrow(/no option for kind "c"/);
  });

  it('refuses, when compiled, a kind of schema it has no encoder for', () => {
    expect(() => compileJsonEncoder(z.strictObject({ when: z.date() }))).toThrow(/no encoder for a date schema/);
  });
});
