import type { OpenAPIHono } from '@hono/zod-openapi';
import { inspectorPage } from '../inspector/inspector-page.js';
import type { ServerEnv } from '../server-env.js';

/**
 * `GET /inspector`: the inspector page (no data in it: it asks for a key and reads the keyed
 * API). `GET /` redirects there so the address `warrant serve` prints opens it.
 */
export function inspectorRoutes(app: OpenAPIHono<ServerEnv>, { turns }: { turns: boolean }): void {
  const page = inspectorPage({ turns });
  app.get('/', (c) => c.redirect('/inspector'));
  app.get('/inspector', (c) => {
    c.header('content-security-policy', "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'");
    c.header('x-content-type-options', 'nosniff');
    c.header('cache-control', 'no-store');
    return c.html(page);
  });
}
