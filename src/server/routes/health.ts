import { randomBytes } from 'node:crypto';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { migrations as knownMigrations, type Database } from '../../store/index.js';
import type { Logger } from '../../evidence/json-logger.js';
import { problemResponses } from '../problem-responses.js';
import type { ServerEnv } from '../server-env.js';

/** What `/readyz` checks beyond the store; see `ServerOptions.readinessChecks`. */
export type ReadinessCheck = () => Promise<string | undefined> | string | undefined;

const healthSchema = z.strictObject({ status: z.literal('ok') }).meta({ id: 'Health' });

const readinessSchema = z
  .strictObject({
    status: z.enum(['ready', 'not_ready']),
    checks: z
      .record(z.string(), z.string())
      .describe("each check by name (`store`, `migrations`, then the deployment's own, e.g. `locales`): `ok`, or how it failed"),
  })
  .meta({ id: 'Readiness' });

/** Thrown inside the readiness probe's transaction so that its write is rolled back. */
const ROLL_BACK = Symbol('roll back the readiness probe');

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (the store answers AND accepts a write,
 * every migration is applied, every extra check passes — e.g. each declared locale has every
 * server sentence). Both public: load balancers call them without a key, so `/readyz` says only
 * which check failed (`unreachable`, `not_writable`, `failed`); the driver's words go to the log.
 * A store whose schema was dropped is migrated again by the store itself on the first statement
 * that misses it (see `guardDriverFailures`), so `/readyz` turns ready again without a restart.
 * The OpenAPI document lists them (tag `health`, no security) so a generated client can probe too.
 */
export function healthRoutes(
  app: OpenAPIHono<ServerEnv>,
  { store, readinessChecks, logger }: { store: Database; readinessChecks: Readonly<Record<string, ReadinessCheck>>; logger: Logger },
): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      operationId: 'getHealth',
      tags: ['health'],
      summary: 'Liveness: the process answers (no key)',
      security: [],
      responses: {
        200: { description: 'the process runs', content: { 'application/json': { schema: healthSchema } } },
        ...problemResponses('getHealth', ['transport']),
      },
    }),
    (c) => c.json({ status: 'ok' as const }, 200),
  );

  const logFailure = (check: string, error: unknown) =>
    logger.log({ level: 'error', msg: 'not_ready', check, error: (error as Error)?.message ?? String(error) });
  app.openapi(
    createRoute({
      method: 'get',
      path: '/readyz',
      operationId: 'getReadiness',
      tags: ['health'],
      summary: 'Readiness: the store answers and accepts a write, every migration is applied, every check passes (no key)',
      security: [],
      responses: {
        200: { description: 'ready', content: { 'application/json': { schema: readinessSchema } } },
        503: {
          description: 'not ready: each failing check says only how (`unreachable`, `not_writable`, `failed`); the details are in the log',
          content: { 'application/json': { schema: readinessSchema } },
        },
        ...problemResponses('getReadiness', ['transport']),
      },
    }),
    async (c) => {
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
    },
  );

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
