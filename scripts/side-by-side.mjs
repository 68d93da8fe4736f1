// Runs commands side by side and reports each one's output once it ends, in the order given:
// `npm test` runs its type checks and its build this way (scripts/check.mjs).
import { spawn } from 'node:child_process';

/**
 * Runs every step at once; resolves, once all have ended, with each step's exit code, time and
 * its stdout and stderr together. A step that cannot start ends with code null and the error.
 * @param {{ name: string, command: string, args: string[] }[]} steps
 * @param {{ cwd?: string }} [options]
 * @returns {Promise<{ name: string, code: number | null, ms: number, output: string }[]>}
 */
export function runSideBySide(steps, { cwd = process.cwd() } = {}) {
  return Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = performance.now();
          let output = '';
          const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (d) => (output += d));
          child.stderr.on('data', (d) => (output += d));
          child.on('error', (error) => resolve({ name, code: null, ms: performance.now() - started, output: `${output}${error.message}\n` }));
          child.on('close', (code) => resolve({ name, code, ms: performance.now() - started, output }));
        }),
    ),
  );
}
