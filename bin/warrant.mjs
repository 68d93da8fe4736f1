#!/usr/bin/env node
// The CLI runs from the build (dist/, which the published package always holds, and which
// `npm run build`, `npm test` and `npm pack` make in a checkout): plain Node, no TypeScript
// loader, each command's layer loaded only when that command runs. A checkout with no build runs
// the sources through tsx instead (a devDependency: never needed by the package).
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.mjs', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const tsx = await import('tsx/esm/api').catch(() => undefined);
  if (!tsx) {
    process.stderr.write('warrant: no build (dist/cli.mjs) and no tsx to run the sources: run `npm run build` first\n');
    process.exit(1);
  }
  tsx.register();
  await import('../src/cli/main.ts');
}
