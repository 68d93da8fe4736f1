import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { StoreError } from './database.js';

/** The lock file's name inside a PGlite data folder (PostgreSQL keeps its `postmaster.pid` there too). */
export const DATA_DIR_LOCK_FILE = 'warrant.lock';

/** A held data-folder lock; see {@link lockDataDir}. */
export interface DataDirLock {
  /** The lock file's path. */
  readonly path: string;
  /** Removes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

interface LockContent {
  readonly pid: number;
  /** The holder's start time in clock ticks since boot (Linux), so a recycled pid is not mistaken for the holder. */
  readonly started: string | null;
}

/** How many times a stale lock is taken over before giving up (another process keeps racing for it). */
const TAKEOVER_ATTEMPTS = 5;

/** Lock files this process holds: a second open of the same folder in one process is refused too. */
const held = new Set<string>();

/**
 * Makes this process the only one using the PGlite data folder `dataDir` (W10): two processes on
 * one folder each believe they own the files and overwrite each other's pages, losing acknowledged
 * writes. Creates the folder (0700) and, atomically, `dataDir/warrant.lock` (0600) holding this
 * process's pid. A lock held by a live process refuses with a {@link StoreError} naming the folder
 * and the holder's pid; a lock whose process is gone (killed, crashed) is taken over — the way
 * PostgreSQL treats its `postmaster.pid`. The lock is removed by `release()` or, failing that,
 * when the process exits normally.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700); // a folder made beforehand by someone else's umask is made private too
  const path = join(await realpath(dataDir), DATA_DIR_LOCK_FILE);
  if (held.has(path)) throw new StoreError(`the data folder ${dataDir} is already open in this process (pid ${process.pid}); share that store instead`);
  const mine: LockContent = { pid: process.pid, started: processStartTime(process.pid) };
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, mine)) break;
    const holder = readLock(path);
    if (holder === 'missing') continue; // released between our attempt and the read: try again
    if (holder !== 'unreadable' && isAlive(holder)) {
      throw new StoreError(
        `the data folder ${dataDir} is in use by another process (pid ${holder.pid}); stop it first, or point WARRANT_DATA_DIR at another folder`,
      );
    }
    if (attempt >= TAKEOVER_ATTEMPTS) {
      throw new StoreError(`cannot take over the lock ${path}: other processes keep claiming it`);
    }
    // The holder is gone (or the file is a torn write of a process that died while creating it).
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new StoreError(`cannot remove the stale lock ${path}: ${(error as Error).message}`, error);
    }
  }
  held.add(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(path);
    process.off('exit', release);
    const holder = readLock(path);
    if (typeof holder === 'object' && holder.pid === mine.pid && holder.started === mine.started) {
      try {
        unlinkSync(path);
      } catch {
        // Already gone: nothing to release.
      }
    }
  };
  process.on('exit', release);
  return { path, release };
}

/**
 * Makes `dir` and everything under it private to the owner: folders 0700, files 0600. PGlite
 * unpacks its initial database with world-writable modes whatever the umask, so the modes are
 * set after it has opened; files it creates later sit inside the 0700 folder, which no other
 * user can enter.
 */
export async function makePrivate(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await makePrivate(path);
    else if (entry.isFile()) {
      const { mode } = await lstat(path);
      if ((mode & 0o777) !== 0o600) await chmod(path, 0o600);
    }
  }
}

function tryCreate(path: string, content: LockContent): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new StoreError(`cannot create the lock ${path}: ${(error as Error).message}`, error);
  }
  try {
    writeSync(fd, `${JSON.stringify(content)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readLock(path: string): LockContent | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new StoreError(`cannot read the lock ${path}: ${(error as Error).message}`, error);
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    if (typeof parsed.pid === 'number' && Number.isInteger(parsed.pid) && parsed.pid > 0) {
      return { pid: parsed.pid, started: typeof parsed.started === 'string' ? parsed.started : null };
    }
  } catch {
    // fall through
  }
  return 'unreadable';
}

function isAlive({ pid, started }: LockContent): boolean {
  if (pid === process.pid) return false; // a lock naming us that we did not take: left by an earlier life of this pid (a container restart)
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
  }
  // The pid is in use; on Linux, a different start time means the pid was recycled.
  const now = processStartTime(pid);
  return started === null || now === null || now === started;
}

/** Field 22 of `/proc/<pid>/stat` (start time in ticks since boot), or `null` where there is no procfs. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
