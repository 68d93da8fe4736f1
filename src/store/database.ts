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

/** The store failed (connection lost, constraint the caller did not expect, migration failed). */
export class StoreError extends WarrantError {
  constructor(
    message: string,
    /** The driver's error, for logs. */
    cause?: unknown,
  ) {
    super('store', message, { cause });
    this.name = 'StoreError';
  }
  /** True for any `StoreError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is StoreError {
    return isWarrantErrorNamed(error, 'StoreError');
  }
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
