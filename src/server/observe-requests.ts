import { randomBytes, randomUUID } from 'node:crypto';
import { context as otelContext, isSpanContextValid, trace, TraceFlags, type Tracer } from '@opentelemetry/api';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { inSpan } from '../evidence/spans.js';
import { contextFromTraceparent } from '../evidence/trace-parent.js';
import type { Logger } from '../evidence/json-logger.js';
import type { ServerMetrics } from './metrics.js';
import type { ServerEnv } from './server-env.js';

/** A request id sent by the caller that is kept: 1–128 characters of `[A-Za-z0-9._:-]`. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Counts requests in flight so a shutdown can wait for them. */
export interface InFlight {
  readonly count: number;
  /** Resolves when no request is in flight. */
  idle(): Promise<void>;
}

/**
 * Wraps every request in a span (`HTTP <method> <route>`) and writes one log line when it ends:
 * method, path, status, milliseconds, tenant, request id and trace id. The request id is the
 * caller's `X-Request-Id` when it is a sane token, else a new UUID, and is returned in
 * `X-Request-Id`. Also counts requests in flight. A W3C
 * `traceparent` header makes the request's span a child of the caller's, so Warrant's spans join
 * the host's trace; every response carries a `traceresponse` header (W3C Trace Context Level 2:
 * `00-<trace id>-<span id>-<flags>`) naming the trace and the request's span, also when no tracer
 * provider is configured (the ids are then made for the request and recorded nowhere but in its
 * records and logs).
 */
export function observeRequests({ logger, tracer, metrics }: { logger: Logger; tracer: Tracer; metrics: ServerMetrics }) {
  let count = 0;
  let waiters: (() => void)[] = [];
  const inFlight: InFlight = {
    get count() {
      return count;
    },
    idle: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
  const middleware = createMiddleware<ServerEnv>(async (c, next) => {
    count++;
    metrics.inFlight.inc();
    // A load balancer's or host's request id is kept when it is a sane token, so one id follows the request across systems.
    const sentId = c.req.header('x-request-id');
    const requestId = sentId !== undefined && REQUEST_ID.test(sentId) ? sentId : randomUUID();
    c.set('requestId', requestId);
    c.header('x-request-id', requestId);
    const started = performance.now();
    try {
      const parent = contextFromTraceparent(c.req.header('traceparent'), c.req.header('tracestate'), otelContext.active());
      await inSpan(
        tracer,
        `HTTP ${c.req.method}`,
        { 'http.request.method': c.req.method, 'url.path': c.req.path },
        async (span, scope) => {
          let traceContext = scope;
          let ids = span.spanContext();
          if (!isSpanContextValid(ids) || ids.spanId === trace.getSpanContext(parent)?.spanId) {
            // No tracer provider: OpenTelemetry's no-op span has no ids, or only the caller's. The
            // request still gets ids of its own (in the caller's trace when it sent one), so its
            // records, its log lines and its `traceresponse` name one trace and this server's span.
            const caller = isSpanContextValid(ids) ? ids : undefined;
            ids = {
              traceId: caller?.traceId ?? randomBytes(16).toString('hex'),
              spanId: randomBytes(8).toString('hex'),
              traceFlags: caller?.traceFlags ?? TraceFlags.NONE,
            };
            traceContext = trace.setSpanContext(scope, ids);
          }
          c.set('traceContext', traceContext);
          c.set('traceId', ids.traceId);
          await next();
          // W3C Trace Context Level 2: the trace this request joined, and this server's span in it.
          c.header('traceresponse', `00-${ids.traceId}-${ids.spanId}-${(ids.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00'}`);
          const route = routePath(c, -1);
          span.updateName(`HTTP ${c.req.method} ${route}`);
          span.setAttribute('http.route', route);
          span.setAttribute('http.response.status_code', c.res.status);
          const tenant = c.get('tenantId');
          if (tenant !== undefined) span.setAttribute('warrant.tenant', tenant);
        },
        parent,
      );
    } finally {
      const status = c.res.status;
      const ms = performance.now() - started;
      metrics.inFlight.dec();
      metrics.request(c.req.method, routePath(c, -1), status, ms / 1000);
      logger.log({
        level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
        msg: 'request',
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round(ms * 100) / 100,
        tenant: c.get('tenantId') ?? null,
        request_id: requestId,
        trace_id: c.get('traceId') ?? null,
      });
      if (--count === 0) {
        const ready = waiters;
        waiters = [];
        ready.forEach((w) => w());
      }
    }
  });
  return { middleware, inFlight };
}
