// `npm start` runs this first, in a checkout: it makes what a fresh clone lacks and a published
// package never needs — the build in dist/ when it is missing or older than src/, and the PGlite
// initdb snapshots (src/store/pglite-snapshot.mjs) — so the package itself declares no install-time
// script (npm warns every consumer about one). Quick when nothing is missing; notes on stderr.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of any file under `folder`, in ms. */
function newest(folder) {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const built = join(root, 'dist', 'cli.mjs');
if (!existsSync(built) || statSync(built).mtimeMs < Math.max(newest(join(root, 'src')), newest(join(root, 'examples')))) {
  const t0 = performance.now();
  execFileSync(process.execPath, [join(root, 'node_modules', 'tsdown', 'dist', 'run.mjs'), '--logLevel', 'error'], { cwd: root, stdio: ['ignore', 2, 2] });
  process.stderr.write(`warrant: built dist/ in ${Math.round(performance.now() - t0)} ms\n`);
}

const { ensureSnapshots } = await import('../src/store/pglite-snapshot.mjs');
const t0 = performance.now();
const { folder, made } = await ensureSnapshots();
if (made) process.stderr.write(`warrant: PGlite snapshot made in ${Math.round(performance.now() - t0)} ms: ${folder}\n`);
