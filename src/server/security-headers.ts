import { createMiddleware } from 'hono/factory';
import type { ServerEnv } from './server-env.js';

/**
 * Headers every response carries, errors included: `X-Content-Type-Options: nosniff`, so a
 * browser never reads a JSON document (which may quote a caller's text) as HTML or script, and
 * `Cache-Control: no-store`, so no shared cache keeps a tenant's effects, turns or problems.
 * Mounted first, it also covers refusals (401, 404, 413) and the inspector page.
 */
export const securityHeaders = createMiddleware<ServerEnv>(async (c, next) => {
  await next();
  c.header('x-content-type-options', 'nosniff');
  c.header('cache-control', 'no-store');
});
