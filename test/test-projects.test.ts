import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../src/package-root.js';
import config, { maxWorkers } from '../vitest.config.js';
import { browserTests, processTests, storeTests } from './test-projects.js';

const root = packageRoot();

type Project = 'unit' | 'store' | 'process' | 'browser';

/** What a test file's text shows it starts, heaviest first. */
const SIGNS: readonly [Exclude<Project, 'unit'>, RegExp][] = [
  ['browser', /playwright-core|launch-test-browser/],
  ['process', /node:child_process|spawnWarrant\(|registry-node/],
  [
    'store',
    /storeTargets|openMemoryStore|openPgliteDatabase|openStore\b|createTestServer|DATABASE_URL|withReplayStore|turnReplayer|modelTurnReplayer|runTurnFixture|runModelTurnFixture|runCli\(\[\s*'(?:turn|serve|evidence)'/,
  ],
];
const WEIGHT: Record<Project, number> = { unit: 0, store: 1, process: 2, browser: 3 };

async function testFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts') && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

const listed = new Map<string, Project>();
for (const [project, files] of [
  ['browser', browserTests],
  ['process', processTests],
  ['store', storeTests],
] as const) {
  for (const file of files) listed.set(file, listed.has(file) ? (`${listed.get(file)} and ${project}` as Project) : project);
}

describe('vitest projects', () => {
  it('each listed file exists and is in one project only, so no test runs twice or drops out of its project', () => {
    for (const [file, project] of listed) {
      expect(existsSync(join(root, file)), `${file} (project ${project}) does not exist`).toBe(true);
      expect(['browser', 'process', 'store'], `${file} is listed in ${project}`).toContain(project);
    }
  });

  it('a test file that starts a browser, a process or a store is in that project or a heavier one, never in unit', async () => {
    const files = (await Promise.all(['src', 'test', 'examples'].map(testFilesIn))).flat();
    expect(files.length).toBeGreaterThan(100);
    const misplaced: string[] = [];
    // This file names every sign in its patterns.
    for (const file of files.filter((f) => f !== 'test/test-projects.test.ts')) {
      const text = await readFile(join(root, file), 'utf8');
      const starts = SIGNS.find(([, sign]) => sign.test(text))?.[0] ?? 'unit';
      const project = listed.get(file) ?? 'unit';
      if (WEIGHT[project] < WEIGHT[starts]) misplaced.push(`${file} starts a ${starts} test: list it in test/test-projects.ts (now ${project})`);
    }
    expect(misplaced).toEqual([]);
  });
});

describe('vitest workers', () => {
  const projects = (config.test?.projects ?? []).map(
    (p) => (p as { test: { name: string; maxWorkers?: unknown; globalSetup?: string[]; isolate?: boolean } }).test,
  );

  it('files run side by side in more workers than the machine has cores, one count for every project', () => {
    // Vitest's default is cores − 1: one worker on a 2-core machine, every file after the other.
    expect(maxWorkers).toBeGreaterThan(availableParallelism());
    expect(config.test?.maxWorkers).toBe(maxWorkers);
    // A project of its own count would run after the others instead of beside them.
    expect(projects.map((p) => p.name).sort()).toEqual(['browser', 'process', 'store', 'unit']);
    for (const project of projects) expect(project.maxWorkers, project.name).toBeUndefined();
    // A test shares the cores with the files beside it: its default time limit leaves room for that.
    expect(config.test?.testTimeout).toBeGreaterThanOrEqual(60_000);
  });

  it("unit files share their worker's modules; files that start stores, processes or browsers each get their own", () => {
    expect(Object.fromEntries(projects.map((p) => [p.name, p.isolate ?? true]))).toEqual({ unit: false, store: true, process: true, browser: true });
  });

  it('the projects that open PGlite make its initdb snapshot before their first test; unit does not wait for it', () => {
    const setups = Object.fromEntries(projects.map((p) => [p.name, p.globalSetup ?? []]));
    expect(setups).toEqual({ unit: [], store: ['./test/global-setup.ts'], process: ['./test/global-setup.ts'], browser: ['./test/global-setup.ts'] });
    expect(existsSync(join(root, 'test', 'global-setup.ts'))).toBe(true);
  });
});
