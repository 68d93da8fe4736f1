import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
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
}


/**
 * Opens the embedded PostgreSQL in a worker thread of its own (`pglite-worker.mjs`) behind the
 * same {@link Database} interface: PGlite's WebAssembly runs there, so a query no longer blocks
 * the thread that serves requests, and the server and the store use a core each. PGlite is a
 * single connection: it serialises statements and transactions itself, so callers may share one
 * instance freely. The thread keeps the process alive only while a statement is pending, as
 * PGlite in the same thread did.
 */
export async function openPgliteDatabase({ dataDir, settings = {}, useSnapshot = true }: PgliteDatabaseOptions = {}): Promise<Database> {
  if (dataDir !== undefined) await mkdir(dirname(dataDir), { recursive: true });
  // Beside this module in src/store/, and beside the chunk this module is bundled into in dist/
  // (tsdown builds the worker as an entry of its own), so the package ships no sources.
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, settings: { ...settings }, useSnapshot } satisfies PgliteWorkerData,
    // The thread's JavaScript only passes statements and rows (PGlite's memory is WebAssembly's,
    // outside the heap): a small young generation keeps V8's default 3 × 16 MB semispaces from
    // adding tens of MB of RSS per store.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  const pending = new Map<number, { resolve: (rows: Row[]) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let nextTx = 0;
  let gone: Error | undefined;
  const settleAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker.unref();
  };
  worker.on('message', (reply: PgliteReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if ('error' in reply) waiter.reject(Object.assign(new Error(reply.error.message), reply.error));
    else waiter.resolve(reply.rows);
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
  const run = <T extends Row>(sql: string, params: readonly unknown[] | undefined, tx?: number) =>
    request({ op: 'query', sql, ...(params ? { params: [...params] } : {}), ...(tx === undefined ? {} : { tx }) }) as Promise<T[]>;

  try {
    await request({ op: 'ready' });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let closed = false;
  return {
    kind: 'pglite',
    query: (sql, params) => run(sql, params),
    transaction: async (work) => {
      const tx = nextTx++;
      await request({ op: 'begin', tx });
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work({ query: (sql, params) => run(sql, params, tx) } satisfies Queryable);
      } catch (error) {
        await request({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await request({ op: 'end', tx, commit: true });
      return result;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await request({ op: 'close' });
      } finally {
        // Every later statement is refused with this, not with the thread's exit code.
        gone ??= new Error('the PGlite store is closed');
        await worker.terminate();
      }
    },
  };
}
