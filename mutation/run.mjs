#!/usr/bin/env node
// `npm run mutate [-- <module>...]`: mutation testing per module (see modules.mjs). Not part of
// `npm test`. With no module named it runs every one, one after another.
import { spawnSync } from 'node:child_process';
import { MUTATION_MODULES } from './modules.mjs';

const args = process.argv.slice(2);
// --force: re-test every mutant, not only those the incremental file says changed (Stryker's
// incremental mode does not notice a new test that kills an old survivor).
const force = args.includes('--force');
const names = args.filter((a) => a !== '--force');
if (names.includes('--list')) {
  for (const [name, m] of Object.entries(MUTATION_MODULES)) console.log(`${name.padEnd(30)} ${m.describe}`);
  process.exit(0);
}
const unknown = names.filter((n) => !(n in MUTATION_MODULES));
if (unknown.length > 0) {
  console.error(`warrant mutate: unknown module ${unknown.join(', ')}; one of ${Object.keys(MUTATION_MODULES).join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of names.length > 0 ? names : Object.keys(MUTATION_MODULES)) {
  console.error(`warrant mutate: ${name} (${MUTATION_MODULES[name].describe})`);
  const run = spawnSync('npx', ['stryker', 'run', 'mutation/stryker.config.mjs', ...(force ? ['--force'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, WARRANT_MUTATE_MODULE: name, WARRANT_MUTATE_TESTS: MUTATION_MODULES[name].tests.join(',') },
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
