import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ConfigurationError } from '../errors.js';
import type { Database, Queryable, Row } from './database.js';
import type { PgliteMessage, PgliteReply, PgliteRequest, PgliteWorkerData } from './pglite-worker-protocol.js';

/** Options of {@link openPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /**
   * Folder holding the data, created with its parents when missing (PGlite makes the folder
   * itself but not the ones above it, such as `.warrant/` on a fresh clone). `undefined` keeps
   * everything in memory (tests, one-off replays).
   */
  dataDir?: string;
  /**
   * PostgreSQL settings the embedded server starts with (`{ shared_buffers: '16MB' }`), passed as
   * `-c name=value`. Default none: PGlite's own (128 MB of shared buffers, touched at start).
   */
  settings?: Readonly<Record<string, string>>;
  /**
   * Whether a store without a cluster yet starts from the initdb snapshot (and an in-memory one
   * that had to run initdb leaves one; see `pglite-snapshot.mjs`). Default true; false always runs
   * initdb, which is what the snapshot is checked against.
   */
  useSnapshot?: boolean;
  /**
   * A tarball of a PGlite cluster (PGlite's `dumpDataDir('gzip')`) an in-memory store starts from
   * instead of the initdb snapshot; the open fails when it cannot be read. Only without `dataDir`.
   * Default none. The tests start their stores from one with every migration applied.
   */
  snapshot?: string;
  /**
   * Fault injection, for tests where no size-limited filesystem can be mounted: while the first
   * `Int32` of this buffer is 1, every write PGlite makes to its files fails with `ENOSPC`, as on
   * a full disk. Default none.
   */
  diskFull?: SharedArrayBuffer;
}

/** Shortest time between two attempts to reopen a stopped instance, in ms. */
const REOPEN_INTERVAL_MS = 1_000;
/** Longest a reopening may take before its thread is ended and the next statement tries again, in ms. */
const REOPEN_TIMEOUT_MS = 120_000;

/** One worker thread and the PGlite instance it runs. */
interface Instance {
  request(message: PgliteRequest): Promise<Row[]>;
  /** Why this instance serves no more statements (it stopped, or was closed), once it does not. */
  stopped(): Error | undefined;
  terminate(): Promise<void>;
}

/**
 * Opens the embedded PostgreSQL in a worker thread of its own (`pglite-worker.mjs`) behind the
 * same {@link Database} interface: PGlite's WebAssembly runs there, so a query no longer blocks
 * the thread that serves requests, and the server and the store use a core each. PGlite is a
 * single connection: it serialises statements and transactions itself, so callers may share one
 * instance freely. The thread keeps the process alive only while a statement is pending, as
 * PGlite in the same thread did.
 *
 * An instance that stops — a `PANIC` (a full disk refusing a new WAL segment), its thread
 * exiting — never answers again (after a PANIC, PGlite spins on the next statement): its thread
 * is ended and every statement waiting on it refused. A store on a data folder then reopens the
 * folder, as a PostgreSQL server restarts after a crash (recovery replays the WAL: what committed
 * stays, what did not is gone); until that succeeds — at most one attempt a second, started by
 * the next statement — statements are refused at once, so callers see an outage, not a hang.
 */
export async function openPgliteDatabase({ dataDir, settings = {}, useSnapshot = true, snapshot, diskFull }: PgliteDatabaseOptions = {}): Promise<Database> {
  if (snapshot !== undefined && dataDir !== undefined)
    throw new ConfigurationError('a PGlite snapshot starts an in-memory store only: give dataDir or snapshot, not both');
  if (dataDir !== undefined) await mkdir(dirname(dataDir), { recursive: true });
  const start = (readyWithinMs?: number) => startInstance({ dataDir, settings: { ...settings }, useSnapshot, snapshot, diskFull }, readyWithinMs);
  let current = await start();
  let closed = false;
  let reopening: Promise<void> | undefined;
  let lastReopen = -Infinity;
  /** The instance to send to: the current one, or an error saying why there is none now. */
  const live = (): Instance => {
    const stopped = current.stopped();
    if (stopped === undefined) return current;
    if (!closed && dataDir !== undefined && reopening === undefined && Date.now() - lastReopen >= REOPEN_INTERVAL_MS) {
      reopening = start(REOPEN_TIMEOUT_MS)
        .then(
          async (instance) => (closed ? await instance.terminate() : void (current = instance)),
          () => {}, // still failing (e.g. the disk is still full): the next statement tries again
        )
        .finally(() => {
          reopening = undefined;
          lastReopen = Date.now();
        });
    }
    throw stopped;
  };
  const send = (message: PgliteRequest, on?: Instance): Promise<Row[]> => {
    try {
      return (on ?? live()).request(message);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const run = <T extends Row>(sql: string, params: readonly unknown[] | undefined, tx?: { id: number; on: Instance }) =>
    send({ op: 'query', sql, ...(params ? { params: [...params] } : {}), ...(tx === undefined ? {} : { tx: tx.id }) }, tx?.on) as Promise<T[]>;

  let nextTx = 0;
  return {
    kind: 'pglite',
    query: (sql, params) => run(sql, params),
    transaction: async (work) => {
      // A transaction lives and ends on the instance it began on.
      const tx = { id: nextTx++, on: live() };
      await send({ op: 'begin', tx: tx.id }, tx.on);
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work({ query: (sql, params) => run(sql, params, tx) } satisfies Queryable);
      } catch (error) {
        await send({ op: 'end', tx: tx.id, commit: false }, tx.on).catch(() => {});
        throw error;
      }
      await send({ op: 'end', tx: tx.id, commit: true }, tx.on);
      return result;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await reopening; // a folder being reopened is let go of before close returns
      const instance = current;
      try {
        // An in-memory cluster is thrown away with its thread, so PGlite's shutdown (a checkpoint
        // writing every page it changed into that same memory: 0.1–1 s) is work for nothing; a
        // last statement queued behind every earlier one lets those finish first, as close would.
        if (instance.stopped() === undefined) await instance.request(dataDir === undefined ? { op: 'query', sql: 'select 1' } : { op: 'close' });
      } finally {
        await instance.terminate();
      }
    },
  };
}

/** Starts a worker thread and its PGlite instance; resolves once it is ready (within `readyWithinMs`, when given). */
async function startInstance(workerData: PgliteWorkerData, readyWithinMs?: number): Promise<Instance> {
  // Beside this module in src/store/, and beside the chunk this module is bundled into in dist/
  // (tsdown builds the worker as an entry of its own), so the package ships no sources.
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData,
    // The thread's JavaScript only passes statements and rows (PGlite's memory is WebAssembly's,
    // outside the heap): a small young generation keeps V8's default 3 × 16 MB semispaces from
    // adding tens of MB of RSS per store.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  const pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let gone: Error | undefined;
  const settleAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of pending.values()) reject(gone);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (reply: PgliteReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (!('error' in reply)) return waiter.resolve(reply.rows);
    const error = Object.assign(new Error(reply.error.message), reply.error);
    waiter.reject(error);
    // The instance is gone: it would spin on the next statement. Nothing more is sent to it.
    if (reply.error.severity === 'PANIC') {
      settleAll(new Error(`the PGlite instance stopped (PANIC: ${reply.error.message})`));
      void worker.terminate();
    }
  });
  worker.on('error', (error) => settleAll(error));
  worker.on('exit', (code) => settleAll(new Error(`the PGlite thread exited (code ${code})`)));
  const request = (message: PgliteRequest): Promise<Row[]> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<Row[]>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id } satisfies PgliteMessage);
    });
  };
  const terminate = async () => {
    // Every later statement is refused with this, not with the thread's exit code.
    gone ??= new Error('the PGlite store is closed');
    await worker.terminate();
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const ready = request({ op: 'ready' });
    if (readyWithinMs === undefined) await ready;
    else
      await Promise.race([
        ready,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`PGlite was not ready within ${readyWithinMs} ms`)), readyWithinMs).unref())),
      ]);
  } catch (error) {
    await terminate();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { request, stopped: () => gone, terminate };
}
