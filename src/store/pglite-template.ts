import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { packageRoot } from '../package-root.js';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock.js';
import { openStore } from './open-store.js';

/**
 * The tests' migrated template: a tarball of a PGlite cluster with every migration applied (and
 * this month's evidence partitions made), which their in-memory stores start from instead of the
 * initdb snapshot followed by every migration (see `openStoreFromTemplate`). It is made once by
 * the tests' global setup (`test/global-setup.ts`) and lives beside the initdb snapshot in
 * `node_modules/.cache/warrant`. A checkout's tool, not part of the package: its key reads the
 * store's sources.
 *
 * A template is only right for the PGlite that made it, the schema its migrations made and the
 * month it was made in (a store made in another month holds other month partitions), so its name
 * holds all three: the PGlite version, a digest of every source file of `src/store/` (the
 * migrations and everything they import: a migration's `run` calls code beside it), and the UTC
 * month. A change to any of them names a template that does not exist yet; one that is not there
 * is never guessed at: the stores then start the usual way.
 */

/** `src/store/`, whose sources the key digests. */
const storeFolder = (root: string) => join(root, 'src', 'store');

/**
 * A digest of every source file under `folder` (TypeScript and JavaScript, tests left out), by
 * path and content: the migrations and every module they can reach in the store layer.
 */
export function storeSourceDigest(folder: string): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(?:ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        hash.update(`${relative(folder, path)}\0`);
        hash.update(readFileSync(path));
        hash.update('\0');
      }
    }
  };
  visit(folder);
  return hash.digest('hex').slice(0, 16);
}

/** The PGlite version installed in the checkout at `root`. */
function pgliteVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The digest of a checkout's store sources, once per process and root. */
const digests = new Map<string, string>();

/**
 * Where the template of this checkout's PGlite, schema and month (UTC, of `now`) lives, whether
 * or not it has been made.
 */
export function migratedTemplatePath({ root = packageRoot(), now = new Date() }: { root?: string; now?: Date } = {}): string {
  let digest = digests.get(root);
  if (digest === undefined) digests.set(root, (digest = storeSourceDigest(storeFolder(root))));
  const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return join(root, 'node_modules', '.cache', 'warrant', `pglite-${pgliteVersion(root)}-migrated-${digest}-${month}.tar.gz`);
}

/** The template to start from now, or undefined when it has not been made. */
export function existingMigratedTemplate(): string | undefined {
  const path = migratedTemplatePath();
  return existsSync(path) ? path : undefined;
}

/**
 * Makes the template at `path` when it is missing: a store opened the usual way (initdb snapshot,
 * every migration) on a temporary data folder, closed, its lock file removed (a template must
 * never carry it), and dumped as PGlite's tarball, written under a temporary name and renamed, so
 * a reader never sees half of one and two writers leave one whole. Templates of other keys in the
 * same folder are removed: nothing names them any more. Resolves with whether it made one.
 */
export async function makeMigratedTemplate(path = migratedTemplatePath()): Promise<boolean> {
  if (existsSync(path)) return false;
  const work = await mkdtemp(join(tmpdir(), 'warrant-template-'));
  try {
    const cluster = join(work, 'cluster');
    const store = await openStore({ dataDir: cluster, pgliteSettings: { shared_buffers: '16MB' } });
    await store.close();
    await writeClusterTarball(cluster, path);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  for (const name of await readdir(dirname(path))) {
    if (/^pglite-.*-migrated-.*\.tar\.gz$/.test(name) && name !== basename(path)) await rm(join(dirname(path), name), { force: true });
  }
  return true;
}

/**
 * Writes the closed cluster in `folder` as PGlite's tarball at `path` (under a temporary name,
 * then renamed), leaving out its lock file: a template must never carry one into another store.
 */
export async function writeClusterTarball(folder: string, path: string): Promise<void> {
  await rm(join(folder, DATA_DIR_LOCK_FILE), { force: true });
  const pg = await PGlite.create({ dataDir: folder });
  let tarball: Blob;
  try {
    tarball = await pg.dumpDataDir('gzip');
  } finally {
    await pg.close();
  }
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.from(await tarball.arrayBuffer()));
  await rename(temporary, path);
}
