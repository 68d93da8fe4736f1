import type { OpenAPIHono } from '@hono/zod-openapi';
import { migrations as knownMigrations, type Database } from '../../store/index.js';
import type { ServerEnv } from '../server-env.js';

/** What `/readyz` checks beyond the store; see `ServerOptions.readinessChecks`. */
export type ReadinessCheck = () => Promise<string | undefined> | string | undefined;

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (the store answers, every migration is
 * applied, every extra check passes — e.g. each declared locale has every server sentence).
 * Both public: load balancers call them without a key. They are probes for the infrastructure,
 * not part of the `/v0` API a host calls, so the OpenAPI document leaves them out.
 */
export function healthRoutes(app: OpenAPIHono<ServerEnv>, { store, readinessChecks }: { store: Database; readinessChecks: Readonly<Record<string, ReadinessCheck>> }): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' as const }));

  app.get('/readyz', async (c) => {
    const checks: Record<string, string> = {};
    try {
      const rows = await store.query<{ id: string }>('select id from warrant_migrations');
      checks.store = 'ok';
      const applied = new Set(rows.map((r) => r.id));
      const missing = knownMigrations.filter((m) => !applied.has(m.id)).map((m) => m.id);
      checks.migrations = missing.length === 0 ? 'ok' : `not applied: ${missing.join(', ')}`;
    } catch (error) {
      checks.store = `unreachable: ${(error as Error).message}`;
      checks.migrations = 'unknown';
    }
    for (const [name, check] of Object.entries(readinessChecks)) {
      try {
        checks[name] = (await check()) ?? 'ok';
      } catch (error) {
        checks[name] = `failed: ${(error as Error).message}`;
      }
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    return c.json({ status: ready ? ('ready' as const) : ('not_ready' as const), checks }, ready ? 200 : 503);
  });
}
