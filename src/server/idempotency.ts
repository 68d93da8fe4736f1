import { createHash, randomBytes } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { storeCall } from '../evidence/store-call.js';
import type { Database } from '../store/index.js';
import { HttpProblem } from './problem.js';
import type { ServerEnv } from './server-env.js';

/** Options of {@link idempotentPosts}; see `ServerOptions.idempotency`. */
export interface IdempotencyOptions {
  /**
   * How long a key is remembered after its first request, in milliseconds. Default 24 hours,
   * as Stripe documents: longer than any client's retry schedule, short enough to prune.
   */
  readonly expiryMs?: number;
  /**
   * How long a request whose key another request is still running under waits for that one's
   * answer before it is refused with 409, in milliseconds. Default 10 s: a verification takes
   * milliseconds and a suggestion with model calls seconds, so a racing retry usually gets the
   * answer instead of an error.
   */
  readonly waitMs?: number;
  /**
   * How long a running request holds its key, in milliseconds. Default 60 s. A replica that dies
   * mid-request leaves its key held this long; then the next retry runs the request again.
   */
  readonly leaseMs?: number;
}

/** The header a client sends, and the header that marks a replayed response (Stripe's names). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** The `Idempotency-Key` request header as the OpenAPI document shows it. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Makes the POST safe to retry: the same key with the same body returns the stored response (with `Idempotent-Replayed: true`); with another body it is 422. Per tenant, kept 24 hours.',
    ),
});

/** Longest key accepted, as Stripe documents: room for a UUID or a host's own request id. */
const MAX_KEY_LENGTH = 255;
/** Visible ASCII and the space: a header value every HTTP stack carries unchanged. */
const KEY_SHAPE = /^[\x20-\x7e]+$/;
const POLL_MS = 25;
/** Expired keys are pruned at most this often per process. */
const PRUNE_EVERY_MS = 60_000;

const CLAIM = `insert into idempotency_keys (tenant_id, key, fingerprint, owner, locked_until, expires_at)
  values ($1, $2, $3, $4, now() + $5::int8 * interval '1 millisecond', now() + $6::int8 * interval '1 millisecond')
  on conflict (tenant_id, key) do update set
    fingerprint = excluded.fingerprint, owner = excluded.owner, status = null, response = null,
    created_at = now(), locked_until = excluded.locked_until, expires_at = excluded.expires_at
  where idempotency_keys.expires_at <= now()
     or (idempotency_keys.response is null and idempotency_keys.locked_until <= now())
  returning owner`;

/**
 * `Idempotency-Key` with the semantics Stripe documents, as middleware after `readJsonBody`:
 *
 * - no header: the request runs as it always did;
 * - the first request with a key runs, and its 200 response (status and exact text) is stored
 *   with the key, in the database, so it holds across replicas and restarts;
 * - the same key with the same request (operation and body, compared as canonical JSON) gets the
 *   stored response again — the same effect id — with `Idempotent-Replayed: true`;
 * - the same key with a different request is 422 `idempotency_key_reused`;
 * - while the first request is still running, a retry waits for its answer up to `waitMs`, then
 *   is 409 `idempotency_key_in_use`; two replicas racing one key run the work once;
 * - a request that fails (a refusal, the store down) stores nothing and frees its key, since
 *   nothing was acknowledged: retrying it runs it again;
 * - keys belong to the tenant (another tenant's same key is another key) and are forgotten
 *   `expiryMs` after their first request.
 */
export function idempotentPosts(store: Database, operation: string, { expiryMs = 24 * 3600_000, waitMs = 10_000, leaseMs = 60_000 }: IdempotencyOptions = {}) {
  let lastPrune = 0;
  return createMiddleware<ServerEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next();
    if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_SHAPE.test(key)) {
      const message = `must be 1–${MAX_KEY_LENGTH} visible ASCII characters`;
      throw new HttpProblem(400, 'invalid_input', `the Idempotency-Key header ${message}`, [{ path: IDEMPOTENCY_KEY_HEADER, message }]);
    }
    const tenantId = c.get('tenantId');
    const fingerprint = fingerprintOf(operation, c.get('body'));
    const owner = randomBytes(12).toString('hex');
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await storeCall('expired idempotency keys could not be pruned', () => store.query('delete from idempotency_keys where expires_at <= now()'));
    }

    const deadline = Date.now() + waitMs;
    for (;;) {
      const claimed = await storeCall('the idempotency key could not be claimed', () =>
        store.query(CLAIM, [tenantId, key, fingerprint, owner, leaseMs, expiryMs]),
      );
      if (claimed.length > 0) break;
      const [held] = await storeCall('the idempotency key could not be read', () =>
        store.query<{ fingerprint: string; status: number | null; response: string | null }>(
          'select fingerprint, status, response from idempotency_keys where tenant_id = $1 and key = $2',
          [tenantId, key],
        ),
      );
      if (held === undefined) continue; // its request failed and freed the key between our two statements
      if (held.fingerprint !== fingerprint) {
        const message = 'this key was used with a different request; use a new key for a new request';
        throw new HttpProblem(422, 'idempotency_key_reused', message, [{ path: IDEMPOTENCY_KEY_HEADER, message }]);
      }
      if (held.response !== null && held.status !== null) {
        c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return c.body(held.response, held.status as ContentfulStatusCode, { 'content-type': 'application/json' });
      }
      if (Date.now() >= deadline) {
        const message = 'a request with this key is still running; retry later';
        throw new HttpProblem(409, 'idempotency_key_in_use', message, [{ path: IDEMPOTENCY_KEY_HEADER, message }]);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    let stored = false;
    try {
      await next();
      if (c.res.status === 200) {
        const text = await c.res.clone().text();
        await storeCall('the idempotent response could not be stored', () =>
          store.query('update idempotency_keys set status = $4, response = $5 where tenant_id = $1 and key = $2 and owner = $3', [
            tenantId,
            key,
            owner,
            c.res.status,
            text,
          ]),
        );
        stored = true;
      }
    } finally {
      // Nothing acknowledged under this key: free it so a retry runs the request again.
      if (!stored) {
        await store
          .query('delete from idempotency_keys where tenant_id = $1 and key = $2 and owner = $3 and response is null', [tenantId, key, owner])
          .catch(() => undefined);
      }
    }
  });
}

/** The operation and the body as canonical JSON (keys sorted), hashed: equal for the same request however its keys were ordered. */
function fingerprintOf(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
