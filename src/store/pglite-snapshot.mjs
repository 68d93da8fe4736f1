// A snapshot of a freshly initialised PGlite cluster (what initdb makes, before any migration),
// kept twice — as PGlite's own tarball for in-memory stores, and as a folder that a new data
// folder is copied from (loading the tarball holds its unpacked files in memory, about 100 MB
// more peak RSS than opening a copied folder) — so a new store starts from it instead of running initdb: initdb is
// what makes PGlite's first start slow (11–15 s on a shared 2-core machine) and large (a second
// PGlite and initdb's own WebAssembly beside the first: 700–900 MB of peak RSS), where loading
// the snapshot takes a fraction of both. Plain JavaScript, like the worker that uses it, so
// `scripts/prepare-checkout.mjs` (run by `npm start` in a checkout) can make one without a build.
//
// One snapshot per PGlite version: a cluster is only valid for the PostgreSQL build that made it.
// It holds no data of anyone's (the cluster as initdb leaves it), and migrations still run after
// it is loaded, so a snapshot never has to change when the schema does.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * The folder of the nearest package.json named `name`, walking up from `start`: this module runs
 * from src/store/ in a checkout and bundled into dist/ in the package, so a fixed number of `..`
 * would be right for one and wrong for the other.
 * @param {string} start
 * @param {string} name
 * @returns {string}
 */
function packageFolder(start, name) {
  for (let folder = start; ; folder = dirname(folder)) {
    try {
      if (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name === name) return folder;
    } catch {
      // no package.json here, or not JSON: keep walking up
    }
    if (dirname(folder) === folder) throw new Error(`no package.json named ${name} above ${start}`);
  }
}

const packageRoot = packageFolder(dirname(fileURLToPath(import.meta.url)), 'warrant');

/** The installed PGlite's version (the snapshot's key), from the package Node resolves. */
export function pgliteVersion() {
  const pglite = packageFolder(dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite'))), '@electric-sql/pglite');
  return JSON.parse(readFileSync(join(pglite, 'package.json'), 'utf8')).version;
}

/**
 * Where the snapshot of this PGlite version lives: the package's `node_modules/.cache/warrant`,
 * the folder tools conventionally keep derived, re-creatable files in.
 */
export function snapshotPath(version = pgliteVersion()) {
  return join(packageRoot, 'node_modules', '.cache', 'warrant', `pglite-${version}-initdb.tar.gz`);
}

/** The snapshot as PGlite's `loadDataDir` takes it, or undefined when there is none yet. */
export function readSnapshot(path = snapshotPath()) {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return undefined;
  }
}

/**
 * Writes `pg`'s data folder (a cluster initdb has just made, nothing migrated yet) as the
 * snapshot: to a temporary name first, then renamed, so a process reading it never sees half a
 * file and two processes writing at once leave one whole snapshot. A folder that cannot be
 * written (a read-only install) just leaves no snapshot: the next start runs initdb again.
 * @param {PGlite} pg
 * @param {string} [path]
 * @returns {Promise<boolean>}
 */
export async function writeSnapshot(pg, path = snapshotPath()) {
  try {
    const blob = await pg.dumpDataDir('gzip');
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temporary, Buffer.from(await blob.arrayBuffer()));
    renameSync(temporary, path);
    return true;
  } catch {
    return false;
  }
}

/** The snapshot as a cluster folder, which a fresh data folder is copied from. */
export function snapshotFolder(version = pgliteVersion()) {
  return join(dirname(snapshotPath(version)), `pglite-${version}-initdb`);
}

/**
 * Fills the fresh data folder `dataDir` from the folder snapshot; false when there is none (the
 * caller then loads the tarball or runs initdb). The folder already holds its lock file, which
 * the copy leaves alone.
 * @param {string} dataDir
 * @param {string} [folder]
 * @returns {boolean}
 */
export function copySnapshotFolder(dataDir, folder = snapshotFolder()) {
  if (!existsSync(join(folder, 'PG_VERSION'))) return false;
  cpSync(folder, dataDir, { recursive: true });
  return true;
}

/**
 * Makes both snapshots of this PGlite version if missing (what `npm install` runs, through
 * `scripts/pglite-snapshot.mjs`): the tarball from an in-memory initdb, then the folder by
 * loading that tarball into a temporary folder renamed into place once PGlite has closed it.
 */
export async function ensureSnapshots() {
  const path = snapshotPath();
  let made = false;
  if (!existsSync(path)) {
    made = true;
    const pg = await PGlite.create();
    try {
      if (!(await writeSnapshot(pg, path))) throw new Error(`cannot write ${path}`);
    } finally {
      await pg.close();
    }
  }
  const folder = snapshotFolder();
  if (!existsSync(join(folder, 'PG_VERSION'))) {
    made = true;
    const temporary = `${folder}.${process.pid}.tmp`;
    rmSync(temporary, { recursive: true, force: true });
    const pg = await PGlite.create({ dataDir: temporary, loadDataDir: readSnapshot(path) });
    await pg.close();
    rmSync(folder, { recursive: true, force: true });
    renameSync(temporary, folder);
  }
  return { tarball: path, folder, made };
}
