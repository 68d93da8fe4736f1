import { parseTurnInput } from './turn-input.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import type { Database } from '../store/index.js';
import { openMemoryStore } from '../store/testing.js';
import { transitionOf, type AnswerBlock } from './turn-result.js';
import { createTurnRuntime } from './turn-runtime.js';
import type { Understand } from './understand.js';
import type { KnowledgeSource, TurnWriter } from './writer.js';

/** A seam call that never settles, whatever its signal says; it keeps the signal it was handed. */
const hung = (signals: AbortSignal[]) => (request: { signal?: AbortSignal }) => {
  if (request.signal) signals.push(request.signal);
  return new Promise<never>(() => {});
};
const start = { operation: 'start_trip', workflow: 'trip', record: 'r', values: { destination: 'Oslo' } };
const TIMEOUT_MS = 150;

describe('every host seam is bounded: one that never answers cannot hold a turn', () => {
  let db: Database;
  let tenant = 0;
  const runtimeFor = (options: Partial<Parameters<typeof createTurnRuntime>[0]>) =>
    createTurnRuntime({ db, workflows: [tripWorkflow], tenantId: `bounded-${++tenant}`, seamTimeoutMs: TIMEOUT_MS, ...options });
  /** Runs `work`, failing when it takes longer than a loaded machine needs past the timeout. */
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
    return result;
  };

  beforeAll(async () => {
    db = await openMemoryStore();
  });
  afterAll(async () => {
    await db.close();
  });

  it('a writer that never answers: the committed turn is returned in code’s words, the fallback recorded as a timeout, the writer’s signal aborted', async () => {
    const signals: AbortSignal[] = [];
    const writer: TurnWriter = { answer: hung(signals), acknowledge: hung(signals) };
    const result = await timed(() =>
      runtimeFor({ writer }).run(parseTurnInput({ turn_id: 'w', conversation_id: 'c', locale: 'en', understanding: { acts: [start] } })),
    );
    expect(result.evidence.eventsCommitted).toBe(1);
    expect(transitionOf(result)).toMatchObject({ writtenBy: 'code', fallbackReason: 'timeout' });
    expect(signals.length).toBe(1);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('a knowledge source that never answers: the answer is still written, its knowledge unavailable, the lookup’s signal aborted', async () => {
    const signals: AbortSignal[] = [];
    const knowledge: KnowledgeSource = { lookup: (_q, _r, options) => hung(signals)(options ?? {}) };
    const writer: TurnWriter = {
      answer: async (request) => ({ ok: true, text: `knowledge ${request.knowledge.status}`, status: 'answered', calls: [] }),
      acknowledge: async () => ({ ok: true, text: 'ack', calls: [] }),
    };
    const result = await timed(() =>
      runtimeFor({ writer, knowledge }).run(
        parseTurnInput({
          turn_id: 'k',
          conversation_id: 'c',
          locale: 'en',
          understanding: { acts: [start], questions: [{ text: 'Is Oslo cold?', kind: 'other' }] },
        }),
      ),
    );
    expect(result.evidence.eventsCommitted).toBe(1);
    expect(result.blocks.filter((b): b is AnswerBlock => b.kind === 'answer').map((a) => a.text)).toEqual(['knowledge unavailable']);
    expect(signals.length).toBe(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('an understand function that never answers: the message is kept unread (timeout) and the turn still commits and returns', async () => {
    const signals: AbortSignal[] = [];
    const understand: Understand = hung(signals);
    const result = await timed(() =>
      runtimeFor({ understand }).run(parseTurnInput({ turn_id: 'u', conversation_id: 'c', locale: 'en', message: 'book me a trip to Oslo' })),
    );
    expect(result.evidence.understandingFailure).toBe('timeout');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('an understand function that never answers, on a turn cancelled before its commit: the run rejects with the turn’s reason and writes nothing', async () => {
    const turnSignal = new AbortController();
    const signals: AbortSignal[] = [];
    const understand: Understand = (request) => {
      setTimeout(() => turnSignal.abort(new Error('client went away')), 10);
      return hung(signals)(request);
    };
    const runtime = runtimeFor({ understand, seamTimeoutMs: 60_000 });
    await timed(() =>
      expect(
        runtime.run(parseTurnInput({ turn_id: 'x', conversation_id: 'c', locale: 'en', message: 'hello' }), { signal: turnSignal.signal }),
      ).rejects.toThrow('client went away'),
    );
    expect(signals[0]?.aborted).toBe(true);
    const [row] = await db.query<{ n: number }>('select count(*)::int8 as n from turns where tenant_id = $1', [`bounded-${tenant}`]);
    expect(row!.n).toBe(0);
  });
});
