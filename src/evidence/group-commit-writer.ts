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
 * Group commit: rows written while a flush is running wait and go together in the next one, so
 * under load many requests share one round trip and one commit, while a lone request is flushed
 * at once (no timer, no added latency). Every caller awaits its own row's flush, so nothing is
 * acknowledged before it is durable (W6).
 */
export function createGroupCommitWriter<T>({
  flush,
  maxBatchRows = 500,
  maxConcurrentFlushes = 1,
}: GroupCommitWriterOptions<T>): GroupCommitWriter<T> {
  if (!(maxBatchRows >= 1) || !(maxConcurrentFlushes >= 1)) {
    throw new RangeError('maxBatchRows and maxConcurrentFlushes must be at least 1');
  }
  const queue: Waiting<T>[] = [];
  let flushing = 0;
  let inFlightRows = 0;
  let idle: (() => void)[] = [];

  const pump = (): void => {
    while (flushing < maxConcurrentFlushes && queue.length > 0) {
      const batch = queue.splice(0, maxBatchRows);
      flushing++;
      inFlightRows += batch.length;
      let outcome: Promise<void>;
      try {
        outcome = flush(batch.map((w) => w.row));
      } catch (error) {
        outcome = Promise.reject(error);
      }
      outcome.then(
        () => batch.forEach((w) => w.resolve()),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      ).finally(() => {
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

  return {
    write(row) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        pump();
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
