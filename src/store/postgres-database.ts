import pg from 'pg';
import { ConfigurationError } from '../errors.js';
import type { Database, Queryable, Row } from './database.js';

const INT8 = 20;

/** Options of {@link openPostgresDatabase}. */
export interface PostgresDatabaseOptions {
  /** A `postgres://` connection string. */
  url: string;
  /**
   * Schema the store lives in, created when missing. Default `public`. Tests give each suite
   * its own schema so suites never see each other's rows.
   */
  schema?: string;
  /** Connections in the pool. Default 10: enough for a 2-core host, far below the server's limit. */
  maxConnections?: number;
  /**
   * Longest wait for a new connection, in ms. Default 10 000: with a server that accepts TCP but
   * never answers (a blackholed link), a request fails as a store outage instead of hanging.
   */
  connectTimeoutMs?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Connects to a real PostgreSQL server. */
export async function openPostgresDatabase({
  url,
  schema = 'public',
  maxConnections = 10,
  connectTimeoutMs = 10_000,
}: PostgresDatabaseOptions): Promise<Database> {
  if (!SCHEMA_NAME.test(schema)) {
    throw new ConfigurationError('the store is configured wrong', {
      issues: [{ path: 'schema', message: `${JSON.stringify(schema)} is not a plain lower-case identifier (WARRANT_DATABASE_SCHEMA)` }],
    });
  }
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    // TCP keep-alive finds a connection whose peer vanished without a FIN.
    keepAlive: true,
    options: `-c search_path=${schema}`,
    types: types as pg.CustomTypesConfig,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  if (schema !== 'public') await pool.query(`create schema if not exists ${schema}`);
  let closed = false;
  const run = async <T extends Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) =>
    (await client.query<T>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const scoped: Queryable = { query: (sql, params) => run(client, sql, params) };
        const result = await work(scoped);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
