import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The test files of the module under mutation, from `npm run mutate` (mutation/run.mjs).
const include = (process.env.WARRANT_MUTATE_TESTS ?? '').split(',').filter(Boolean);
if (include.length === 0) throw new Error('mutation/vitest.config.ts runs under `npm run mutate -- <module>`, which names the tests');

export default defineConfig({
  // Properties run capped (see fast-check-capped.mjs): a mutant costs every test that reaches it.
  resolve: { alias: [{ find: /^fast-check$/, replacement: fileURLToPath(new URL('./fast-check-capped.mjs', import.meta.url)) }] },
  test: {
    include,
    exclude: ['dist/**', 'node_modules/**'],
    testTimeout: 30_000,
    passWithNoTests: false,
  },
});
