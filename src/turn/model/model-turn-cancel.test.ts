import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModels } from '../../model/index.js';
import { modelAnswer } from '../../model/scripted-model.js';
import type { Database, Row } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import type { TurnInputJson } from '../turn-input.js';
import type { TurnProgressEvent } from '../turn-progress.js';
import { transitionOf } from '../turn-result.js';
import { createTurnRuntime } from '../turn-runtime.js';
import { createModelUnderstand } from './model-understand.js';
import { createModelWriter } from './model-writer.js';
import { testTrip } from './testing-workflow.js';
import { parseTurnInput } from '../turn-input.js';

/**
 * A model that answers nothing until its call is aborted, and then fails as a provider does: with
 * the abort's reason. `started` resolves with the call's options when the call reaches it.
 */
function modelAwaitingAbort() {
  let reached: (options: LanguageModelV3CallOptions) => void = () => undefined;
  const started = new Promise<LanguageModelV3CallOptions>((resolve) => (reached = resolve));
  const model = new MockLanguageModelV3({
    doGenerate: (options) =>
      new Promise((_, reject) => {
        reached(options);
        const signal = options.abortSignal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
  });
  return { model, started };
}

describe.each(storeTargets())('a cancelled turn on $name', (target) => {
  let db: Database;
  let n = 0;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });
  const count = async (table: string, tenantId: string) =>
    (await db.query<{ n: number }>(`select count(*)::int8 as n from ${table} where tenant_id = $1`, [tenantId]))[0]!.n;
  const written = async (tenantId: string) => ({
    turns: await count('turns', tenantId),
    records: await count('turn_records', tenantId),
    events: await count('turn_events', tenantId),
  });
  const nothing = { turns: 0, records: 0, events: 0 };

  /** A runtime on a tenant of its own whose understand and writer tasks use the given models. */
  function runtimeWith(
    languageModels: { understand?: MockLanguageModelV3; acknowledge?: MockLanguageModelV3 },
    options: { dbOf?: (db: Database) => Database } = {},
  ) {
    const tenantId = `cancel-${++n}`;
    const models = createModels(
      { default: { timeoutMs: 30_000 }, tasks: Object.fromEntries(Object.keys(languageModels).map((task) => [task, { model: `mock:${task}` }])) },
      { languageModels: Object.fromEntries(Object.entries(languageModels).map(([task, model]) => [`mock:${task}`, model])) },
    );
    const runtime = createTurnRuntime({
      db: options.dbOf ? options.dbOf(db) : db,
      workflows: [testTrip],
      locales: ['en'],
      tenantId,
      understand: createModelUnderstand({ models }),
      writer: createModelWriter({ models }),
    });
    return { runtime, tenantId };
  }
  const starting = (turnId: string): TurnInputJson => ({
    turn_id: turnId,
    conversation_id: 'c',
    locale: 'en',
    understanding: { acts: [{ operation: 'start', workflow: 'trip', record: 'trip-1' }] },
  });

  it('a signal aborted before the run: the run rejects with its reason, calls no model and writes nothing', async () => {
    const { model } = modelAwaitingAbort();
    const { runtime, tenantId } = runtimeWith({ understand: model });
    const controller = new AbortController();
    controller.abort();
    const error = await runtime
      .run(parseTurnInput({ turn_id: 't', conversation_id: 'c', locale: 'en', message: 'Start a trip' }), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(controller.signal.reason);
    expect((error as DOMException).name).toBe('AbortError');
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(await written(tenantId)).toEqual(nothing);
  });

  it('an abort while the understand model runs: its call is cancelled, the run rejects with the reason, nothing is written', async () => {
    const { model, started } = modelAwaitingAbort();
    const { runtime, tenantId } = runtimeWith({ understand: model });
    const controller = new AbortController();
    const run = runtime.submit(parseTurnInput({ turn_id: 't', conversation_id: 'c', locale: 'en', message: 'Start a trip' }), { signal: controller.signal });
    const events: TurnProgressEvent[] = [];
    const told = (async () => {
      for await (const event of run.progress) events.push(event);
    })();
    const call = await started;
    expect(call.abortSignal?.aborted).toBe(false);
    const reason = new DOMException('the user went away', 'AbortError');
    controller.abort(reason);
    expect(await run.result.catch((e: unknown) => e)).toBe(reason);
    expect(call.abortSignal?.aborted).toBe(true);
    await told; // the progress stream ends, without a reply
    expect(events).toEqual([{ kind: 'phase', phase: 'understanding' }]);
    expect(await written(tenantId)).toEqual(nothing);
  });

  it('an abort inside the commit transaction rolls it back: nothing is written and the run rejects', async () => {
    const controller = new AbortController();
    // The abort arrives after the transaction's last statement (the turn id's claim), before it commits.
    const abortingOnClaim = (store: Database): Database => ({
      ...store,
      transaction: (work) =>
        store.transaction((tx) =>
          work({
            query: async <T extends Row>(sql: string, params?: readonly unknown[]) => {
              const rows = await tx.query<T>(sql, params);
              if (/^\s*insert into turns /.test(sql)) controller.abort();
              return rows;
            },
          }),
        ),
    });
    const { runtime, tenantId } = runtimeWith({}, { dbOf: abortingOnClaim });
    const error = await runtime.run(parseTurnInput(starting('t')), { signal: controller.signal }).catch((e: unknown) => e);
    expect(controller.signal.aborted).toBe(true);
    expect(error).toBe(controller.signal.reason);
    expect(await written(tenantId)).toEqual(nothing);
  });

  it('an abort after the commit is not heard: the turn stays committed and its reply is written in full and stored', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached: (options: LanguageModelV3CallOptions) => void = () => undefined;
    const started = new Promise<LanguageModelV3CallOptions>((resolve) => (reached = resolve));
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        reached(options);
        await released;
        options.abortSignal?.throwIfAborted(); // the turn's abort came before this: it must not reach here
        return modelAnswer('The trip is started.');
      },
    });
    const { runtime, tenantId } = runtimeWith({ acknowledge: model });
    const controller = new AbortController();
    const run = runtime.run(parseTurnInput(starting('t')), { signal: controller.signal });
    await started; // the acknowledgement is written after the commit (W4)
    expect(await written(tenantId)).toEqual({ turns: 1, records: 1, events: 1 });
    controller.abort();
    release();
    const result = await run;
    expect(result.evidence.eventsCommitted).toBe(1);
    expect(result.blocks.filter((b) => b.kind === 'receipt').map((b) => b.id)).toEqual(['receipt:trip-1:1']);
    // The acknowledgement was written, not cut short; the review then runs as always (here no
    // model is configured for it, so code's words stand for that reason alone).
    expect(result.evidence.modelCalls.map((c) => [c.task, c.outcome])).toEqual([
      ['acknowledge', 'ok'],
      ['review', 'no_model'],
    ]);
    expect(transitionOf(result)).toMatchObject({ fallbackReason: 'review_no_model' });
    // Stored: the same turn id sent again returns this result and calls no model.
    expect(await runtime.run(parseTurnInput(starting('t')))).toEqual(result);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('a signal that never aborts changes nothing', async () => {
    const { runtime, tenantId } = runtimeWith({});
    const result = await runtime.run(parseTurnInput(starting('t')), { signal: new AbortController().signal });
    expect(result.evidence.eventsCommitted).toBe(1);
    expect(await written(tenantId)).toEqual({ turns: 1, records: 1, events: 1 });
  });
});
