import { ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { contextFromTraceparent } from './trace-parent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('a W3C traceparent', () => {
  it('names the remote parent: trace id, span id, sampled flag and trace state', () => {
    const parent = trace.getSpanContext(contextFromTraceparent(`00-${TRACE}-${SPAN}-01`, 'vendor=a,other=b'));
    expect(parent).toMatchObject({ traceId: TRACE, spanId: SPAN, traceFlags: TraceFlags.SAMPLED, isRemote: true });
    expect(parent?.traceState?.get('vendor')).toBe('a');
    expect(trace.getSpanContext(contextFromTraceparent(`00-${TRACE}-${SPAN}-00`, undefined))?.traceFlags).toBe(TraceFlags.NONE);
  });

  it('a later version is read by its first four fields, as the specification asks', () => {
    expect(trace.getSpanContext(contextFromTraceparent(`01-${TRACE}-${SPAN}-01-future`, undefined))?.traceId).toBe(TRACE);
  });

  it.each([
    ['absent', undefined],
    ['upper case', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['all-zero span id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['extra members on version 00', `00-${TRACE}-${SPAN}-01-extra`],
    ['garbage', 'hello'],
  ])('%s is ignored: the request starts a trace of its own', (_name, header) => {
    expect(contextFromTraceparent(header, undefined)).toBe(ROOT_CONTEXT);
  });
});
