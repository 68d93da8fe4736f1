import { SpanStatusCode, context as otelContext, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';

/**
 * The tracer Warrant uses when the caller gives none: the global one named `warrant`. Without a
 * registered tracer provider it is OpenTelemetry's no-op tracer, so spans cost next to nothing
 * until a deployment configures an exporter.
 */
export function defaultTracer(): Tracer {
  return trace.getTracer('warrant');
}

/**
 * Runs `work` inside a span named `name`, a child of `parent` (default: the active context). The
 * parent is passed explicitly because Warrant does not install a context manager of its own:
 * spans nest correctly whether or not the host registered one. `work` receives the span and the
 * context to hand to its own children. The span records an exception and an error status when
 * `work` throws (the error is rethrown unchanged), and always ends.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  attributes: Attributes,
  work: (span: Span, context: Context) => Promise<T> | T,
  parent: Context = otelContext.active(),
): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, parent, async (span) => {
    const scope = trace.setSpan(parent, span);
    try {
      return await work(span, scope);
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
  {
    startMs,
    durationMs,
    attributes,
    failed = false,
    parent = otelContext.active(),
  }: { startMs: number; durationMs: number; attributes: Attributes; failed?: boolean; parent?: Context },
): void {
  const span = tracer.startSpan(name, { attributes, startTime: startMs }, parent);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(startMs + durationMs);
}
