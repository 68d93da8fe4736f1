// The embedded PostgreSQL's own thread (see pglite-database.ts). PGlite runs here, so its
// WebAssembly never blocks the thread that serves requests: that thread only posts statements and
// receives rows. Plain JavaScript, so it starts the same from the sources, the tests and the build;
// type-checked all the same (tsconfig.worker.json, in `npm run typecheck`) against the messages
// pglite-worker-protocol.ts declares for both sides.
//
// Requests: { id, op: 'ready' | 'query' | 'begin' | 'end' | 'close', tx?, sql?, params?, commit? }.
// Replies:  { id, rows } or { id, error: { message, code, ... } }.
/** @import { Transaction } from '@electric-sql/pglite' */
/** @import { Row } from './database.js' */
/** @import { PgliteEnd, PgliteErrorFields, PgliteMessage, PgliteQuery, PgliteReply, PgliteWorkerData } from './pglite-worker-protocol.js' */
import fs, { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { copySnapshotFolder, readSnapshot, snapshotPath, writeSnapshot } from './pglite-snapshot.mjs';

const INT8 = 20;

if (parentPort === null) throw new Error('pglite-worker.mjs runs as a worker thread (see openPgliteDatabase)');
const port = parentPort;
/** @type {PgliteWorkerData} */
const options = workerData;

// Fault injection for tests that cannot mount a small filesystem (see `diskFull` in
// pglite-database.ts): while the flag is 1, PGlite's file writes fail as on a full disk.
if (options.diskFull !== undefined) {
  const full = new Int32Array(options.diskFull);
  /** @type {(...args: unknown[]) => number} */
  const writeSync = /** @type {any} */ (fs.writeSync);
  fs.writeSync = /** @type {typeof fs.writeSync} */ (
    /** @param {unknown[]} args */
    (...args) => {
      if (Atomics.load(full, 0) === 1)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
      return writeSync.apply(fs, args);
    }
  );
}

// A store with no cluster yet (in memory, or a folder without PG_VERSION) starts from the
// initdb snapshot when there is one; otherwise PGlite runs initdb, and the cluster it made is
// kept as the snapshot for the next fresh store (see pglite-snapshot.mjs). An in-memory store
// given a snapshot of its own (the tests' migrated template) starts from that one or not at all.
const fresh = options.dataDir === undefined || !existsSync(join(options.dataDir, 'PG_VERSION'));
const copied = fresh && options.dataDir !== undefined && options.useSnapshot !== false && copySnapshotFolder(options.dataDir);
const snapshot =
  options.snapshot !== undefined ? readGivenSnapshot(options.snapshot) : fresh && !copied && options.useSnapshot !== false ? readSnapshot() : undefined;
/**
 * The tarball the caller named, which must be there: starting from initdb instead would hand back
 * a cluster other than the one asked for.
 * @param {string} path
 * @returns {Blob}
 */
function readGivenSnapshot(path) {
  const blob = readSnapshot(path);
  if (blob === undefined) throw new Error(`cannot read the PGlite snapshot ${path}`);
  return blob;
}
const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

const pg = new PGlite({
  ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
  ...(snapshot === undefined ? {} : { loadDataDir: snapshot }),
  ...(settings.length === 0 ? {} : { startParams: [...PGlite.defaultStartParams, ...settings] }),
  // int8 (counts, sequences) arrives as a string otherwise; every id we count fits a double.
  parsers: { [INT8]: (/** @type {string} */ value) => Number(value) },
});

/**
 * Ready once PGlite is. A cluster initdb has just made in memory is first kept as the snapshot,
 * before any migration touches it; only one in memory, because a data folder also holds its
 * lock file, which a snapshot must never carry into another folder.
 */
const ready = pg.waitReady.then(async () => {
  if (options.dataDir === undefined && snapshot === undefined && options.useSnapshot !== false && !existsSync(snapshotPath())) await writeSnapshot(pg);
});

/**
 * Open transactions by id: each holds the statements posted to it, in order, and learns the id
 * of the request that ends it.
 * @type {Map<number, { statements: Inbox, ended: (endId: number) => void }>}
 */
const transactions = new Map();

class Rollback extends Error {}

/**
 * @param {number} id
 * @param {Row[]} rows
 */
function reply(id, rows) {
  port.postMessage(/** @type {PgliteReply} */ ({ id, rows }));
}

/**
 * @param {number} id
 * @param {unknown} error
 */
function fail(id, error) {
  /** @type {Record<string, string | number>} */
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  const message = /** @type {{ message?: string } | null | undefined} */ (error)?.message ?? String(error);
  port.postMessage(/** @type {PgliteReply} */ ({ id, error: /** @type {PgliteErrorFields} */ ({ ...fields, message }) }));
}

/** @typedef {(PgliteQuery | PgliteEnd) & { id: number }} Statement */
/** @typedef {{ push(message: Statement): void, next(): Promise<Statement> }} Inbox */

/**
 * A queue the transaction's callback reads its statements from.
 * @returns {Inbox}
 */
function inbox() {
  /** @type {((message: Statement) => void)[]} */
  const waiting = [];
  /** @type {Statement[]} */
  const queued = [];
  return {
    push(message) {
      const next = waiting.shift();
      if (next) next(message);
      else queued.push(message);
    },
    next() {
      const first = queued.shift();
      return first !== undefined ? Promise.resolve(first) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/**
 * Runs one PGlite transaction, fed statement by statement from the other thread.
 * @param {number} id
 * @param {number} txId
 */
function begin(id, txId) {
  const statements = inbox();
  /** @type {number | undefined} */
  let end;
  transactions.set(txId, { statements, ended: (endId) => (end = endId) });
  pg.transaction(async (/** @type {Transaction} */ tx) => {
    reply(id, []);
    for (;;) {
      const message = await statements.next();
      if (message.op === 'end') {
        if (message.commit) return;
        throw new Rollback();
      }
      try {
        reply(message.id, (await tx.query(message.sql, message.params)).rows);
      } catch (error) {
        fail(message.id, error);
      }
    }
  })
    .then(
      () => reply(/** @type {number} */ (end), []),
      (error) => (end === undefined ? fail(id, error) : error instanceof Rollback ? reply(end, []) : fail(end, error)),
    )
    .finally(() => transactions.delete(txId));
}

port.on('message', (/** @type {PgliteMessage} */ message) => {
  const { id, op } = message;
  switch (op) {
    case 'ready':
      ready.then(
        () => reply(id, []),
        (error) => fail(id, error),
      );
      return;
    case 'query':
      if (message.tx !== undefined) {
        const open = transactions.get(message.tx);
        if (open) open.statements.push(message);
        else fail(id, new Error(`transaction ${message.tx} is not open`));
        return;
      }
      pg.query(message.sql, message.params).then(
        (result) => reply(id, /** @type {Row[]} */ (result.rows)),
        (error) => fail(id, error),
      );
      return;
    case 'begin':
      begin(id, message.tx);
      return;
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) return fail(id, new Error(`transaction ${message.tx} is not open`));
      open.ended(id);
      open.statements.push(message);
      return;
    }
    case 'close':
      pg.close().then(
        () => reply(id, []),
        (error) => fail(id, error),
      );
      return;
    default:
      fail(id, new Error(`unknown request ${/** @type {{ op: unknown }} */ (message).op}`));
  }
});
