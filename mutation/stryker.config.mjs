import { MUTATION_MODULES } from './modules.mjs';

const name = process.env.WARRANT_MUTATE_MODULE;
const module = MUTATION_MODULES[name];
if (!module) throw new Error(`unknown mutation module ${name}; one of ${Object.keys(MUTATION_MODULES).join(', ')}`);

/**
 * StrykerJS for one module (see modules.mjs): its files mutated, only its own tests run, one
 * mutant at a time (the machine is shared), incremental so a second run re-tests only mutants
 * whose code or tests changed. Reports and the incremental file live under reports/mutation/
 * (ignored by git: they describe one machine's last run, and a stale one would skip work).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  mutate: module.mutate,
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.WARRANT_MUTATE_CONCURRENCY ?? 1),
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  // Vitest strips types without checking them, so Stryker's `// @ts-nocheck` on every file does
  // nothing but change the files' text, which the test comparing the committed WebAssembly
  // module's source with a fresh build (automaton-wasm.test.ts) then fails in the dry run.
  disableTypeChecks: false,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  // Added to a test run's own time before a mutant counts as timed out (an endless loop in a
  // scan): lower it on a quiet machine for modules whose mutants loop often.
  timeoutMS: Number(process.env.WARRANT_MUTATE_TIMEOUT_MS ?? 10_000),
  thresholds: { high: 90, low: 80, break: null },
};
