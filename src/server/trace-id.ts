import { isSpanContextValid, trace, type Context } from '@opentelemetry/api';
import { z } from 'zod';

/** A stored record's `trace_id` on the wire: the W3C trace id of the request that made it. */
export const traceIdSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .nullable()
  .describe(
    'W3C trace id (32 lowercase hex digits) of the request that stored this record, as its `traceresponse` header named it; null for records stored without a request or before trace ids were kept',
  );

/** The trace id of `context`'s span, or null when there is none (work done outside a request). */
export function traceIdOf(context: Context | undefined): string | null {
  const span = context === undefined ? undefined : trace.getSpanContext(context);
  return span !== undefined && isSpanContextValid(span) ? span.traceId : null;
}
