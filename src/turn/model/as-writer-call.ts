import type { ModelCallRecord } from '../../model/index.js';
import type { WriterCall } from '../writer-call.js';

/** A model call record as a turn's evidence holds it (the record, unchanged, as a plain object). */
export function asWriterCall(call: ModelCallRecord): WriterCall {
  return { ...call };
}
