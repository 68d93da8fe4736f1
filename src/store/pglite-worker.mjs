// The embedded PostgreSQL's own thread (see pglite-database.ts). PGlite runs here, so its
// WebAssembly never blocks the thread that serves requests: that thread only posts statements and
// receives rows. Plain JavaScript, so it starts the same from the sources, the tests and the build.
//
// Requests: { id, op: 'ready' | 'query' | 'begin' | 'end' | 'close', tx?, sql?, params?, commit? }.
// Replies:  { id, rows } or { id, error: { message, code, ... } }.
import fs, { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { copySnapshotFolder, readSnapshot, snapshotPath, writeSnapshot } from './pglite-snapshot.mjs';

const INT8 = 20;

// Fault injection for tests that cannot mount a small filesystem (see `diskFull` in
// pglite-database.ts): while the flag is 1, PGlite's file writes fail as on a full disk.
if (workerData.diskFull !== undefined) {
  const full = new Int32Array(workerData.diskFull);
  const writeSync = fs.writeSync;
  fs.writeSync = function (...args) {
    if (Atomics.load(full, 0) === 1) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    return writeSync.apply(this, args);
  };
}

// A store with no cluster yet (in memory, or a folder without PG_VERSION) starts from the
// initdb snapshot when there is one; otherwise PGlite runs initdb, and the cluster it made is
// kept as the snapshot for the next fresh store (see pglite-snapshot.mjs).
const fresh = workerData.dataDir === undefined || !existsSync(join(workerData.dataDir, 'PG_VERSION'));
const copied = fresh && workerData.dataDir !== undefined && workerData.useSnapshot !== false && copySnapshotFolder(workerData.dataDir);
const snapshot = fresh && !copied && workerData.useSnapshot !== false ? readSnapshot() : undefined;
const settings = Object.entries(workerData.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

const pg = new PGlite({
  ...(workerData.dataDir === undefined ? {} : { dataDir: workerData.dataDir }),
  ...(snapshot === undefined ? {} : { loadDataDir: snapshot }),
  ...(settings.length === 0 ? {} : { startParams: [...PGlite.defaultStartParams, ...settings] }),
  // int8 (counts, sequences) arrives as a string otherwise; every id we count fits a double.
  parsers: { [INT8]: (value) => Number(value) },
});

/**
 * Ready once PGlite is. A cluster initdb has just made in memory is first kept as the snapshot,
 * before any migration touches it; only one in memory, because a data folder also holds its
 * lock file, which a snapshot must never carry into another folder.
 */
const ready = pg.waitReady.then(async () => {
  if (workerData.dataDir === undefined && snapshot === undefined && workerData.useSnapshot !== false && !existsSync(snapshotPath())) await writeSnapshot(pg);
});

/** Open transactions by id: each holds the statements posted to it, in order. */
const transactions = new Map();

class Rollback extends Error {}

function reply(id, rows) {
  parentPort.postMessage({ id, rows });
}

function fail(id, error) {
  const fields = {};
  for (const [key, value] of Object.entries(error ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  parentPort.postMessage({ id, error: { ...fields, message: error?.message ?? String(error) } });
}

/** A queue the transaction's callback reads its statements from. */
function inbox() {
  const waiting = [];
  const queued = [];
  return {
    push(message) {
      const next = waiting.shift();
      if (next) next(message);
      else queued.push(message);
    },
    next() {
      return queued.length > 0 ? Promise.resolve(queued.shift()) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/** Runs one PGlite transaction, fed statement by statement from the other thread. */
function begin(id, txId) {
  const statements = inbox();
  let end;
  transactions.set(txId, { statements, ended: (endId) => (end = endId) });
  pg.transaction(async (tx) => {
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
  }).then(
    () => reply(end, []),
    (error) => (end === undefined ? fail(id, error) : error instanceof Rollback ? reply(end, []) : fail(end, error)),
  ).finally(() => transactions.delete(txId));
}

parentPort.on('message', (message) => {
  const { id, op } = message;
  switch (op) {
    case 'ready':
      ready.then(() => reply(id, []), (error) => fail(id, error));
      return;
    case 'query':
      if (message.tx !== undefined) {
        const open = transactions.get(message.tx);
        if (open) open.statements.push(message);
        else fail(id, new Error(`transaction ${message.tx} is not open`));
        return;
      }
      pg.query(message.sql, message.params).then((result) => reply(id, result.rows), (error) => fail(id, error));
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
      pg.close().then(() => reply(id, []), (error) => fail(id, error));
      return;
    default:
      fail(id, new Error(`unknown request ${op}`));
  }
});
