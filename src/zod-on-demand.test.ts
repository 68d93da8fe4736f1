import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { onDemand, zod } from './zod-on-demand.js';

describe('zod on demand', () => {
  it('is the zod an import of zod gets, not a second copy', () => {
    expect(zod()).toBe(z);
    expect(zod().string).toBe(z.string);
  });

  it('builds a schema once, at its first use, not when it is declared', () => {
    const build = vi.fn((zod: typeof z) => zod.strictObject({ a: zod.string() }));
    const schema = onDemand(build);
    expect(build).not.toHaveBeenCalled();
    expect(schema.parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(schema.safeParse({ a: 1 }).error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['a'], 'Invalid input: expected string, received number'],
    ]);
    expect(schema.safeParse({ a: 'x', b: 1 }).success).toBe(false);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('stands in for the schema everywhere a schema goes: instanceof, composition, its shape and its keys', () => {
    const inner = onDemand((zod) => zod.strictObject({ a: zod.string() }));
    expect(inner).toBeInstanceOf(z.ZodObject);
    expect(inner).toBeInstanceOf(z.ZodType);
    expect(Object.keys(inner.shape)).toEqual(['a']);
    expect(Object.keys(inner)).toEqual(Object.keys(z.strictObject({ a: z.string() })));
    expect(Object.getOwnPropertyDescriptor(inner, '_zod')?.value.def.type).toBe('object');
    const outer = z.object({ inner, maybe: inner.optional(), list: z.array(inner) });
    expect(outer.safeParse({ inner: { a: 2 }, list: [] }).error?.issues.map((issue) => issue.path)).toEqual([['inner', 'a']]);
    expect(outer.parse({ inner: { a: 'x' }, list: [{ a: 'y' }] })).toEqual({ inner: { a: 'x' }, list: [{ a: 'y' }] });
  });

  it('carries the metadata given when it was built: a schema composed from it refers to its id, with its description', () => {
    const named = onDemand((zod) => zod.strictObject({ a: zod.string() }).meta({ id: 'OnDemandNamed', description: 'a named thing' }));
    const described = onDemand((zod) => zod.number().describe('a count'));
    const json = z.toJSONSchema(z.object({ named, count: described })) as {
      properties: Record<string, { $ref?: string; description?: string }>;
      $defs?: Record<string, { description?: string }>;
    };
    expect(json.properties.named).toEqual({ $ref: '#/$defs/OnDemandNamed' });
    expect(json.$defs?.OnDemandNamed?.description).toBe('a named thing');
    expect(json.properties.count?.description).toBe('a count');
  });

  it('loads zod where this module is compiled to CommonJS too (no import.meta.resolve): tsx, when a CommonJS file requires the sources', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { readContract } = require('./src/contract/index.ts'); try { readContract({}); } catch (e) { console.log(e.message.split('\\n').slice(0, 2).join('|')); }`,
      ],
      { cwd: new URL('..', import.meta.url), encoding: 'utf8' },
    );
    expect(out.trim()).toBe('reply contract refused:|  $.contract_version: required');
  });

  it('takes a spy on a method like the schema itself', () => {
    const schema = onDemand((zod) => zod.string());
    const safeParse = vi.spyOn(schema, 'safeParse');
    schema.safeParse('x');
    expect(safeParse).toHaveBeenCalledTimes(1);
    safeParse.mockRestore();
  });
});
