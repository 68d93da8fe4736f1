import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, lockDataDir } from './data-dir-lock.js';
import { StoreError } from './database.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'warrant-lock-'));
  dirs.push(dir);
  return join(dir, 'pgdata');
}

/** A process that stays alive until killed, and its start time as the lock records it. */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { pid: child.pid!, kill: async () => (child.kill('SIGKILL'), await exited) };
}
function startTime(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
}

describe('W10: one process per PGlite data folder', () => {
  it('a folder locked by a live process is refused, naming the folder and the holder pid', async () => {
    const dir = await folder();
    const holder = sleeper();
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: holder.pid, started: startTime(holder.pid) }));
      const refusal = await lockDataDir(dir).catch((error: unknown) => error);
      expect(StoreError.isInstance(refusal)).toBe(true);
      expect((refusal as Error).message).toContain(dir);
      expect((refusal as Error).message).toContain(`pid ${holder.pid}`);
    } finally {
      await holder.kill();
    }
  });

  it('a lock left by a dead process is taken over, and released on close', async () => {
    const dir = await folder();
    const gone = sleeper();
    const started = startTime(gone.pid);
    await gone.kill();
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: gone.pid, started }));
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    expect(statSync(lock.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('a lock whose pid now belongs to another process (a recycled pid) is taken over', async () => {
    const dir = await folder();
    const other = sleeper();
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, DATA_DIR_LOCK_FILE), JSON.stringify({ pid: other.pid, started: '1' }));
      const lock = await lockDataDir(dir);
      expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
      lock.release();
    } finally {
      await other.kill();
    }
  });

  it('a second open of the same folder in one process is refused too; after release it opens', async () => {
    const dir = await folder();
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/already open in this process/);
    first.release();
    const again = await lockDataDir(dir);
    again.release();
  });
});
