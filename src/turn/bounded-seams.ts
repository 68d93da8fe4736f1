import { boundedCall, isTimeout } from '../bounded-call.js';
import type { Understand } from './understand.js';
import type { KnowledgeResult, KnowledgeSource, TurnWriter } from './writer.js';

/**
 * Default `TurnRuntimeOptions.seamTimeoutMs`: the longest one call of a host seam may take. Above
 * what the model-backed seams bound themselves to (30 s per model call, 60 s for a turn's words),
 * so it only ever ends a seam that ignores its signal.
 */
export const DEFAULT_SEAM_TIMEOUT_MS = 60_000;

/**
 * How long a seam whose signal aborted may still take to return on its own — a model-backed
 * writer returning its calls' `aborted` records — before it is no longer waited for.
 */
export const SEAM_GRACE_MS = 1_000;

/** Why a seam call gave nothing, as its evidence records it: `timeout`, or `aborted` when the caller's signal ended it. */
function endedBy(error: unknown, signal: AbortSignal | undefined): 'timeout' | 'aborted' | undefined {
  if (isTimeout(error)) return 'timeout';
  return signal?.aborted && error === signal.reason ? 'aborted' : undefined;
}

/**
 * `understand` raced against its request's signal (the turn's) and `timeoutMs`, handed a signal
 * that ends with either. Past the timeout the message is unread with the reason `timeout`; a
 * cancelled turn rejects with the turn's reason, as the runtime expects.
 */
export function boundedUnderstand(understand: Understand, timeoutMs: number): Understand {
  return async (request) => {
    try {
      return await boundedCall((signal) => understand({ ...request, signal }), { signal: request.signal, timeoutMs, graceMs: SEAM_GRACE_MS });
    } catch (error) {
      if (isTimeout(error)) return { ok: false, reason: 'timeout', calls: [] };
      throw error;
    }
  };
}

/**
 * `writer` with each call raced against the composition's signal (the writer's own deadline) and
 * `timeoutMs`: a call that does not answer in time is a failed writing (`timeout`, or `aborted`),
 * so code's words stand and the turn, already committed, is returned.
 */
export function boundedWriter(writer: TurnWriter, timeoutMs: number): TurnWriter {
  const bounded = async <T>(work: (signal: AbortSignal) => Promise<T>, signal: AbortSignal | undefined) => {
    try {
      return await boundedCall(work, { signal, timeoutMs, graceMs: SEAM_GRACE_MS });
    } catch (error) {
      const reason = endedBy(error, signal);
      if (reason === undefined) throw error;
      return { ok: false as const, reason, calls: [] };
    }
  };
  return {
    ...(writer.deadlineMs === undefined ? {} : { deadlineMs: writer.deadlineMs }),
    answer: (request) => bounded((signal) => writer.answer({ ...request, signal }), request.signal),
    acknowledge: (request) => bounded((signal) => writer.acknowledge({ ...request, signal }), request.signal),
  };
}

const UNAVAILABLE: KnowledgeResult = { status: 'unavailable', passages: [] };

/**
 * `knowledge` with each lookup raced against the composition's signal and `timeoutMs`, handed a
 * signal that ends with either: a source that fails, throws or does not answer in time is
 * `unavailable` for that question, and the answer is still written.
 */
export function boundedKnowledge(knowledge: KnowledgeSource, timeoutMs: number): KnowledgeSource {
  return {
    lookup: async (question, records, options) => {
      try {
        return await boundedCall((signal) => knowledge.lookup(question, records, { signal }), { signal: options?.signal, timeoutMs, graceMs: SEAM_GRACE_MS });
      } catch {
        return UNAVAILABLE;
      }
    },
  };
}
