// Node releases from the npm registry (the `node-<os>-<arch>` packages carry the binary), each
// installed once into a cache folder of this checkout and reused: the consumer tests run apps on
// Node 22 and 24 without a system install. `node test/consumer/registry-node.mjs 22.23.5` prints
// the binary's path (.ci/run uses it to run the consumer tests themselves on 22 and 24).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Node 22 that `ai` 7 and `@ai-sdk/openai` 4 (which require ≥ 22) run on in `npm test`. */
export const NODE_22 = '22.23.5';
/** The newest Node line, run by `.ci/run`. */
export const NODE_24 = '24.22.3';

const cache = fileURLToPath(new URL('../../node_modules/.cache/warrant-registry-node/', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The path of the `node` binary of release `version` for this machine, installed from the
 * registry on first use (npm's cache first; bounded to 5 minutes) and reused afterwards.
 */
export function registryNode(version) {
  const os = process.platform === 'win32' ? 'win' : process.platform;
  const pkg = `node-${os}-${process.arch}`;
  const dir = join(cache, version);
  const bin = join(dir, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(bin)) return bin;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `registry-node-${version}`, private: true }));
  // The package holds the binary itself: no install script is needed (or run).
  execFileSync(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `${pkg}@${version}`], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 300_000,
  });
  if (!existsSync(bin)) throw new Error(`${pkg}@${version} installed no ${bin}`);
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const version = process.argv[2];
  if (!version) throw new Error('usage: node test/consumer/registry-node.mjs <version>');
  process.stdout.write(`${registryNode(version)}\n`);
}
