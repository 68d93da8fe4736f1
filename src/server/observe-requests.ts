import { context as otelContext, type Tracer } from '@opentelemetry/api';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { inSpan } from '../evidence/spans.js';
import { contextFromTraceparent } from '../evidence/trace-parent.js';
import type { Logger } from '../evidence/json-logger.js';
import type { ServerEnv } from './server-env.js';

/** Counts requests in flight so a shutdown can wait for them. */
export interface InFlight {
  readonly count: number;
  /** Resolves when no request is in flight. */
  idle(): Promise<void>;
}

/**
 * Wraps every request in a span (`HTTP <method> <route>`) and writes one log line when it ends:
 * method, path, route, status, milliseconds and tenant. Also counts requests in flight. A W3C
 * `traceparent` header makes the request's span a child of the caller's, so Warrant's spans join
 * the host's trace.
 */
export function observeRequests({ logger, tracer }: { logger: Logger; tracer: Tracer }) {
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
    const started = performance.now();
    try {
      const parent = contextFromTraceparent(c.req.header('traceparent'), c.req.header('tracestate'), otelContext.active());
      await inSpan(tracer, `HTTP ${c.req.method}`, { 'http.request.method': c.req.method, 'url.path': c.req.path }, async (span, traceContext) => {
        c.set('traceContext', traceContext);
        await next();
        const route = routePath(c, -1);
        span.updateName(`HTTP ${c.req.method} ${route}`);
        span.setAttribute('http.route', route);
        span.setAttribute('http.response.status_code', c.res.status);
        const tenant = c.get('tenantId');
        if (tenant !== undefined) span.setAttribute('warrant.tenant', tenant);
      }, parent);
    } finally {
      const status = c.res.status;
      logger.log({
        level: status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info',
        msg: 'request',
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 100) / 100,
        tenant: c.get('tenantId') ?? null,
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
