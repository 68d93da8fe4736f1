import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../src/evidence/json-logger.js';
import { verifyEvidence } from '../../src/evidence/verify-evidence.js';
import { createTestServer } from '../../src/server/testing.js';
import { openStore, type Database } from '../../src/store/index.js';
import { until, verifyLoad } from './verify-load.js';

/**
 * The disk under a PGlite data folder fills while the sidecar is loaded. As root the test mounts
 * a size-limited tmpfs as the folder's disk and fills it with a file; where mounting is refused
 * it injects `ENOSPC` into PGlite's file writes instead (`pgliteDiskFull`). One of the two always
 * runs, and the test says which.
 */

const DISK_MB = 96;
let mounted: string | undefined;
const dirs: string[] = [];
afterAll(async () => {
  if (mounted !== undefined) execFileSync('umount', ['-l', mounted]);
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** A full disk the test can make and take back: a tmpfs filled with a file, or injected `ENOSPC`. */
interface Disk {
  readonly how: 'tmpfs' | 'injected ENOSPC';
  readonly dataDir: string;
  readonly diskFull?: SharedArrayBuffer;
  fill(): void;
  free(): void;
}

async function sizeLimitedDisk(): Promise<Disk> {
  const dir = await mkdtemp(join(tmpdir(), 'warrant-disk-full-'));
  dirs.push(dir);
  const disk = join(dir, 'disk');
  mkdirSync(disk);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}M`, 'tmpfs', disk], { stdio: 'pipe' });
    mounted = disk;
  } catch {
    // Not root, or no CAP_SYS_ADMIN (EPERM): the same fault, injected where PGlite writes.
    const diskFull = new SharedArrayBuffer(4);
    const flag = new Int32Array(diskFull);
    return {
      how: 'injected ENOSPC',
      dataDir: join(disk, 'pgdata'),
      diskFull,
      fill: () => void Atomics.store(flag, 0, 1),
      free: () => void Atomics.store(flag, 0, 0),
    };
  }
  const filler = join(disk, 'filler');
  return {
    how: 'tmpfs',
    dataDir: join(disk, 'pgdata'),
    fill() {
      const fd = openSync(filler, 'w');
      const chunk = Buffer.alloc(1 << 20);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler),
  };
}

describe('the disk fills under a PGlite data folder', () => {
  let db: Database | undefined;
  afterAll(async () => {
    await db?.close();
  });

  it('writes answer 503 problem+json with Retry-After (a data file refused; a WAL segment refused: PANIC, the folder reopened), nothing half-written, and resume once space returns, without a restart', async () => {
    const disk = await sizeLimitedDisk();
    db = await openStore({ dataDir: disk.dataDir, ...(disk.diskFull ? { pgliteDiskFull: disk.diskFull } : {}) });
    const logged: string[] = [];
    const server = await createTestServer(db, { logger: createJsonLogger({ write: (line) => logged.push(line) }) });

    const { acknowledged, statuses, refusals, stop } = verifyLoad(server, 4);
    try {
      await until(() => acknowledged.length >= 20, 60_000, '20 acknowledgements');
      disk.fill();
      await until(() => refusals.length >= 5, 60_000, '5 refusals on a full disk');
      // A WAL segment switch (archive_timeout, or a busy store) then a checkpoint: the next WAL
      // segment cannot be created, which PostgreSQL answers with a PANIC.
      const panic = await db
        .query('select pg_switch_wal()')
        .then(() => db!.query('checkpoint'))
        .then(
          () => 'no error',
          (error: Error) => error.message,
        );
      expect(panic).toMatch(/no space left on device/i);
      const refusedBefore = refusals.length;
      await until(() => refusals.length >= refusedBefore + 5, 60_000, '5 refusals after the PANIC');
      const freedAt = Date.now();
      const ackedWhenFreed = acknowledged.length;
      disk.free();
      await until(() => acknowledged.length >= ackedWhenFreed + 1, 90_000, 'a write once space returned');
      const recoveredMs = Date.now() - freedAt;
      await until(() => acknowledged.length >= ackedWhenFreed + 20, 60_000, '20 more acknowledgements');
      await stop();
      await server.drain();

      expect([...statuses.keys()].sort()).toEqual([200, 503]); // never a 500, never a hang
      expect(new Set(refusals)).toEqual(new Set(['application/problem+json; retry-after 2']));
      expect(logged.some((line) => line.includes('PANIC'))).toBe(true); // the stopped instance was seen, and replaced

      const stored = new Set((await db.query<{ id: string }>('select id from effects where tenant_id = $1', ['acme'])).map((r) => r.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      // Nothing half-written: every stored row is whole and sealed, the chain unbroken.
      const report = await verifyEvidence(db);
      expect(report.problems).toEqual([]);
      console.log(
        `disk full under PGlite (${disk.how}): ${acknowledged.length} acknowledged, all persisted; ${statuses.get(503)} answered 503; ` +
          `writes resumed ${recoveredMs} ms after space returned`,
      );
    } finally {
      await stop().catch(() => {});
    }
  }, 240_000);
});
