import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The folder of Warrant's own package.json, found by walking up from this module, so the
 * built-in fixtures and examples resolve the same from `src/`, a bundle, or `node_modules`.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'warrant') return (cached = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the warrant package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
