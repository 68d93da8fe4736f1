import { describe, expect, it } from 'vitest';
import { createGroupCommitWriter } from './group-commit-writer.js';

/** A flush the test releases by hand, recording each batch it was given. */
function gatedFlush() {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const fails = new Set<number>();
  return {
    batches,
    fails,
    release: () => gates.shift()?.(),
    flush: (rows: readonly number[]) => {
      const n = batches.push([...rows]) - 1;
      return new Promise<void>((resolve, reject) => gates.push(() => (fails.has(n) ? reject(new Error(`batch ${n} failed`)) : resolve())));
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit writer', () => {
  it('W6: a lone write is flushed at once and resolves only after its flush commits', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush });
    let done = false;
    const write = writer.write(1).then(() => (done = true));
    await tick();
    expect(f.batches).toEqual([[1]]);
    expect(done).toBe(false);
    f.release();
    await write;
    expect(done).toBe(true);
  });

  it('writes that arrive during a flush are coalesced into one multi-row flush', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush });
    const first = writer.write(0);
    const rest = Array.from({ length: 10 }, (_, i) => writer.write(i + 1));
    await tick();
    expect(f.batches).toEqual([[0]]);
    expect(writer.pending).toBe(11);
    f.release();
    await first;
    await tick();
    expect(f.batches).toEqual([[0], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    f.release();
    await Promise.all(rest);
    expect(writer.pending).toBe(0);
  });

  it('a batch never exceeds maxBatchRows and flushes never exceed maxConcurrentFlushes', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush, maxBatchRows: 3, maxConcurrentFlushes: 2 });
    const all = Array.from({ length: 8 }, (_, i) => writer.write(i));
    await tick();
    // Two flushes start at once (the concurrency bound); the rest wait and go three at a time.
    expect(f.batches).toEqual([[0], [1]]);
    f.release();
    await tick();
    expect(f.batches).toEqual([[0], [1], [2, 3, 4]]);
    f.release();
    await tick();
    expect(f.batches).toEqual([[0], [1], [2, 3, 4], [5, 6, 7]]);
    f.release();
    f.release();
    await Promise.all(all);
  });

  it('a failed flush rejects exactly the writes of its batch, and later writes still commit', async () => {
    const f = gatedFlush();
    f.fails.add(1);
    const writer = createGroupCommitWriter({ flush: f.flush });
    const a = writer.write(1);
    const b = writer.write(2);
    const c = writer.write(3);
    f.release();
    await expect(a).resolves.toBeUndefined();
    await tick();
    f.release();
    await expect(b).rejects.toThrow('batch 1 failed');
    await expect(c).rejects.toThrow('batch 1 failed');
    const d = writer.write(4);
    await tick();
    f.release();
    await expect(d).resolves.toBeUndefined();
  });

  it('drain resolves once every queued write has been flushed', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush });
    void writer.write(1);
    void writer.write(2);
    let drained = false;
    const drain = writer.drain().then(() => (drained = true));
    f.release();
    await tick();
    expect(drained).toBe(false);
    f.release();
    await drain;
    expect(f.batches.flat()).toEqual([1, 2]);
    await expect(writer.drain()).resolves.toBeUndefined();
  });

  it('a flush that throws synchronously rejects its writes instead of crashing the writer', async () => {
    const writer = createGroupCommitWriter<number>({
      flush: () => {
        throw new Error('sync boom');
      },
    });
    await expect(writer.write(1)).rejects.toThrow('sync boom');
  });
});
