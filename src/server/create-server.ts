import type { IncomingMessage } from 'node:http';
import { OpenAPIHono } from '@hono/zod-openapi';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Tracer } from '@opentelemetry/api';
import { createEffectStore, type EffectStore } from '../evidence/effect-store.js';
import { createJsonLogger, type Logger } from '../evidence/json-logger.js';
import { defaultTracer } from '../evidence/spans.js';
import { parseInput } from '../errors.js';
import type { Database } from '../store/index.js';
import { openApiKeyring, provisionApiKeys, type ApiKeyGrant } from './api-keys.js';
import { allowedMethods } from './allowed-methods.js';
import { createContractCache } from './contract-cache.js';
import { idempotentPosts, type IdempotencyOptions } from './idempotency.js';
import { refuseInvalidInput } from './input-hook.js';
import { createMetrics, type MetricsOptions } from './metrics.js';
import { metricsRoute } from './routes/metrics.js';
import { observeRequests } from './observe-requests.js';
import { addOperationExamples } from './openapi-examples.js';
import { HttpProblem, problemOf, problemResponse } from './problem.js';
import { requireApiKey } from './require-api-key.js';
import { securityHeaders } from './security-headers.js';
import { evidenceRoutes } from './routes/evidence.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.js';
import { inspectorRoutes, tenantRoutes } from './routes/inspector.js';
import type { ParaphraseSource } from '../probe/index.js';
import type { Deployment } from '../deployment/deployment.js';
import { replyContractRoutes, verifyAndStore, verifyRequestSchema } from './routes/reply-contracts.js';
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
  /**
   * Memory the compiled-contract cache may hold, in bytes (estimated, see `contractCacheCost`).
   * Default 64 MiB; `warrant serve` reads `WARRANT_CONTRACT_CACHE_BYTES`. 0 disables the cache.
   */
  contractCacheBytes?: number;
  /** Where the one-line-per-request logs go. Default JSON lines on standard output. */
  logger?: Logger;
  /** Tracer for request, verification, turn and model-call spans. Default the global `warrant` tracer (a no-op until a provider is registered). */
  tracer?: Tracer;
  /** Extra `/readyz` checks by name, e.g. locale completeness; each returns `undefined` when fine or what is wrong. */
  readinessChecks?: Readonly<Record<string, ReadinessCheck>>;
  /** Group-commit tuning of the effects writer; defaults suit the store kind. */
  effectWriter?: { maxBatchRows?: number; maxConcurrentFlushes?: number };
  /**
   * The model-backed seams of the deployment (see `deploymentFromEnv`), built once: the turns'
   * `understand` and writer, the suggestion skills, the probe's paraphrases. Each is the default
   * of the option below that names it (`turns.understand`, `turns.writer`, `suggestions`,
   * `probeParaphrase`); an option given explicitly wins. Default none: no model anywhere.
   */
  deployment?: Pick<Deployment, 'understand' | 'writer' | 'skills' | 'paraphrase'>;
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
  /**
   * `GET /metrics` (Prometheus text format) behind its own bearer token; no token, no route.
   * `warrant serve` reads `WARRANT_METRICS_TOKEN`. See `createMetrics` for the series.
   */
  metrics?: MetricsOptions;
  /** `Idempotency-Key` on verify and suggestions: expiry (24 h), wait for a racing request (10 s), lease (60 s); see `idempotentPosts`. */
  idempotency?: IdempotencyOptions;
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

/** Where the OpenAPI document is served, without a key. */
const OPENAPI_PATH = '/v0/openapi.json';

/**
 * The OpenAPI 3.1 document of the `/v0` API, built from the zod schemas the routes validate
 * with, after every route has registered its path. Lints clean under Redocly's recommended
 * rules (`openapi-document.test.ts`). `servers` is relative: the API is where the document is.
 */
function openApiDocumentOf(app: OpenAPIHono<ServerEnv>): unknown {
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'http', scheme: 'bearer', description: 'a tenant key, `wk_…`' });
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Warrant sidecar',
      version: '0',
      description:
        'Governs what a conversational assistant may say: reply contracts, governed turns and gated reply suggestions over JSON. ' +
        "Every `/v0` operation needs `Authorization: Bearer <key>`; each key belongs to one tenant, which never sees another's records. " +
        `This document itself (\`${OPENAPI_PATH}\`) and the probes \`/healthz\`, \`/readyz\` are public. Errors are \`application/problem+json\` (RFC 9457) with the JSON path of what is wrong; each operation lists its \`code\`s. ` +
        'No operation answers 429: the server has no request rate limit, and connections over its cap (`WARRANT_MAX_CONNECTIONS`) are closed by Node, not answered.',
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
    },
    servers: [{ url: '/', description: 'the sidecar serving this document' }],
    tags: [
      {
        name: 'reply-contracts',
        description: 'Verify candidate replies against a Reply Contract (v0 or v1), probe a contract for holes; read and list the persisted effects.',
      },
      { name: 'turns', description: 'Governed turns: commit what the host decided, compose the reply from what committed.' },
      { name: 'suggestions', description: 'Gated reply suggestions for a match: a stop state, or 3–5 audited suggestions.' },
      { name: 'tenant', description: 'Which tenant an API key belongs to.' },
      { name: 'evidence', description: "The tenant's own evidence: verify its integrity seals, erase a conversation on request." },
      { name: 'health', description: 'Probes for load balancers and orchestrators; public, no key.' },
    ],
    security: [{ apiKey: [] }],
  });
  // A server without workflows mounts no turn routes; its document names only the tags it uses.
  const used = new Set(
    Object.values(document.paths ?? {}).flatMap((item) => Object.values(item as Record<string, { tags?: string[] }>).flatMap((op) => op.tags ?? [])),
  );
  return addOperationExamples({ ...document, tags: document.tags?.filter((tag) => used.has(tag.name)) });
}

/**
 * Builds the HTTP sidecar: `/v0` routes behind bearer keys per tenant, public `/healthz` and
 * `/readyz`, the OpenAPI document at `/v0/openapi.json` (public), and the inspector page at `/inspector`.
 * Provisions `apiKeys` and loads the stored ones before returning.
 */
export async function createServer({
  store,
  apiKeys = [],
  bodyLimitBytes = 256 * 1024,
  maxJsonDepth = 32,
  contractCacheBytes = 64 * 1024 * 1024,
  logger = createJsonLogger(),
  tracer = defaultTracer(),
  readinessChecks = {},
  effectWriter = {},
  deployment,
  turns: turnOptions,
  suggestions = { skills: deployment?.skills ?? null },
  probeParaphrase = deployment?.paraphrase,
  idempotency = {},
  metrics: metricsOptions = {},
}: ServerOptions): Promise<WarrantServer> {
  // Type-only use of the deployment module: building one loads the provider packages, which the
  // server layer must not (a host hands in models of its own).
  const turns =
    turnOptions && deployment
      ? { understand: deployment.understand, ...(deployment.writer ? { writer: deployment.writer } : {}), ...turnOptions }
      : turnOptions;
  await provisionApiKeys(store, apiKeys);
  const keyring = await openApiKeyring(store, { whenEmpty: () => provisionApiKeys(store, apiKeys) });
  const contracts = createContractCache({ maxBytes: contractCacheBytes });
  const metrics = createMetrics(metricsOptions, contracts);
  const effects = createEffectStore(store, { ...effectWriter, onFlush: metrics.flush });
  const limits = { bodyLimitBytes, maxJsonDepth };

  // Every route mounts with `app.openapi(route, handler)`: the schema the document shows is the one
  // that parses, and what it refuses is an InputError like any other refused input.
  const app = new OpenAPIHono<ServerEnv>({ defaultHook: refuseInvalidInput });
  const observed = observeRequests({ logger, tracer, metrics });
  app.use('*', observed.middleware);
  app.use('*', securityHeaders);
  app.onError((error, c) => {
    if (clientAborted(error, c.env?.incoming, c.req.raw.signal)) {
      // Nobody is left to answer; not a failure of the server. 499 is the log's name for it.
      logger.log({ level: 'warn', msg: 'client_aborted', method: c.req.method, path: c.req.path, request_id: c.get('requestId'), trace_id: c.get('traceId') });
      return c.body(null, 499 as ContentfulStatusCode);
    }
    const problem = problemOf(error, c.req.path);
    if (problem.code === 'store_unavailable') metrics.storeError(routePath(c, -1));
    if (problem.status >= 500) {
      logger.log({
        level: 'error',
        msg: 'request_failed',
        path: c.req.path,
        request_id: c.get('requestId'),
        trace_id: c.get('traceId'),
        error: (error as Error)?.stack ?? String(error),
      });
    } else if (problem.code === 'unstorable_input') {
      // Validation missed a value the store refused: worth a line, so the gap can be closed.
      logger.log({
        level: 'warn',
        msg: 'value_refused_by_store',
        path: c.req.path,
        request_id: c.get('requestId'),
        trace_id: c.get('traceId'),
        error: (error as Error)?.message ?? String(error),
      });
    }
    return problemResponse(c, problem);
  });
  app.notFound((c) => {
    const allowed = allowedMethods(app.routes, c.req.path);
    if (allowed.length > 0) {
      c.header('allow', allowed.join(', '));
      const detail = `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`;
      return problemResponse(c, problemOf(new HttpProblem(405, 'method_not_allowed', detail, [{ path: 'method', message: detail }]), c.req.path));
    }
    return problemResponse(c, problemOf(new HttpProblem(404, 'not_found', 'no such route', [{ path: 'url', message: 'no route at this path' }]), c.req.path));
  });

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
  healthRoutes(app, { store, readinessChecks: checks, logger });
  inspectorRoutes(app, { turns: turns !== undefined });
  // Before the key check: generators and API tools fetch the document without a key. It holds
  // no tenant's data, only the shapes every route already enforces.
  let openApiDocument: unknown;
  app.get(OPENAPI_PATH, (c) => c.json((openApiDocument ??= openApiDocumentOf(app)) as object));
  if (metricsOptions.token !== undefined) metricsRoute(app, metrics);
  app.use('/v0/*', requireApiKey(keyring));
  const contractDeps = { effects, contracts, tracer, logger, metrics };
  replyContractRoutes(app, {
    ...contractDeps,
    limits,
    idempotent: idempotentPosts(store, 'POST /v0/reply-contracts/verify', idempotency),
    ...(probeParaphrase ? { paraphrase: probeParaphrase } : {}),
  });
  if (turns) turnRoutes(app, { store, deployment: turns, limits, tracer, logger, track, metrics });
  suggestionRoutes(app, { store, deployment: suggestions, limits, tracer, metrics, idempotent: idempotentPosts(store, 'POST /v0/suggestions', idempotency) });
  tenantRoutes(app);
  evidenceRoutes(app, { store });

  return {
    app,
    fetch: (request, env) => app.fetch(request, env as ServerEnv['Bindings']),
    effects,
    get inFlight() {
      return observed.inFlight.count;
    },
    // Async, so a refused request is a rejected promise, as the type says, never a synchronous throw.
    verify: async (tenantId, request) => verifyAndStore(contractDeps, tenantId, parseInput(verifyRequestSchema, request, 'verify request')),
    async drain() {
      metrics.draining.set(1);
      await observed.inFlight.idle();
      while (background.size > 0) await Promise.allSettled([...background]);
      await effects.drain();
    },
  };
}

/**
 * True when `error` is the client going away mid-request (Node's `aborted` / `ECONNRESET` on the
 * request, a request stream closed before its end, or work the request's abort signal cancelled),
 * not something the server got wrong.
 */
function clientAborted(error: unknown, incoming: IncomingMessage | undefined, signal: AbortSignal): boolean {
  if (signal.aborted && (error === signal.reason || (error as Error | null)?.name === 'AbortError')) return true;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  if (incoming === undefined) return false;
  return (code === 'ECONNRESET' || code === 'ECONNABORTED' || (error as Error)?.message === 'aborted') && (incoming.destroyed || !incoming.complete);
}
