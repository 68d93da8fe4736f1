import type { IncomingMessage } from 'node:http';
import type { Context } from '@opentelemetry/api';

/** What the sidecar's middleware hands its handlers through Hono's context. */
export interface ServerEnv {
  /** On Node (`listen`), the raw request and response; absent under `app.request()` in tests. */
  Bindings: { incoming?: IncomingMessage } | undefined;
  Variables: {
    /** The tenant of the request's API key; set by the key check on every `/v0` route. */
    tenantId: string;
    /** The parsed JSON body; set by `readJsonBody` on routes that take one. */
    body: unknown;
    /** The request span's OpenTelemetry context: the parent of every span the handler starts. */
    traceContext: Context;
    /**
     * The request's W3C trace id (32 hex digits): the caller's when it sent a `traceparent`, else
     * the request span's, else (no tracer configured) one made for the request. Stored with every
     * record the request makes and returned in the `traceresponse` header.
     */
    traceId: string;
    /** The request's id (`X-Request-Id`, sent or made): on every log line of the request and in the response. */
    requestId: string;
  };
}
