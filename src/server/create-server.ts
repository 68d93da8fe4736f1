import { OpenAPIHono } from '@hono/zod-openapi';
import type { Tracer } from '@opentelemetry/api';
import { createEffectStore, type EffectStore } from '../evidence/effect-store.js';
import { createJsonLogger, type Logger } from '../evidence/json-logger.js';
import { defaultTracer } from '../evidence/spans.js';
import type { Database } from '../store/index.js';
import { openApiKeyring, provisionApiKeys, type ApiKeyGrant } from './api-keys.js';
import { createContractCache } from './contract-cache.js';
import { observeRequests } from './observe-requests.js';
import { HttpProblem, problemOf, problemResponse } from './problem.js';
import { requireApiKey } from './require-api-key.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.js';
import { inspectorRoutes } from './routes/inspector.js';
import type { ParaphraseSource } from '../contract/probe-contract.js';
import { replyContractRoutes, verifyAndStore } from './routes/reply-contracts.js';
import { suggestionRoutes, type SuggestionDeployment } from './routes/suggestions.js';
import { turnRoutes, type TurnDeployment } from './routes/turns.js';
import type { ServerEnv } from './server-env.js';

/** Options of {@link createServer}: one object, defaults stated per field. */
export interface ServerOptions {
  /** The migrated store (see `openStore`). The server does not close it; its owner does. */
  store: Database;
  /** Keys to provision (stored as digests) before serving. Default none: keys already stored still work. */
  apiKeys?: readonly ApiKeyGrant[];
  /** Largest request body, in bytes. Default 256 KiB: a contract with thousands of terms fits, a runaway upload does not. */
  bodyLimitBytes?: number;
  /** Deepest JSON nesting accepted. Default 32: Warrant's own formats nest under 8. */
  maxJsonDepth?: number;
  /** Where the one-line-per-request logs go. Default JSON lines on standard output. */
  logger?: Logger;
  /** Tracer for request, verification, turn and model-call spans. Default the global `warrant` tracer (a no-op until a provider is registered). */
  tracer?: Tracer;
  /** Extra `/readyz` checks by name, e.g. locale completeness; each returns `undefined` when fine or what is wrong. */
  readinessChecks?: Readonly<Record<string, ReadinessCheck>>;
  /** Group-commit tuning of the effects writer; defaults suit the store kind. */
  effectWriter?: { maxBatchRows?: number; maxConcurrentFlushes?: number };
  /**
   * The deployment's workflows (and optional writer, understand, knowledge, locales, copy) for
   * `/v0/turns`. Default none: the turn routes are not mounted. Checked at start: a sentence
   * missing in a declared locale refuses the server (W8).
   */
  turns?: TurnDeployment;
  /**
   * Skills (and clock) for `/v0/suggestions`. Default `{ skills: null }`: every gate runs and a
   * request that would need generation gets a stop state saying a model is needed.
   */
  suggestions?: SuggestionDeployment;
  /** The paraphrase part of `POST /v0/reply-contracts/probe` (e.g. `modelParaphrases`). Default none: skipped, and the report says so. */
  probeParaphrase?: ParaphraseSource;
}

/** A configured sidecar: a fetch handler plus what a graceful shutdown needs. */
export interface WarrantServer {
  /** The Hono app; `app.request()` drives it in tests without a socket. */
  readonly app: OpenAPIHono<ServerEnv>;
  /**
   * The standard fetch handler, for any runtime adapter. `env` is the adapter's bindings (on
   * Node, `{ incoming, outgoing }`), which lets request bodies be read without a web stream.
   */
  readonly fetch: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** Durable effects (group-committed). */
  readonly effects: EffectStore;
  /** Requests being handled right now. */
  readonly inFlight: number;
  /** Resolves when no request is in flight and every acknowledged write is flushed. */
  drain(): Promise<void>;
  /**
   * What `POST /v0/reply-contracts/verify` does, without HTTP: verifies `request`
   * (`{contract, candidates}`, wire JSON) for `tenantId` and stores the effect before resolving
   * with `{body, effect}`. Throws `InputError` with paths for a refused request.
   */
  verify(tenantId: string, request: unknown): Promise<{ body: string; effect: Record<string, unknown> }>;
}

/**
 * Builds the HTTP sidecar: `/v0` routes behind bearer keys per tenant, public `/healthz` and
 * `/readyz`, the OpenAPI document at `/v0/openapi.json`, and the inspector page at `/inspector`.
 * Provisions `apiKeys` and loads the stored ones before returning.
 */
export async function createServer({
  store,
  apiKeys = [],
  bodyLimitBytes = 256 * 1024,
  maxJsonDepth = 32,
  logger = createJsonLogger(),
  tracer = defaultTracer(),
  readinessChecks = {},
  effectWriter = {},
  turns,
  suggestions = { skills: null },
  probeParaphrase,
}: ServerOptions): Promise<WarrantServer> {
  await provisionApiKeys(store, apiKeys);
  const keyring = await openApiKeyring(store);
  const effects = createEffectStore(store, effectWriter);
  const limits = { bodyLimitBytes, maxJsonDepth };

  const app = new OpenAPIHono<ServerEnv>();
  const observed = observeRequests({ logger, tracer });
  app.use('*', observed.middleware);
  app.onError((error, c) => {
    const problem = problemOf(error, c.req.path);
    if (problem.status >= 500) {
      logger.log({ level: 'error', msg: 'request_failed', path: c.req.path, error: (error as Error)?.stack ?? String(error) });
    }
    return problemResponse(c, problem);
  });
  app.notFound((c) => problemResponse(c, problemOf(new HttpProblem(404, 'not_found', 'no such route'), c.req.path)));

  // Work that outlives its request (a streamed turn whose client left) still holds the drain.
  const background = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    background.add(work);
    void work.finally(() => background.delete(work));
  };

  const checks: Record<string, ReadinessCheck> = { ...readinessChecks };
  // The turn runtime refuses to build while a sentence lacks a declared locale, so a server
  // that started with turns has every sentence; readiness says so.
  if (turns) checks.locales = () => undefined;
  healthRoutes(app, { store, readinessChecks: checks });
  inspectorRoutes(app, { turns: turns !== undefined });
  app.use('/v0/*', requireApiKey(keyring));
  const contractDeps = { effects, contracts: createContractCache(), tracer, logger };
  replyContractRoutes(app, { ...contractDeps, limits, ...(probeParaphrase ? { paraphrase: probeParaphrase } : {}) });
  if (turns) turnRoutes(app, { store, deployment: turns, limits, tracer, logger, track });
  suggestionRoutes(app, { store, deployment: suggestions, limits, tracer });

  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'http', scheme: 'bearer' });
  // Built on first request, after every route has registered its path, then served as is.
  let openApiDocument: unknown;
  app.get('/v0/openapi.json', (c) =>
    c.json(
      (openApiDocument ??= app.getOpenAPI31Document({
        openapi: '3.1.0',
        info: {
          title: 'Warrant sidecar',
          version: '0',
          description: 'Governs what a conversational assistant may say. Every `/v0` route needs `Authorization: Bearer <key>`.',
        },
        security: [{ apiKey: [] }],
      })) as object,
    ),
  );

  return {
    app,
    fetch: (request, env) => app.fetch(request, env as ServerEnv['Bindings']),
    effects,
    get inFlight() {
      return observed.inFlight.count;
    },
    verify: (tenantId, request) => verifyAndStore(contractDeps, tenantId, request),
    async drain() {
      await observed.inFlight.idle();
      while (background.size > 0) await Promise.allSettled([...background]);
      await effects.drain();
    },
  };
}
