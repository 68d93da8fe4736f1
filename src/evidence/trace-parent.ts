import { ROOT_CONTEXT, createTraceState, trace, type Context } from '@opentelemetry/api';

/** `version-traceid-parentid-flags`, lowercase hex (W3C Trace Context, level 1). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * The context an incoming request's W3C `traceparent` (and `tracestate`) header names, so the
 * spans Warrant starts for the request join the host's trace as children of the host's span.
 * Parsed here rather than through a registered propagator: the sidecar must continue a host's
 * trace whether or not its own process configured OpenTelemetry propagation. A header that is
 * absent or malformed — wrong length, upper case, version `ff`, an all-zero id, extra members
 * on version 00 — is ignored as the specification says, and `base` is returned unchanged.
 */
export function contextFromTraceparent(traceparent: string | undefined, tracestate: string | undefined, base: Context = ROOT_CONTEXT): Context {
  const match = TRACEPARENT.exec(traceparent?.trim() ?? '');
  if (match === null) return base;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return base;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return base;
  let traceState: ReturnType<typeof createTraceState> | undefined;
  try {
    traceState = tracestate ? createTraceState(tracestate) : undefined;
  } catch {
    traceState = undefined;
  }
  return trace.setSpanContext(base, {
    traceId,
    spanId,
    traceFlags: Number.parseInt(flags, 16) & 0x01,
    isRemote: true,
    ...(traceState === undefined ? {} : { traceState }),
  });
}
