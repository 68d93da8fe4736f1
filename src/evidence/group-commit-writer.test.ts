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
  it('W6: a lone write is flushed at the end of its turn and resolves only after its flush commits', async () => {
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

  it('writes made in the same turn of the event loop share one flush', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush });
    const all = Array.from({ length: 5 }, (_, i) => writer.write(i));
    expect(f.batches).toEqual([]);
    await tick();
    expect(f.batches).toEqual([[0, 1, 2, 3, 4]]);
    f.release();
    await Promise.all(all);
    expect(writer.pending).toBe(0);
  });

  it('writes that arrive during a flush are coalesced into one multi-row flush', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush });
    const first = writer.write(0);
    await tick();
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
    // Two flushes of three start at once (the concurrency bound); the rest wait for a slot.
    expect(f.batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    f.release();
    await tick();
    expect(f.batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7],
    ]);
    f.release();
    f.release();
    await Promise.all(all);
  });

  it('a flush that failed for the store (not a row) rejects exactly the writes of its batch, and later writes still commit', async () => {
    const f = gatedFlush();
    f.fails.add(1);
    const writer = createGroupCommitWriter({ flush: f.flush, mayBeRowFailure: () => false });
    const a = writer.write(1);
    await tick();
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

  it('W10: a batch failing for one row is bisected; only that row is refused and every other row commits', async () => {
    const committed: number[] = [];
    const attempts: number[][] = [];
    // Any batch holding the poisoned row 13 fails whole, as one multi-row insert does.
    const writer = createGroupCommitWriter<number>({
      flush: async (rows) => {
        attempts.push([...rows]);
        await tick();
        if (rows.includes(13)) throw new Error('row 13 refused');
        committed.push(...rows);
      },
    });
    const first = writer.write(0);
    const rest = Array.from({ length: 20 }, (_, i) => writer.write(i + 1));
    const outcomes = await Promise.allSettled([first, ...rest]);
    expect(outcomes.map((o) => o.status)).toEqual(Array.from({ length: 21 }, (_, i) => (i === 13 ? 'rejected' : 'fulfilled')));
    expect((outcomes[13] as PromiseRejectedResult).reason).toEqual(new Error('row 13 refused'));
    expect(committed.sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i).filter((i) => i !== 13));
    // Bisection, not one flush per row: the 21-row batch takes about 2·log2(21) flushes.
    expect(attempts.length).toBeLessThanOrEqual(12);
    await writer.drain();
    expect(writer.pending).toBe(0);
  });

  it('W10: a batch failing for the store is not retried row by row', async () => {
    let flushes = 0;
    const writer = createGroupCommitWriter<number>({
      flush: async () => {
        flushes++;
        await tick();
        throw new Error('connection refused');
      },
      mayBeRowFailure: (error) => !(error as Error).message.includes('connection'),
    });
    const all = Array.from({ length: 10 }, (_, i) => writer.write(i));
    const outcomes = await Promise.allSettled(all);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(flushes).toBe(1); // the ten rows of one turn together, and not retried
  });

  it('W6: while a batch is bisected, a row is acknowledged only after the flush holding it committed', async () => {
    const committed = new Set<number>();
    const writer = createGroupCommitWriter<number>({
      flush: async (rows) => {
        await tick();
        if (rows.includes(2)) throw new Error('bad row');
        rows.forEach((r) => committed.add(r));
      },
    });
    void writer.write(0);
    const checks = [1, 2, 3, 4].map((r) =>
      writer.write(r).then(
        () => expect(committed.has(r)).toBe(true),
        () => expect(committed.has(r)).toBe(false),
      ),
    );
    await Promise.all(checks);
  });

  it('drain resolves once every queued write has been flushed', async () => {
    const f = gatedFlush();
    const writer = createGroupCommitWriter({ flush: f.flush });
    void writer.write(1);
    await tick();
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
