import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { migrations as knownMigrations, type Database } from '../../store/index.js';
import type { Logger } from '../../evidence/json-logger.js';
import type { ServerEnv } from '../server-env.js';

/** What `/readyz` checks beyond the store; see `ServerOptions.readinessChecks`. */
export type ReadinessCheck = () => Promise<string | undefined> | string | undefined;

/** Thrown inside the readiness probe's transaction so that its write is rolled back. */
const ROLL_BACK = Symbol('roll back the readiness probe');

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (the store answers AND accepts a write,
 * every migration is applied, every extra check passes — e.g. each declared locale has every
 * server sentence). Both public: load balancers call them without a key, so `/readyz` says only
 * which check failed (`unreachable`, `not_writable`, `failed`); the driver's words go to the log.
 * A store whose schema was dropped is migrated again by the store itself on the first statement
 * that misses it (see `guardDriverFailures`), so `/readyz` turns ready again without a restart.
 * They are probes for the infrastructure, not part of the `/v0` API a host calls, so the OpenAPI
 * document leaves them out.
 */
export function healthRoutes(
  app: OpenAPIHono<ServerEnv>,
  { store, readinessChecks, logger }: { store: Database; readinessChecks: Readonly<Record<string, ReadinessCheck>>; logger: Logger },
): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' as const }));

  const logFailure = (check: string, error: unknown) =>
    logger.log({ level: 'error', msg: 'not_ready', check, error: (error as Error)?.message ?? String(error) });
  app.get('/readyz', async (c) => {
    const checks: Record<string, string> = {};
    try {
      const rows = await store.query<{ id: string }>('select id from warrant_migrations');
      const applied = new Set(rows.map((r) => r.id));
      const missing = knownMigrations.filter((m) => !applied.has(m.id)).map((m) => m.id);
      checks.migrations = missing.length === 0 ? 'ok' : `not applied: ${missing.join(', ')}`;
      checks.store = await writable(store);
    } catch (error) {
      logFailure('store', error);
      checks.store = 'unreachable';
      checks.migrations = 'unknown';
    }
    for (const [name, check] of Object.entries(readinessChecks)) {
      try {
        checks[name] = (await check()) ?? 'ok';
      } catch (error) {
        logFailure(name, error);
        checks[name] = 'failed';
      }
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    return c.json({ status: ready ? ('ready' as const) : ('not_ready' as const), checks }, ready ? 200 : 503);
  });

  /** Writes a row in a transaction that is then rolled back: a read-only or full store fails here. */
  async function writable(db: Database): Promise<string> {
    try {
      await db.transaction(async (tx) => {
        await tx.query('insert into warrant_migrations (id) values ($1)', [`readyz_probe_${randomBytes(8).toString('hex')}`]);
        throw ROLL_BACK;
      });
    } catch (error) {
      if (error === ROLL_BACK) return 'ok';
      logFailure('store_write', error);
      return 'not_writable';
    }
    return 'ok';
  }
}
