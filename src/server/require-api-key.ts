import { createMiddleware } from 'hono/factory';
import type { ApiKeyring } from './api-keys.js';
import { HttpProblem } from './problem.js';
import type { ServerEnv } from './server-env.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Lets a request through only with `Authorization: Bearer <key>` for a known key, and records the
 * key's tenant for every later step. No key or a wrong key is 401 (the problem response adds `WWW-Authenticate`);
 * which of the two is not said.
 */
export function requireApiKey(keyring: ApiKeyring) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const match = BEARER.exec(c.req.header('authorization') ?? '');
    const tenant = match ? await keyring.tenantOf(match[1]!) : undefined;
    if (tenant === undefined) {
      throw new HttpProblem(401, 'unauthorized', 'send a valid API key as `Authorization: Bearer <key>`', [
        { path: 'authorization', message: 'no valid bearer key' },
      ]);
    }
    c.set('tenantId', tenant);
    await next();
  });
}
