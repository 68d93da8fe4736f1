/** Options of {@link createGroupCommitWriter}. */
export interface GroupCommitWriterOptions<T> {
  /**
   * Writes one batch durably, all or nothing (one multi-row statement). Resolving means every row
   * of the batch is committed.
   */
  flush: (rows: readonly T[]) => Promise<void>;
  /**
   * Rows per flush at most. Default 500: large enough that a burst on a 2-core host fits in a
   * few flushes, small enough that one statement stays well under PostgreSQL's parameter limits.
   */
  maxBatchRows?: number;
  /**
   * Flushes running at once. Default 1, which is right for PGlite's single connection; a pool
   * of PostgreSQL connections can take a few more.
   */
  maxConcurrentFlushes?: number;
  /**
   * Whether a failed flush may have failed because of one of its rows (a value the store refuses,
   * a constraint) rather than because the store itself failed. Such a batch is split in halves and
   * each half flushed again, down to single rows, so only the rows that cannot commit on their own
   * fail and every other caller's row still commits (W10). Default: every failure may be a row's.
   * A store that is down would turn one failed batch into many failed flushes, so a writer over a
   * real store should say which failures are the store's (see `isRowFailure` in the effect store).
   */
  mayBeRowFailure?: (error: unknown) => boolean;
}

/** A batching writer; see {@link createGroupCommitWriter}. */
export interface GroupCommitWriter<T> {
  /** Queues `row`; resolves once the flush holding it has committed, rejects if that flush failed. */
  write(row: T): Promise<void>;
  /** Resolves once every row queued so far has been flushed (committed or failed). */
  drain(): Promise<void>;
  /** Rows queued or being flushed right now. */
  readonly pending: number;
}

interface Waiting<T> {
  readonly row: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: rows written while a flush is running wait and go together in the next one, and
 * rows written in the same turn of the event loop go together too, so under load many requests
 * share one round trip and one commit, while a lone request is flushed at the end of its turn
 * (no timer, a few microseconds). Every caller awaits its own row's flush, so nothing is
 * acknowledged before it is durable (W6).
 */
export function createGroupCommitWriter<T>({
  flush,
  maxBatchRows = 500,
  maxConcurrentFlushes = 1,
  mayBeRowFailure = () => true,
}: GroupCommitWriterOptions<T>): GroupCommitWriter<T> {
  if (!(maxBatchRows >= 1) || !(maxConcurrentFlushes >= 1)) {
    throw new RangeError('maxBatchRows and maxConcurrentFlushes must be at least 1');
  }
  const queue: Waiting<T>[] = [];
  let flushing = 0;
  let inFlightRows = 0;
  let idle: (() => void)[] = [];

  const flushOnce = (rows: readonly Waiting<T>[]): Promise<void> => {
    try {
      return flush(rows.map((w) => w.row));
    } catch (error) {
      return Promise.resolve().then(() => {
        throw error;
      });
    }
  };

  /**
   * Flushes `batch` and settles each of its writes. A batch that fails for what may be one row's
   * fault is bisected: each half is flushed again on its own (in order, within this flush's slot,
   * so the concurrency bound holds), until the failing rows stand alone and only they are refused.
   */
  const settle = async (batch: readonly Waiting<T>[]): Promise<void> => {
    try {
      await flushOnce(batch);
    } catch (error) {
      if (batch.length === 1 || !mayBeRowFailure(error)) {
        batch.forEach((w) => w.reject(error));
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await settle(batch.slice(0, half));
      await settle(batch.slice(half));
      return;
    }
    batch.forEach((w) => w.resolve());
  };

  const pump = (): void => {
    while (flushing < maxConcurrentFlushes && queue.length > 0) {
      const batch = queue.splice(0, maxBatchRows);
      flushing++;
      inFlightRows += batch.length;
      void settle(batch).finally(() => {
        flushing--;
        inFlightRows -= batch.length;
        pump();
        if (flushing === 0 && queue.length === 0) {
          const waiters = idle;
          idle = [];
          waiters.forEach((w) => w());
        }
      });
    }
  };

  // A write that finds a flush slot free starts it at the end of the event loop's current turn
  // (setImmediate, no timer), so the requests read in the same turn (sockets readable at once)
  // share it instead of the first going alone and the rest waiting a whole commit for it.
  let scheduled = false;
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  };

  return {
    write(row) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        if (flushing < maxConcurrentFlushes) schedule();
      });
    },
    drain() {
      if (flushing === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    get pending() {
      return queue.length + inFlightRows;
    },
  };
}
