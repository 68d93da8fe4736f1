import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { browserTests, processTests, storeTests, testFiles } from './test/test-projects.js';

/**
 * Test files run side by side in one more worker than the machine has cores (Vitest's default is
 * one fewer: a single worker on a 2-core machine, every file after the other). Most store and
 * process files wait on child processes, sockets and disk, so a third worker on 2 cores fills
 * those waits (the README's development section has the figures). Every project shares the one
 * count: Vitest runs projects with different counts one after another.
 */
export const maxWorkers = availableParallelism() + 1;

/** Makes the PGlite initdb snapshots once, before any test that opens PGlite (store, process, browser). */
const globalSetup = ['./test/global-setup.ts'];

/**
 * Four projects, named by what their tests start (test/test-projects.ts lists them):
 * `npx vitest run --project unit` runs the tests that start nothing; `vitest run` runs them all.
 * Unit files share their worker's modules (`isolate: false`): they start nothing and restore what
 * they stub, and re-importing the layers for each of ~400 files was half of the project's time.
 * The other projects keep a fresh module graph per file (servers, stores, `vi.mock`).
 */
export default defineConfig({
  test: {
    exclude: ['dist/**', 'node_modules/**'],
    // PGlite takes seconds to start on a cold machine; PostgreSQL suites share one server. Files
    // run side by side, so a test shares the cores: at 30 s, store tests timed out on a loaded machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers,
    reporters: ['default', './test/plain-summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', isolate: false, include: testFiles, exclude: ['dist/**', 'node_modules/**', ...storeTests, ...processTests, ...browserTests] },
      },
      { extends: true, test: { name: 'store', include: storeTests, globalSetup } },
      { extends: true, test: { name: 'process', include: processTests, globalSetup } },
      { extends: true, test: { name: 'browser', include: browserTests, globalSetup } },
    ],
  },
});
