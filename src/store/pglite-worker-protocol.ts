import type { Row } from './database.js';

/**
 * The messages between {@link openPgliteDatabase}'s thread and the PGlite worker
 * (`pglite-worker.mjs`), declared once for both sides: the worker is JavaScript, type-checked
 * through its JSDoc (`tsconfig.worker.json`), and names these types with `@import`.
 */

/** What the worker starts with (`workerData`). */
export interface PgliteWorkerData {
  /** The cluster's folder; undefined keeps it in memory. */
  readonly dataDir: string | undefined;
  /** PostgreSQL settings, passed as `-c name=value`. */
  readonly settings: Readonly<Record<string, string>>;
  /** Whether a store without a cluster starts from the initdb snapshot. */
  readonly useSnapshot: boolean;
  /** A tarball an in-memory store starts from instead of the initdb snapshot (see `snapshot` in pglite-database.ts). */
  readonly snapshot: string | undefined;
  /** Fault injection (see `diskFull` in pglite-database.ts): while its first Int32 is 1, file writes fail with ENOSPC. */
  readonly diskFull: SharedArrayBuffer | undefined;
}

/** A statement outside or inside a transaction. */
export interface PgliteQuery {
  readonly op: 'query';
  readonly sql: string;
  readonly params?: unknown[];
  readonly tx?: number;
}

/** The end of transaction `tx`: committed, or rolled back. */
export interface PgliteEnd {
  readonly op: 'end';
  readonly tx: number;
  readonly commit: boolean;
}

/** A request, before the calling side numbers it. */
export type PgliteRequest = { readonly op: 'ready' | 'close' } | PgliteQuery | { readonly op: 'begin'; readonly tx: number } | PgliteEnd;

/** A request as posted: numbered, so its reply finds its caller. */
export type PgliteMessage = PgliteRequest & { readonly id: number };

/** The error a reply carries: PostgreSQL's fields (code, detail…) that are strings or numbers. */
export type PgliteErrorFields = { message: string } & Record<string, string | number>;

/** The reply to request `id`: its rows, or the error it met. */
export type PgliteReply = { readonly id: number; readonly rows: Row[] } | { readonly id: number; readonly error: PgliteErrorFields };
