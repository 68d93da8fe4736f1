import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { makeMigratedTemplate } from '../src/store/pglite-template.js';

const snapshotModule = new URL('../src/store/pglite-snapshot.mjs', import.meta.url).href;

/**
 * Vitest's global setup for the projects that open PGlite (store, process, browser): makes the
 * PGlite initdb snapshots once before their first test, as `npm start` does in a checkout. Without
 * them every PGlite on a new data folder runs initdb (11–15 s and 700–900 MB on a shared 2-core
 * machine): on a fresh clone, every server the process tests spawn did, and workers running side
 * by side would each make their own. In plain Node, as the PGlite worker loads the module: Vite's
 * module runner, which runs this file, has no import.meta.resolve.
 *
 * Then the migrated template the tests' in-memory stores start from (`src/store/pglite-template.ts`:
 * one per PGlite version, schema and month), so each skips the migrations it would otherwise run.
 * Quick when all three exist.
 */
export default async function setup(): Promise<void> {
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', `await (await import(${JSON.stringify(snapshotModule)})).ensureSnapshots();`], {
    timeout: 300_000,
  });
  await makeMigratedTemplate();
}
