import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig, type UserConfig } from 'tsdown';

/**
 * One entry per public subpath (see `exports` in package.json); `cli`, the `warrant` command that
 * bin/warrant.mjs runs, whose commands load their layers through dynamic imports (split into
 * chunks of their own here); and `pglite-worker`, the embedded PostgreSQL's thread, which
 * `openPgliteDatabase` starts from beside its own chunk, so the package ships no sources.
 *
 * Source maps go beside every file, so a stack trace (`node --enable-source-maps`) names the
 * source file and line. The library's build is ESM only: a CommonJS host `require`s it (Node ≥ 20.19), and
 * for TypeScript's `require` resolution each `.d.mts` gets a `.d.cts` twin (see `cjsTypes`).
 */
const library: UserConfig = {
  entry: {
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
  },
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
      await mapsWithoutSources(options.outDir);
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
 * Writes a `.d.cts` beside each `.d.mts`, its imports pointing at the other `.d.cts` files.
 * TypeScript reads a `.d.mts` as an ES module, which a CommonJS file under `node16` may not
 * `require` (TS1479) although Node ≥ 20.19 does; the `require` condition's types say what
 * `require('warrant/…')` returns: the same named exports.
 */
async function cjsTypes(outDir: string): Promise<void> {
  for (const file of await readdir(outDir)) {
    if (!file.endsWith('.d.mts')) continue;
    const text = await readFile(join(outDir, file), 'utf8');
    const cts = text.replace(/(from\s+["']\.\/[^"']+)\.mjs(["'])/g, '$1.cjs$2').replace(/\/\/# sourceMappingURL=.*$/m, '');
    await writeFile(join(outDir, file.replace(/\.d\.mts$/, '.d.cts')), cts);
  }
}

/**
 * Drops the sources' text from each source map: a stack trace needs only the mappings to name
 * `src/…` file and line, and the text would double the package.
 */
async function mapsWithoutSources(outDir: string): Promise<void> {
  for (const file of await readdir(outDir)) {
    if (!file.endsWith('.map')) continue;
    const map = JSON.parse(await readFile(join(outDir, file), 'utf8')) as { sourcesContent?: unknown };
    delete map.sourcesContent;
    await writeFile(join(outDir, file), JSON.stringify(map));
  }
}
