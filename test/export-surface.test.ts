import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../src/package-root.js';

/**
 * The public surface of every entry point of the build, as a host meets it: the names each
 * subpath exports (values by importing it in plain Node, types from its `.d.mts`) and the
 * packages importing it loads. The whole record is compared with `export-surface.json` beside
 * this file, so adding, removing or renaming an export, or a new dependency an entry pulls in,
 * is a reviewed diff of that file (`npx vitest run test/export-surface.test.ts -u` rewrites it).
 * The rules below hold whatever the record says.
 */

const run = promisify(execFile);
const root = packageRoot();
const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { import: { types: string; default: string } }>;
};
const SUBPATHS = Object.keys(manifest.exports).filter((k) => k !== './package.json');
const specifierOf = (subpath: string) => (subpath === '.' ? 'warrant' : `warrant/${subpath.slice(2)}`);

/** The AI SDK's mocks: a module of the `ai` package, named apart because no production entry may load it. */
const AI_TEST = 'ai/test';

interface Surface {
  /** Runtime exports, sorted. */
  readonly values: string[];
  /** Type-only exports (in the `.d.mts`, absent at runtime), sorted. */
  readonly types: string[];
  /** Packages under node_modules that importing the entry loads (`ai/test` for the AI SDK's mocks), sorted. */
  readonly loads: string[];
}

/** The package a loaded file URL belongs to, or undefined for Warrant's own files and Node's. */
function packageOf(url: string): string | undefined {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [scope, name, ...rest] = url.slice(at + '/node_modules/'.length).split('/');
  const pkg = scope?.startsWith('@') ? `${scope}/${name}` : scope;
  if (pkg === 'ai' && [name, ...rest].join('/').startsWith('dist/test/')) return AI_TEST;
  return pkg;
}

/** The names a `.d.mts` exports: its last `export { … }` list, `type ` markers and `as` renames resolved. */
function declaredNames(dts: string): string[] {
  const lists = [...dts.matchAll(/^export \{([^}]*)\};?$/gm)];
  const list = lists.at(-1)?.[1];
  if (list === undefined) throw new Error('no export list in the declaration file');
  return list
    .split(',')
    .map((n) => n.trim().replace(/^type /, ''))
    .filter(Boolean)
    .map((n) => n.split(/\s+as\s+/).at(-1)!);
}

/** Imports `specifier` in a fresh plain Node process with every loaded module recorded. */
async function surfaceOf(subpath: string, dir: string): Promise<Surface> {
  const specifier = specifierOf(subpath);
  const loadsFile = join(dir, `${subpath.replace(/\W/g, '_')}.loads`);
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      join(root, 'test', 'record-loads.mjs'),
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`,
    ],
    { cwd: root, env: { ...process.env, WARRANT_RECORD_LOADS: loadsFile } },
  );
  const values = (JSON.parse(stdout) as string[]).sort();
  const entry = manifest.exports[subpath] as { import: { types: string } };
  const declared = declaredNames(await readFile(join(root, entry.import.types), 'utf8'));
  const loaded = (await readFile(loadsFile, 'utf8')).split('\n').filter(Boolean);
  return {
    values,
    types: [...new Set(declared.filter((n) => !values.includes(n)))].sort(),
    loads: [...new Set(loaded.map(packageOf).filter((p): p is string => p !== undefined))].sort(),
  };
}

const surfaces: Record<string, Surface> = {};
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'warrant-surface-'));
  for (const subpath of SUBPATHS) surfaces[specifierOf(subpath)] = await surfaceOf(subpath, dir);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const loads = (specifier: string) => surfaces[specifier]!.loads;

describe('the export surface of the build', () => {
  it('every entry point exports and loads exactly what export-surface.json records', async () => {
    await expect(`${JSON.stringify(surfaces, null, 2)}\n`).toMatchFileSnapshot('./export-surface.json');
  });

  it('every value an entry point exports at runtime is declared in its types', async () => {
    for (const subpath of SUBPATHS) {
      const entry = manifest.exports[subpath] as { import: { types: string } };
      const declared = new Set(declaredNames(await readFile(join(root, entry.import.types), 'utf8')));
      for (const value of surfaces[specifierOf(subpath)]!.values) expect(declared, `${specifierOf(subpath)} exports ${value}`).toContain(value);
    }
  });

  it('warrant/contract loads neither the AI SDK nor PGlite: a host that only verifies replies pulls in no model or store', () => {
    const contract = loads('warrant/contract');
    expect(contract.filter((p) => p === 'ai' || p === AI_TEST || p.startsWith('@ai-sdk/'))).toEqual([]);
    expect(contract).not.toContain('@electric-sql/pglite');
    expect(contract).not.toContain('pg');
  });

  it('warrant/contract does not load zod when imported: its schemas load it when first used (src/zod-on-demand.ts)', () => {
    expect(loads('warrant/contract')).not.toContain('zod');
    expect(loads('warrant/server')).toContain('zod');
  });

  it.each(['warrant/turn', 'warrant/suggest', 'warrant/store', 'warrant/server', 'warrant/probe'])(
    '%s loads no provider package and not the AI SDK mocks: the host hands in its models',
    (specifier) => {
      expect(loads(specifier)).not.toContain(AI_TEST);
      expect(loads(specifier)).not.toContain('@ai-sdk/openai');
      expect(loads(specifier)).not.toContain('@ai-sdk/anthropic');
    },
  );

  it('the probe is a layer of its own: warrant/contract exports none of warrant/probe but the error base every subpath exports', () => {
    const probe = surfaces['warrant/probe']!;
    const errorBase = ['InputError', 'WarrantError', 'Fault', 'InputIssue'];
    const shared = (names: readonly string[], of: readonly string[]) => names.filter((n) => of.includes(n) && !errorBase.includes(n));
    expect(probe.values).toContain('probeContract');
    expect(shared(surfaces['warrant/contract']!.values, probe.values)).toEqual([]);
    expect(shared(surfaces['warrant/contract']!.types, probe.types)).toEqual([]);
  });

  it('only warrant/testing loads the AI SDK mocks', () => {
    const loading = Object.keys(surfaces).filter((s) => loads(s).includes(AI_TEST));
    expect(loading).toEqual(['warrant/testing']);
  });

  it('warrant/store opens a store without the model layer: neither the AI SDK nor any provider', () => {
    expect(loads('warrant/store').filter((p) => p === 'ai' || p.startsWith('@ai-sdk/'))).toEqual([]);
  });

  it('the recording sees a provider load where there is one (warrant/model builds the providers)', () => {
    expect(loads('warrant/model')).toEqual(expect.arrayContaining(['@ai-sdk/openai', '@ai-sdk/anthropic', 'ai']));
  });

  it('packageOf names scoped packages, plain ones and the AI SDK mocks, and nothing outside node_modules', () => {
    expect(packageOf('file:///x/node_modules/@ai-sdk/openai/dist/index.mjs')).toBe('@ai-sdk/openai');
    expect(packageOf('file:///x/node_modules/ai/dist/index.mjs')).toBe('ai');
    expect(packageOf('file:///x/node_modules/ai/dist/test/index.mjs')).toBe(AI_TEST);
    expect(packageOf('file:///x/node_modules/a/node_modules/zod/index.js')).toBe('zod');
    expect(packageOf('file:///x/dist/turn.mjs')).toBeUndefined();
  });
});
