import { defineConfig } from 'vitest/config';
import { browserTests, processTests, storeTests, testFiles } from './test/test-projects.js';

/**
 * Four projects, named by what their tests start (test/test-projects.ts lists them):
 * `npx vitest run --project unit` runs the tests that start nothing; `vitest run` runs them all.
 */
export default defineConfig({
  test: {
    exclude: ['dist/**', 'node_modules/**'],
    // PGlite takes seconds to start on a cold machine; PostgreSQL suites share one server.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/plain-summary-reporter.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: testFiles, exclude: ['dist/**', 'node_modules/**', ...storeTests, ...processTests, ...browserTests] } },
      { extends: true, test: { name: 'store', include: storeTests } },
      { extends: true, test: { name: 'process', include: processTests } },
      { extends: true, test: { name: 'browser', include: browserTests } },
    ],
  },
});
