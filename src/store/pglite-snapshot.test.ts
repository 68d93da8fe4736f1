import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript shared with the worker thread, no declarations
import { copySnapshotFolder, ensureSnapshots, snapshotFolder } from './pglite-snapshot.mjs';
import { migrations } from './migrations/index.js';
import { openStore } from './open-store.js';

const dir = await mkdtemp(join(tmpdir(), 'warrant-snapshot-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
// What `npm start` makes in a checkout; on a machine without it, made here once (an initdb: seconds).
beforeAll(() => ensureSnapshots(), 300_000);

describe('PGlite initdb snapshot', () => {
  it('a new data folder starts from the snapshot folder: migrated, usable, private, and reopened as itself', async () => {
    const folder = join(dir, 'fresh');
    const db = await openStore({ dataDir: folder, pgliteSettings: { shared_buffers: '16MB' } });
    try {
      const applied = await db.query<{ n: number }>('select count(*)::int8 as n from warrant_migrations');
      expect(applied[0]!.n).toBe(migrations.length);
      const [settings] = await db.query<{ shared_buffers: string }>('show shared_buffers');
      expect(settings!.shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    // The snapshot itself is untouched by what this store did.
    expect(await readdir(snapshotFolder())).not.toContain('warrant.lock');
    const again = await openStore({ dataDir: folder });
    expect((await again.query<{ n: number }>('select count(*)::int8 as n from warrant_migrations'))[0]!.n).toBe(migrations.length);
    await again.close();
  }, 120_000);

  it('copySnapshotFolder copies a cluster into an empty folder and refuses nothing it does not have', async () => {
    const target = join(dir, 'copy');
    expect(copySnapshotFolder(target)).toBe(true);
    expect(existsSync(join(target, 'PG_VERSION'))).toBe(true);
    expect(copySnapshotFolder(join(dir, 'other'), join(dir, 'no-such-snapshot'))).toBe(false);
  });
});
