import { isWarrantErrorNamed, WarrantError } from '../errors.js';
import type { EvidenceSealer } from './evidence-sealer.js';
/**
 * The one interface every layer's queries go through. PGlite and PostgreSQL both implement it,
 * so the same SQL and the same migrations run on the embedded default and on a real server.
 */

/** A row as returned by a query: column name → value (int8 already normalised to `number`). */
export type Row = Record<string, unknown>;

/** Anything that can run a parameterised statement: a database or an open transaction. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/** A connected store. Transactions are explicit; there is no ambient one. */
export interface Database extends Queryable {
  /** `pglite` for the embedded default, `postgres` for a server reached through `DATABASE_URL`. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Seals the evidence written through this store (W13); `openStore` sets it from its options.
   * Absent on a store built by hand: `sealerOf` then makes one with the default key.
   */
  readonly sealer?: EvidenceSealer | undefined;
  /**
   * Runs `work` inside one transaction: committed when it resolves, rolled back when it throws.
   * The error `work` threw is rethrown unchanged.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes every connection. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * The store failed (connection lost, constraint the caller did not expect, migration failed).
 * Made where a driver error is wrapped (`guardDriverFailures`, see {@link classifyDriverError}),
 * keeping the driver's SQLSTATE as its own `code`, so callers testing one (`23505`) still can.
 */
export class StoreError extends WarrantError {
  /** The driver's SQLSTATE, when it gave one (`23505`, `57P01`). */
  readonly code: string | undefined;
  constructor(
    message: string,
    /** The driver's error, for logs. */
    cause?: unknown,
  ) {
    super('store', message, { cause });
    this.name = 'StoreError';
    this.code = stateOf(cause);
  }
  /** True for any `StoreError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is StoreError {
    return isWarrantErrorNamed(error, 'StoreError');
  }
}

/**
 * The store refused a value the request carried rather than failed: a data exception (SQLSTATE
 * class 22: a NUL in text, a date out of range, an invalid byte sequence) or a program limit
 * (class 54: a value too large). The caller's input (a sidecar answers 400 `unstorable_input`),
 * though validation should have stopped it first. Keeps the SQLSTATE as its `code`.
 */
export class UnstorableValueError extends WarrantError {
  readonly code: string | undefined;
  constructor(message: string, cause?: unknown) {
    super('input', message, { cause });
    this.name = 'UnstorableValueError';
    this.code = stateOf(cause);
  }
  /** True for any `UnstorableValueError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is UnstorableValueError {
    return isWarrantErrorNamed(error, 'UnstorableValueError');
  }
}

/**
 * The one classification of a driver's error, made where it is wrapped: a value the store
 * refused (SQLSTATE class 22 or 54) is an {@link UnstorableValueError}; anything else — a
 * SQLSTATE, a connection refused or reset, a closed store — is a {@link StoreError} saying
 * `what` failed. An error already classified keeps its class, its message prefixed with `what`.
 */
export function classifyDriverError(error: unknown, what: string): WarrantError {
  if (UnstorableValueError.isInstance(error)) return error;
  const message = `${what}: ${(error as Error)?.message ?? String(error)}`;
  // Wrapping a StoreError again keeps the driver's error as the cause, for logs.
  const cause = StoreError.isInstance(error) && error.cause !== undefined ? error.cause : error;
  const state = stateOf(cause);
  if (state !== undefined && (state.startsWith('22') || state.startsWith('54'))) return new UnstorableValueError(message, cause);
  return new StoreError(message, cause);
}

/** The SQLSTATE of `error` or of an error it wraps (`cause`), if any. */
function stateOf(error: unknown): string | undefined {
  for (let e: unknown = error, hops = 0; e !== null && e !== undefined && hops < 4; e = (e as { cause?: unknown }).cause, hops++) {
    const state = sqlState(e);
    if (isSqlState(state)) return state;
  }
  return undefined;
}

/** PostgreSQL's `unique_violation`: a second commit of something that may commit once. */
export const UNIQUE_VIOLATION = '23505';

/**
 * True for a PostgreSQL SQLSTATE (`23505`, `57P01`, `XX000`), false for a Node errno code such as
 * `ECONNREFUSED` or `EPIPE`, which drivers put in the same `code` field.
 */
export function isSqlState(code: string | undefined): code is string {
  return code !== undefined && /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/.test(code);
}

/** The `code` of a driver error, when it has one: a SQLSTATE (see {@link isSqlState}) or an errno code. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
