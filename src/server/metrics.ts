import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { InputError } from '../errors.js';

/** Options of {@link createMetrics}; see `ServerOptions.metrics`. */
export interface MetricsOptions {
  /**
   * The bearer token a scraper sends to `GET /metrics` (at least 16 characters). No token, no
   * route: `/metrics` is 404. Not a tenant's key: the series count every tenant's traffic, and one
   * tenant must not read another's volume (W10); a token of its own is what Prometheus's
   * `authorization` setting sends, and it needs no second port to open and firewall.
   */
  readonly token?: string;
  /** Also export Node's process metrics (CPU, memory, event-loop lag, GC). Default true. */
  readonly processMetrics?: boolean;
}

/** Where the sidecar records what it did; one per server, each with its own registry. */
export interface ServerMetrics {
  readonly registry: Registry;
  /** Whether `token` is the configured scrape token (compared in constant time). */
  authorizes(token: string): boolean;
  request(method: string, route: string, status: number, seconds: number): void;
  verdict(status: string, fallbackReason: string): void;
  modelCall(task: string, outcome: string): void;
  flush(rows: number, seconds: number, ok: boolean): void;
  storeError(route: string): void;
  readonly inFlight: Gauge;
  readonly draining: Gauge;
}

/** The smallest scrape token accepted, as for API keys. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

/**
 * The sidecar's Prometheus series (prom-client), all prefixed `warrant_`:
 * `http_requests_total{method,route,status}`, `http_request_duration_seconds{method,route}`,
 * `http_requests_in_flight`, `verdicts_total{status,fallback_reason}`,
 * `model_calls_total{task,outcome}`, `group_commit_flush_rows`, `group_commit_flush_seconds`,
 * `group_commit_flushes_total{outcome}`, `store_errors_total{route}`, `contract_cache_bytes`,
 * `contract_cache_entries`, `draining`, plus Node's process metrics. Routes are the route
 * patterns (`/v0/effects/:id`), never the paths sent, and no tenant is a label: the number of
 * series stays bounded whatever clients send.
 */
export function createMetrics({ token, processMetrics = true }: MetricsOptions, cache: { readonly bytes: number; readonly size: number }): ServerMetrics {
  if (token !== undefined && token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new RangeError(`the metrics token must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`);
  }
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'warrant_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'warrant_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'warrant_http_request_duration_seconds',
    help: 'Time from a request arriving to its response being ready, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const inFlight = new Gauge({ name: 'warrant_http_requests_in_flight', help: 'Requests being handled now', registers });
  const verdicts = new Counter({
    name: 'warrant_verdicts_total',
    help: 'Reply contract verifications by status (accepted, fallback) and why a fallback fell back (the first violation code, no_candidate; empty when accepted)',
    labelNames: ['status', 'fallback_reason'],
    registers,
  });
  const modelCalls = new Counter({
    name: 'warrant_model_calls_total',
    help: 'Model calls of turns and suggestions, by task and outcome',
    labelNames: ['task', 'outcome'],
    registers,
  });
  const flushRows = new Histogram({
    name: 'warrant_group_commit_flush_rows',
    help: 'Effects written per group-commit flush',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 500],
    registers,
  });
  const flushSeconds = new Histogram({
    name: 'warrant_group_commit_flush_seconds',
    help: 'Time one group-commit flush took',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  });
  const flushes = new Counter({
    name: 'warrant_group_commit_flushes_total',
    help: 'Group-commit flushes by outcome (ok, failed)',
    labelNames: ['outcome'],
    registers,
  });
  const storeErrors = new Counter({
    name: 'warrant_store_errors_total',
    help: 'Requests answered 503 because the store failed, by route pattern',
    labelNames: ['route'],
    registers,
  });
  new Gauge({
    name: 'warrant_contract_cache_bytes',
    help: 'Estimated memory held by the compiled-contract cache',
    registers,
    collect() {
      this.set(cache.bytes);
    },
  });
  new Gauge({
    name: 'warrant_contract_cache_entries',
    help: 'Compiled contracts held by the cache',
    registers,
    collect() {
      this.set(cache.size);
    },
  });
  const draining = new Gauge({ name: 'warrant_draining', help: '1 while the server drains for shutdown, else 0', registers });
  draining.set(0);
  const expected = token === undefined ? undefined : digest(token);
  return {
    registry,
    authorizes: (sent) => expected !== undefined && timingSafeEqual(digest(sent), expected),
    request(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    verdict: (status, fallbackReason) => verdicts.inc({ status, fallback_reason: fallbackReason }),
    modelCall: (task, outcome) => modelCalls.inc({ task, outcome }),
    flush(rows, seconds, ok) {
      flushRows.observe(rows);
      flushSeconds.observe(seconds);
      flushes.inc({ outcome: ok ? 'ok' : 'failed' });
    },
    storeError: (route) => storeErrors.inc({ route }),
    inFlight,
    draining,
  };
}

/**
 * The metrics options of `warrant serve` from `env` (the only place they are read):
 * `WARRANT_METRICS_TOKEN`, the scrape token (at least 16 characters). Absent, `/metrics` is not served.
 */
export function metricsFromEnv(env: Record<string, string | undefined>): MetricsOptions {
  const token = env.WARRANT_METRICS_TOKEN?.trim();
  if (!token) return {};
  if (token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new InputError('WARRANT_METRICS_TOKEN', [{ path: '$', message: `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters` }]);
  }
  return { token };
}

/** Digests compare in constant time whatever the lengths sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
