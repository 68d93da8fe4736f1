#!/usr/bin/env node
// `npm test`'s checks between the lint and the tests: the four type checks (tsconfig.json, and
// warrant/ai-sdk against ai 7, the PGlite worker's JSDoc, the inspector page against the DOM) and
// the build, side by side instead of one after another (the README's development section has the
// figures). Prints what each one printed, and exits 1 when any of them failed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSideBySide } from './side-by-side.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const tsdown = join(root, 'node_modules', 'tsdown', 'dist', 'run.mjs');
const node = process.execPath;

const results = await runSideBySide(
  [
    { name: 'tsc --noEmit', command: node, args: [tsc, '--noEmit'] },
    ...['tsconfig.ai-sdk-7.json', 'tsconfig.worker.json', 'tsconfig.inspector.json'].map((p) => ({
      name: `tsc --noEmit -p ${p}`,
      command: node,
      args: [tsc, '--noEmit', '-p', p],
    })),
    { name: 'tsdown', command: node, args: [tsdown, '--logLevel', 'error'] },
  ],
  { cwd: root },
);
for (const { name, code, ms, output } of results) {
  process.stdout.write(`${code === 0 ? 'ok' : `FAILED (exit ${code})`}: ${name} (${(ms / 1000).toFixed(1)} s)\n${output}`);
}
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
