import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ServerMetrics } from '../metrics.js';
import { HttpProblem } from '../problem.js';
import type { ServerEnv } from '../server-env.js';

/**
 * `GET /metrics`: the Prometheus text format, for a scraper holding the metrics token (not a
 * tenant's key: the series count every tenant's traffic). Outside `/v0` and left out of the
 * OpenAPI document, like the probes: it is for the operator's infrastructure, not for hosts.
 */
export function metricsRoute(app: OpenAPIHono<ServerEnv>, metrics: ServerMetrics): void {
  app.get('/metrics', async (c) => {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (sent === undefined || !metrics.authorizes(sent)) {
      throw new HttpProblem(401, 'unauthorized', 'send the metrics token as Authorization: Bearer <token>', [
        { path: 'authorization', message: 'missing or not the metrics token' },
      ]);
    }
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });
}
