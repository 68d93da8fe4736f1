import { openStore, type Database } from '../store/index.js';

let shared: Promise<Database> | undefined;
let provided: Database | undefined;

/**
 * Makes the replays of this process run on `db` instead of an in-memory store of their own,
 * until the returned function is called; each fixture still runs under a tenant of its own
 * (`replay-<uuid>`), which no API key names. For a process that already holds a store and cannot
 * afford a second PGlite beside it (`warrant start`: each embedded store costs 100–200 MB).
 */
export function replayOnStore(db: Database): () => void {
  provided = db;
  return () => {
    if (provided === db) provided = undefined;
  };
}
let users = 0;
let idle: NodeJS.Timeout | undefined;

/**
 * Runs `use` on the one in-memory PGlite that every turn and model-turn fixture of a replay run
 * shares (it takes seconds to start; a fixture takes milliseconds). Each fixture runs under a
 * tenant of its own, so they never see each other's records. The store is closed once no
 * fixture has used it for 250 ms, so an open PGlite never keeps the process alive after the last.
 */
export async function withReplayStore<T>(use: (db: Database) => Promise<T>): Promise<T> {
  if (provided !== undefined) return use(provided);
  clearTimeout(idle);
  users++;
  shared ??= openStore({ dataDir: ':memory:' });
  const store = shared;
  try {
    return await use(await store);
  } finally {
    if (--users === 0) {
      idle = setTimeout(() => {
        if (shared !== store || users > 0) return;
        shared = undefined;
        void store.then((db) => db.close());
      }, 250);
      idle.unref();
    }
  }
}
