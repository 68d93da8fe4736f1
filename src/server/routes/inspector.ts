import { createHash } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { inspectorPage } from '../inspector/inspector-page.js';
import { problemResponses } from '../problem-responses.js';
import type { ServerEnv } from '../server-env.js';

/**
 * The page's Content-Security-Policy. Its inline scripts run only because each one's SHA-256 is
 * listed (no `'unsafe-inline'` for scripts), so markup injected into the page could not run
 * script; `frame-ancestors 'none'` keeps the page out of other sites' frames (clickjacking);
 * nothing is fetched but the keyed API on this origin.
 */
export function inspectorContentSecurityPolicy(page: string): string {
  const hashes = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src ${hashes.length > 0 ? hashes.join(' ') : "'none'"}`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `GET /inspector`: the inspector page (no data in it: it asks for a key and reads the keyed
 * API). `GET /` redirects there so the address `warrant serve` prints opens it.
 */
export function inspectorRoutes(app: OpenAPIHono<ServerEnv>, { turns }: { turns: boolean }): void {
  const page = inspectorPage({ turns });
  // The page is built once, so its policy (with its scripts' hashes) is too.
  const policy = inspectorContentSecurityPolicy(page);
  app.get('/', (c) => c.redirect('/inspector'));
  app.get('/inspector', (c) => {
    c.header('content-security-policy', policy);
    c.header('x-frame-options', 'DENY');
    return c.html(page);
  });
}

const tenantSchema = z
  .strictObject({ tenant_id: z.string().describe("the tenant the API key belongs to; every record a request reads or writes is this tenant's") })
  .meta({ id: 'Tenant', example: { tenant_id: 'acme' } });

/**
 * `GET /v0/tenant`: which tenant the request's API key belongs to, so the inspector can say whose
 * records it shows (and a host can check a key is the one it meant) without reading any record.
 * Registered after the key check, like every `/v0` route.
 */
export function tenantRoutes(app: OpenAPIHono<ServerEnv>): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/tenant',
      operationId: 'getTenant',
      tags: ['tenant'],
      summary: "The API key's tenant",
      responses: {
        200: { description: 'the tenant of the key sent', content: { 'application/json': { schema: tenantSchema } } },
        ...problemResponses('getTenant', ['transport', 'handler', 'apiKey']),
      },
    }),
    (c) => c.json({ tenant_id: c.get('tenantId') }, 200),
  );
}
