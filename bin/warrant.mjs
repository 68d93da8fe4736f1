#!/usr/bin/env node
// The CLI runs from the build (dist/, made by `npm install`'s prepare and by `npm test`): plain
// Node, no TypeScript loader, each command's layer loaded only when that command runs. A checkout
// installed without its scripts has no build; it runs the sources through tsx instead.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.mjs', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
