import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { automotiveContractJson } from '../contract/testing-contracts.js';
import { packageRoot } from '../package-root.js';
import { memoryIo } from './io.js';
import { buildProgram, commandNamed, commands, packageVersion, runCli } from './program.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-program-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * Runs the real `bin/warrant.mjs` (the build, as a user's shell does) with every loaded module
 * recorded, and returns its output and the URLs it loaded.
 */
async function runBin(args: readonly string[]) {
  const loads = join(dir, `loads-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(loads, '');
  const run = await promisify(execFile)(
    process.execPath,
    ['--import', join(packageRoot(), 'test', 'record-loads.mjs'), join(packageRoot(), 'bin', 'warrant.mjs'), ...args],
    { cwd: dir, env: { ...process.env, WARRANT_RECORD_LOADS: loads } },
  ).catch((error: { stdout: string; stderr: string; code: number }) => error);
  const loaded = (await readFile(loads, 'utf8')).split('\n').filter(Boolean);
  return { stdout: run.stdout, stderr: run.stderr, code: 'code' in run ? run.code : 0, loaded };
}

const layer = (loaded: readonly string[], pattern: RegExp) => loaded.filter((url) => pattern.test(url));
const STORE = /node_modules\/(@electric-sql\/pglite|pg)\//;
const SERVER = /node_modules\/(hono|@hono)\//;
const MODELS = /node_modules\/(ai|@ai-sdk)\//;
const TYPESCRIPT_LOADER = /node_modules\/(tsx|esbuild)\//;

describe('the warrant program', () => {
  it('every command is listed with the description its module registers', async () => {
    const program = await buildProgram(memoryIo().io);
    expect(program.commands.map((c) => [c.name(), c.description()])).toEqual(
      commands.map((c) => [c.name, c.summary]).concat(program.commands.some((c) => c.name() === 'help') ? [['help', 'display help for command']] : []),
    );
  });

  it('the command argv names is the first word, or the word after help', () => {
    expect(commandNamed(['verify', '--contract', 'c.json'])).toBe('verify');
    expect(commandNamed(['--help'])).toBeUndefined();
    expect(commandNamed(['help', 'serve'])).toBe('serve');
  });

  it('--version prints the package version alone on stdout', async () => {
    const run = memoryIo();
    await runCli(['--version'], run.io);
    expect(run.stdout).toEqual([packageVersion()]);
    expect(packageVersion()).toBe(JSON.parse(await readFile(join(packageRoot(), 'package.json'), 'utf8')).version);
    expect(run.code()).toBe(0);
  });

  it('--help loads no layer and no TypeScript loader', async () => {
    const { stdout, code, loaded } = await runBin(['--help']);
    expect(code).toBe(0);
    for (const c of commands) expect(stdout).toContain(c.name);
    expect(layer(loaded, /\/dist\/cli\.mjs$/)).toHaveLength(1);
    expect(layer(loaded, STORE)).toEqual([]);
    expect(layer(loaded, SERVER)).toEqual([]);
    expect(layer(loaded, MODELS)).toEqual([]);
    expect(layer(loaded, TYPESCRIPT_LOADER)).toEqual([]);
    expect(layer(loaded, /node_modules\/zod\//)).toEqual([]);
  });

  it('verify loads the contract layer only; its result is stdout, its warnings stderr', async () => {
    const contract = automotiveContractJson() as { forbidden_terms: string[] };
    // A duplicated term is a warning: it must not reach the JSON on stdout.
    await writeFile(join(dir, 'dup.json'), JSON.stringify({ ...contract, forbidden_terms: [...contract.forbidden_terms, contract.forbidden_terms[0]] }));
    const { stdout, stderr, code, loaded } = await runBin(['verify', '--contract', 'dup.json', '--candidate-text', '您好', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).status).toBe('fallback');
    expect(stderr).toMatch(/^warrant: warning: \$\.forbidden_terms\[\d+\]: duplicate of/);
    expect(layer(loaded, STORE)).toEqual([]);
    expect(layer(loaded, SERVER)).toEqual([]);
    expect(layer(loaded, MODELS)).toEqual([]);
    expect(layer(loaded, TYPESCRIPT_LOADER)).toEqual([]);
  });

  it('a TypeScript workflow module loads tsx, and only then', async () => {
    await writeFile(
      join(dir, 'turn.json'),
      JSON.stringify({
        turn_id: 't1',
        conversation_id: 'c1',
        locale: 'en',
        understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record: 'trip-1', values: { destination: 'Milan' } }] },
      }),
    );
    const { stdout, code, loaded } = await runBin(['turn', '--workflow', join(packageRoot(), 'examples', 'trip'), '--turn', 'turn.json']);
    expect(code).toBe(0);
    expect(stdout).toContain('Milan');
    expect(layer(loaded, TYPESCRIPT_LOADER).length).toBeGreaterThan(0);
    expect(layer(loaded, SERVER)).toEqual([]);
  }, 400_000);
});
