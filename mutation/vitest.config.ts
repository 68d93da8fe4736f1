import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The test files of the module under mutation, from `npm run mutate` (mutation/run.mjs).
const include = (process.env.WARRANT_MUTATE_TESTS ?? '').split(',').filter(Boolean);
if (include.length === 0) throw new Error('mutation/vitest.config.ts runs under `npm run mutate -- <module>`, which names the tests');

export default defineConfig({
  // Properties run capped (see fast-check-capped.mjs): a mutant costs every test that reaches it.
  // The wrapper imports the real library as `fast-check-uncapped`, resolved here where Node
  // resolves it (a relative path into node_modules breaks in Stryker's sandbox, whose
  // node_modules is a link).
  resolve: {
    alias: [
      { find: /^fast-check$/, replacement: fileURLToPath(new URL('./fast-check-capped.mjs', import.meta.url)) },
      { find: /^fast-check-uncapped$/, replacement: fileURLToPath(import.meta.resolve('fast-check')) },
    ],
  },
  test: {
    include,
    exclude: ['dist/**', 'node_modules/**'],
    testTimeout: 30_000,
    passWithNoTests: false,
  },
});
