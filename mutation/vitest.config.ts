import { defineConfig } from 'vitest/config';

// The test files of the module under mutation, from `npm run mutate` (mutation/run.mjs).
const include = (process.env.WARRANT_MUTATE_TESTS ?? '').split(',').filter(Boolean);
if (include.length === 0) throw new Error('mutation/vitest.config.ts runs under `npm run mutate -- <module>`, which names the tests');

export default defineConfig({
  test: {
    include,
    exclude: ['dist/**', 'node_modules/**'],
    testTimeout: 30_000,
    passWithNoTests: false,
  },
});
