/**
 * `npm run bench [NAME…]`: runs every `bench/*.bench.ts` (or those whose file name contains one
 * of the NAMEs), each in its own process so one benchmark's heap and JIT state never colour
 * another's. Each benchmark prints its own JSON lines; progress goes to stderr.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((n) => f.includes(n)))
  .sort();

let failed = 0;
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, file)], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0) {
    failed++;
    process.stderr.write(`bench: ${file} exited with ${code}\n`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
