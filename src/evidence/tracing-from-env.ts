import type { Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
} from '@opentelemetry/sdk-trace-base';
import { InputError } from '../errors.js';

/** Span export configured by the environment: the tracer to hand `createServer`, and how to stop. */
export interface EnvTracing {
  /** Where the export goes (the OTLP/HTTP traces URL). */
  readonly url: string;
  readonly tracer: Tracer;
  /** Sends the spans still queued and stops the exporter; call once on shutdown. */
  shutdown(): Promise<void>;
}

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;

/**
 * OpenTelemetry span export as the standard `OTEL_*` variables of `env` configure it (the only
 * place they are read), with the official OTLP/HTTP exporter (JSON over HTTP):
 *
 * - `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full URL), else `OTEL_EXPORTER_OTLP_ENDPOINT` +
 *   `/v1/traces`: without either, or with `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`,
 *   nothing is exported and `undefined` is returned (the spans stay OpenTelemetry's no-op ones);
 * - `OTEL_SERVICE_NAME` (default `warrant`);
 * - `OTEL_TRACES_SAMPLER` (`always_on`, `always_off`, `traceidratio`, `parentbased_always_on` —
 *   the default, so a host's sampling decision carried by `traceparent` is followed —
 *   `parentbased_always_off`, `parentbased_traceidratio`) with `OTEL_TRACES_SAMPLER_ARG` (the
 *   ratio, 0–1, default 1);
 * - `OTEL_EXPORTER_OTLP_HEADERS` / `OTEL_EXPORTER_OTLP_TRACES_HEADERS` (`k=v,k2=v2`, e.g. a
 *   collector's key);
 * - `OTEL_BSP_SCHEDULE_DELAY` (ms between batch exports, default 5000).
 *
 * A bad value is refused, naming the variable, before the server starts.
 */
export function tracingFromEnv(env: Record<string, string | undefined>): EnvTracing | undefined {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  if (read('OTEL_SDK_DISABLED')?.toLowerCase() === 'true' || read('OTEL_TRACES_EXPORTER')?.toLowerCase() === 'none') return undefined;
  const base = read('OTEL_EXPORTER_OTLP_ENDPOINT');
  const url = read('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? (base === undefined ? undefined : `${base.replace(/\/+$/, '')}/v1/traces`);
  if (url === undefined) return undefined;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    refuse(
      read('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT',
      `${JSON.stringify(url)} is not an http(s) URL`,
    );

  const delay = read('OTEL_BSP_SCHEDULE_DELAY');
  if (delay !== undefined && !/^\d{1,9}$/.test(delay)) refuse('OTEL_BSP_SCHEDULE_DELAY', `${JSON.stringify(delay)} is not a whole number of milliseconds`);
  const exporter = new OTLPTraceExporter({
    url,
    headers: {
      ...headersOf(read('OTEL_EXPORTER_OTLP_HEADERS'), 'OTEL_EXPORTER_OTLP_HEADERS'),
      ...headersOf(read('OTEL_EXPORTER_OTLP_TRACES_HEADERS'), 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'),
    },
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': read('OTEL_SERVICE_NAME') ?? 'warrant' }),
    sampler: samplerOf(read('OTEL_TRACES_SAMPLER'), read('OTEL_TRACES_SAMPLER_ARG')),
    spanProcessors: [new BatchSpanProcessor(exporter, delay === undefined ? {} : { scheduledDelayMillis: Number(delay) })],
  });
  return { url, tracer: provider.getTracer('warrant'), shutdown: () => provider.shutdown() };
}

function samplerOf(name: string | undefined, arg: string | undefined): Sampler {
  const sampler = (name ?? 'parentbased_always_on').toLowerCase();
  if (!(SAMPLERS as readonly string[]).includes(sampler)) refuse('OTEL_TRACES_SAMPLER', `${JSON.stringify(name)} is not one of ${SAMPLERS.join(', ')}`);
  const ratio = arg === undefined ? 1 : Number(arg);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) refuse('OTEL_TRACES_SAMPLER_ARG', `${JSON.stringify(arg)} is not a ratio from 0 to 1`);
  const root = sampler.endsWith('always_on')
    ? new AlwaysOnSampler()
    : sampler.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(ratio);
  return sampler.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

function headersOf(value: string | undefined, name: string): Record<string, string> {
  if (value === undefined) return {};
  const headers: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) refuse(name, `${JSON.stringify(pair)} is not key=value`);
    headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

function refuse(variable: string, message: string): never {
  throw new InputError(variable, [{ path: '$', message }]);
}
