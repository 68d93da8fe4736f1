import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../examples/trip/index.js';
import { createModels } from '../model/index.js';
import { modelAnswer, promptText, scriptedModel, type ScriptStep } from '../model/scripted-model.js';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { ClaimRefusedError } from './claim-guard.js';
import { createModelWriter } from './model/model-writer.js';
import { transitionOf } from './turn-result.js';
import { createTurnRuntime } from './turn-runtime.js';
import type { WorkflowDefinition } from './workflow.js';
import type { AcknowledgeRequest, KnowledgeSource, TurnWriter } from './writer.js';
import { parseTurnInput } from './turn-input.js';

/**
 * Each safety net, tested through the runtime: every test here fails when its net is removed
 * (the claim guard's call, the review's material, the reply's order, the history read back, the
 * key standing in for a missing noun).
 */

const start = (record: string, workflow = 'trip') => ({ operation: 'start_trip', workflow, record, values: { destination: 'Oslo' } });
const traveler = (record: string, name = 'Ada') => ({ operation: 'add_traveler', record, values: { name } });

/** A review that passes every check it is asked. */
const passAll: ScriptStep = (options: LanguageModelV3CallOptions) => {
  const format = options.responseFormat as { schema?: { properties?: Record<string, unknown> } } | undefined;
  return modelAnswer(JSON.stringify(Object.fromEntries(Object.keys(format?.schema?.properties ?? {}).map((k) => [k, { passes: true, finding: '' }]))));
};

/**
 * A process that dies between the commit and the composition: the turn's events commit, its
 * result is never stored, so the next submission of the same turn id composes from the events
 * it reads back.
 */
function dyingBeforeComposition(db: Database): Database {
  const query = async (sql: string, params?: readonly unknown[]) => {
    if (/\bupdate turns set result\b/.test(sql)) throw new Error('the process died before the result was stored');
    return db.query(sql, params as unknown[]);
  };
  return { kind: db.kind, query: query as Database['query'], transaction: (work) => db.transaction(work), close: () => db.close() };
}

/**
 * The store as a faulty query layer would return it: every event of a turn read back twice. The
 * commit is untouched, so only the claim guard stands between this and a reply with two receipts
 * for one event.
 */
function doublingTurnEvents(db: Database): Database {
  const doubled = async (sql: string, params?: readonly unknown[]) => {
    const rows = await db.query(sql, params as unknown[]);
    return /from turn_events/.test(sql) && /order by position/.test(sql) ? [...rows, ...rows] : rows;
  };
  return { kind: db.kind, query: doubled as Database['query'], transaction: (work) => db.transaction(work), close: () => db.close() };
}

describe.each(storeTargets())('safety nets through the runtime on $name', (target) => {
  let db: Database;
  let tenant = 0;
  const tenantId = () => `nets-${++tenant}`;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('claim guard: a turn whose receipts are not each backed by one committed event is refused, not returned', async () => {
    // The commit hands its own events to the composition; a turn composed after a crash reads
    // them back from the store, and that read is what the faulty layer doubles.
    const tenant = tenantId();
    // A knowledge source is a call out, so the turn composes after its commit (with none, code
    // composes inside the commit and there is no moment between the two to die in).
    const knowledge: KnowledgeSource = { lookup: async () => ({ status: 'none', passages: [] }) };
    const input = { turn_id: 'g', conversation_id: 'c', locale: 'en', understanding: { acts: [start('r')] } };
    await expect(
      createTurnRuntime({ db: dyingBeforeComposition(db), workflows: [tripWorkflow], locales: ['en', 'it'], tenantId: tenant, knowledge }).run(
        parseTurnInput(input),
      ),
    ).rejects.toThrow(/died/);
    const runtime = createTurnRuntime({ db: doublingTurnEvents(db), workflows: [tripWorkflow], locales: ['en', 'it'], tenantId: tenant, knowledge });
    const run = runtime.run(parseTurnInput(input));
    await expect(run).rejects.toBeInstanceOf(ClaimRefusedError);
    await expect(run).rejects.toMatchObject({ verdict: { code: 'duplicate_block_id', blockId: 'receipt:r:1' } });
  });

  it('review: judges the reply against the material it rests on (receipts, notices, answers, the ask)', async () => {
    const acknowledge = scriptedModel(['The trip to Oslo is open. Nobody called Zed travels. Who is traveling?']);
    const review = scriptedModel([passAll]);
    const models = createModels(
      { tasks: { acknowledge: { model: 'mock:ack' }, review: { model: 'mock:review' } } },
      { languageModels: { 'mock:ack': acknowledge, 'mock:review': review } },
    );
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId: tenantId(), writer: createModelWriter({ models }) });
    const result = await runtime.run(
      parseTurnInput({
        turn_id: 'rv',
        conversation_id: 'c',
        locale: 'en',
        understanding: { acts: [start('r'), { operation: 'remove_traveler', record: 'r', values: { name: 'Zed' } }] },
      }),
    );
    expect(transitionOf(result).writtenBy).toBe('writer');
    const judged = promptText(review);
    expect(judged).toContain('The trip to Oslo is open. Nobody called Zed travels.');
    expect(judged).toContain('A trip to Oslo is open.');
    expect(judged).toContain('Zed is not traveling on this trip, so there is no one to remove.');
    expect(judged).toContain('Who is traveling?');
  });

  it('history: the next turn’s writer is shown the earlier replies as they were read', async () => {
    const seen: AcknowledgeRequest[] = [];
    const writer: TurnWriter = {
      answer: async () => ({ ok: false, reason: 'no_model', calls: [] }),
      acknowledge: async (request) => {
        seen.push(request);
        return { ok: false, reason: 'no_model', calls: [] };
      },
    };
    const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId: tenantId(), writer });
    const first = await runtime.run(parseTurnInput({ turn_id: 'h1', conversation_id: 'hist', locale: 'en', understanding: { acts: [start('r')] } }));
    await runtime.run(parseTurnInput({ turn_id: 'h2', conversation_id: 'hist', locale: 'en', understanding: { acts: [traveler('r')] } }));
    expect(seen.map((r) => r.history)).toEqual([[], [transitionOf(first).text]]);
  });

  it('noun: a workflow that declares none is called by its key in every sentence about its records', async () => {
    const errand: WorkflowDefinition = { ...tripWorkflow, key: 'errand', noun: undefined } as WorkflowDefinition;
    const runtime = createTurnRuntime({ db, workflows: [errand], locales: ['en', 'it'], tenantId: tenantId() });
    const result = await runtime.run(
      parseTurnInput({
        turn_id: 'n',
        conversation_id: 'c',
        locale: 'it-IT',
        understanding: { acts: [{ operation: 'start_trip', workflow: 'errand', record: 'e', values: {} }, traveler('nope')] },
      }),
    );
    expect(result.outcome.starting).toEqual([{ workflow: 'errand', noun: 'errand' }]);
    expect(result.outcome.notDone.map((n) => n.text)).toEqual(['Non ho potuto aggiungere un viaggiatore: non esiste nessun errand «nope».']);
    expect(transitionOf(result).text).toContain('Inizio un nuovo errand.');
  });
});
