import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig, type UserConfig } from 'tsdown';
import { lineSourceMap } from './scripts/line-source-maps.mjs';

/**
 * One entry per public subpath (see `exports` in package.json); `cli`, the `warrant` command that
 * bin/warrant.mjs runs, whose commands load their layers through dynamic imports (split into
 * chunks of their own here); and `pglite-worker`, the embedded PostgreSQL's thread, which
 * `openPgliteDatabase` starts from beside its own chunk, so the package ships no sources.
 *
 * Source maps go beside every file, so a stack trace (`node --enable-source-maps`) names the
 * source file and line. The build is ESM only: a CommonJS host `require`s it (Node ≥ 20.19), and
 * for TypeScript's `require` resolution each entry's `.d.mts` gets a `.d.cts` beside it that
 * re-exports it (see `cjsTypes`).
 */
const entry = {
  index: 'src/index.ts',
  cli: 'src/cli/main.ts',
  contract: 'src/contract/index.ts',
  probe: 'src/probe/index.ts',
  model: 'src/model/index.ts',
  server: 'src/server/index.ts',
  store: 'src/store/index.ts',
  suggest: 'src/suggest/index.ts',
  turn: 'src/turn/index.ts',
  testing: 'src/testing/index.ts',
  'ai-sdk': 'src/adapters/ai-sdk/index.ts',
  agents: 'src/adapters/agents/index.ts',
  langchain: 'src/adapters/langchain/index.ts',
  'pglite-worker': 'src/store/pglite-worker.mjs',
};

const library: UserConfig = {
  entry,
  format: 'esm',
  dts: true,
  sourcemap: true,
  // Whitespace only: names and statements stay as written (stack traces, error names and
  // `instanceof` across copies read the same), and the source maps still lead back to the source.
  minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
  platform: 'node',
  target: 'node20',
  clean: true,
  hooks: {
    'build:done': async ({ options }) => {
      await cjsTypes(options.outDir);
      await lineMaps(options.outDir);
    },
  },
};

/**
 * The inspector page's script, for the browser: its typed modules (src/server/inspector/page/)
 * bundled into one self-contained file, `dist/inspector.iife.js`, which `inspector-page.ts`
 * inlines into the page (whose policy lists the script's hash). Built beside the library, after
 * the one clean of `dist/` both builds wait for.
 */
const inspector: UserConfig = {
  entry: { inspector: 'src/server/inspector/page/main.ts' },
  outDir: 'dist',
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  tsconfig: 'tsconfig.inspector.json',
  dts: false,
  sourcemap: false,
  clean: false,
  minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
};

export default defineConfig([library, inspector]);

/**
 * Writes a `.d.cts` beside each entry's `.d.mts` that re-exports it: what `require('warrant/…')`
 * returns is the same module, so its types are the same declarations. A copy of every declaration
 * file with CommonJS import paths (what this wrote before) doubled the package's types, 71 KB of
 * its 537 KB packed. TypeScript resolves the re-export under every resolution mode; under `node16`
 * with `skipLibCheck` off it reports TS1479 inside the `.d.cts` (an ES module required from a
 * CommonJS file, which Node ≥ 20.19 does), and `nodenext` (TypeScript ≥ 5.8) reports nothing.
 */
async function cjsTypes(outDir: string): Promise<void> {
  for (const name of Object.keys(entry)) {
    const types = join(outDir, `${name}.d.mts`);
    if (!existsSync(types)) continue;
    await writeFile(join(outDir, `${name}.d.cts`), `export * from './${name}.mjs';\n`);
  }
}

/**
 * Keeps of each source map what a stack trace needs (`scripts/line-source-maps.mjs`): the source
 * file and line of every place in a chunk, without the sources' text (which would double the
 * package) or a segment per token and its name (which weighed 129 KB of the 515 KB packed, against
 * 43 KB mapped to the line).
 */
async function lineMaps(outDir: string): Promise<void> {
  for (const file of await readdir(outDir)) {
    if (!file.endsWith('.map')) continue;
    const map = JSON.parse(await readFile(join(outDir, file), 'utf8')) as { mappings: string };
    await writeFile(join(outDir, file), JSON.stringify(lineSourceMap(map)));
  }
}
