import type { Database, Queryable } from './database.js';

/**
 * `db` as seen by work that a signal may cancel. Neither driver can stop a statement PostgreSQL is
 * already running, so cancelling works between statements: once `signal` is aborted, the next
 * statement is refused with the signal's reason instead of being sent, and a transaction whose
 * work finished is rolled back instead of committed. Work aborted at any point before its commit
 * therefore writes nothing; a transaction already committed stays committed. `close` closes
 * `db` itself.
 */
export function abortable(db: Database, signal: AbortSignal): Database {
  const checked =
    (q: Queryable): Queryable['query'] =>
    (sql, params) => {
      try {
        signal.throwIfAborted();
      } catch (reason) {
        return Promise.reject(reason);
      }
      return q.query(sql, params);
    };
  return {
    kind: db.kind,
    sealer: db.sealer,
    query: checked(db),
    transaction: (work) => {
      try {
        signal.throwIfAborted();
      } catch (reason) {
        return Promise.reject(reason);
      }
      return db.transaction(async (tx) => {
        const result = await work({ query: checked(tx) });
        // Thrown inside the transaction, so it rolls back rather than commits.
        signal.throwIfAborted();
        return result;
      });
    },
    close: () => db.close(),
  };
}
