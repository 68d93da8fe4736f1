import { SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';

/**
 * The tracer Warrant uses when the caller gives none: the global one named `warrant`. Without a
 * registered tracer provider it is OpenTelemetry's no-op tracer, so spans cost next to nothing
 * until a deployment configures an exporter.
 */
export function defaultTracer(): Tracer {
  return trace.getTracer('warrant');
}

/**
 * Runs `work` inside an active span named `name`. The span records an exception and an error
 * status when `work` throws (the error is rethrown unchanged), and always ends.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T> | T,
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Records a span for work that already happened (a model call recorded with its start time and
 * latency), so call records made without a tracer still show up in a trace afterwards.
 */
export function recordFinishedSpan(
  tracer: Tracer,
  name: string,
  { startMs, durationMs, attributes, failed = false }: { startMs: number; durationMs: number; attributes: Attributes; failed?: boolean },
): void {
  const span = tracer.startSpan(name, { attributes, startTime: startMs });
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(startMs + durationMs);
}
