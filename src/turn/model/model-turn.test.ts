import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModels } from '../../model/index.js';
import { modelAnswer, promptText, scriptedModel, type ScriptStep } from '../../model/scripted-model.js';
import type { Database } from '../../store/index.js';
import { storeTargets } from '../../store/testing.js';
import type { TurnInputJson } from '../turn-input.js';
import { createTurnRuntime } from '../turn-runtime.js';
import type { TurnProgressEvent } from '../turn-progress.js';
import { transitionOf, type TurnBlock, type TurnResult } from '../turn-result.js';
import { createModelUnderstand } from './model-understand.js';
import { createModelWriter } from './model-writer.js';
import { testTrip } from './testing-workflow.js';
import { parseTurnInput } from '../turn-input.js';

/** A review that passes every check it is asked (whatever applies to the turn). */
const passAll: ScriptStep = (options) => modelAnswer(verdicts(options, () => ({ passes: true, finding: '' })));
/** A review that fails `holds_to_material`. */
const failClaims: ScriptStep = (options) =>
  modelAnswer(verdicts(options, (key) => (key === 'holds_to_material' ? { passes: false, finding: 'claims a hotel booking' } : { passes: true, finding: '' })));

function verdicts(options: LanguageModelV3CallOptions, verdict: (key: string) => unknown): string {
  const format = options.responseFormat as { schema?: { properties?: Record<string, unknown> } } | undefined;
  return JSON.stringify(Object.fromEntries(Object.keys(format?.schema?.properties ?? {}).map((k) => [k, verdict(k)])));
}

/** Answers each question by its kind, after `delays[kind]` ms, logging when each starts and ends. */
function answerer(log: string[], delays: Record<string, number> = {}): ScriptStep {
  return async (options) => {
    const text = JSON.stringify(options.prompt);
    const kind = text.includes('\\"capability\\"') ? 'capability' : 'status';
    log.push(`start ${kind}`);
    await new Promise((resolve) => setTimeout(resolve, delays[kind] ?? 0));
    log.push(`end ${kind}`);
    return modelAnswer(JSON.stringify({ status: 'answered', text: kind === 'capability' ? 'You can add travelers.' : 'Anna travels; nothing else is owed.' }));
  };
}

interface Script {
  understand?: ScriptStep[];
  verify?: ScriptStep[];
  answer?: ScriptStep[];
  acknowledge?: ScriptStep[];
  review?: ScriptStep[];
}

describe.each(storeTargets())('turns written by models on $name', (target) => {
  let db: Database;
  let n = 0;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  /** A conversation whose trip was started in code's words; returns its ids. */
  async function startedTrip() {
    const c = `c${++n}`;
    const plain = createTurnRuntime({ db, workflows: [testTrip], locales: ['en', 'it'] });
    await plain.run(
      parseTurnInput({
        turn_id: `${c}-1`,
        conversation_id: c,
        locale: 'en',
        understanding: { acts: [{ operation: 'start', workflow: 'trip', record: `${c}-trip` }] },
      }),
    );
    return { c, trip: `${c}-trip`, turn: { turn_id: `${c}-2`, conversation_id: c, locale: 'en', message: 'Add Anna. Where are we? What can I do?' } };
  }

  function runtimeWith(trip: string, script: Script, { timeoutMs = 1000, log = [] as string[], turnDeadlineMs = 60_000 } = {}) {
    const understood = {
      acts: [{ operation: 'add_traveler', workflow: 'trip', record: trip, values: { name: 'Anna' } }],
      questions: [
        { text: 'Where are we?', kind: 'status', records: [trip] },
        { text: 'What can I do?', kind: 'capability', records: [trip] },
      ],
      disputes: [],
      card_responses: [],
      unread: [],
    };
    const faithful = JSON.stringify(Object.fromEntries(['act_0', 'question_0', 'question_1'].map((k) => [k, { faithful: true, note: '', quote: '' }])));
    const mocks = {
      understand: scriptedModel(script.understand ?? [JSON.stringify(understood)]),
      verify: scriptedModel(script.verify ?? [faithful]),
      answer: scriptedModel(script.answer ?? [answerer(log)]),
      acknowledge: scriptedModel(script.acknowledge ?? ['Anna is on the trip. You can add travelers. Anything else?']),
      review: scriptedModel(script.review ?? [passAll]),
    };
    const models = createModels(
      {
        default: { timeoutMs },
        tasks: Object.fromEntries(Object.keys(mocks).map((task) => [task === 'verify' ? 'understand.verify' : task, { model: `mock:${task}` }])),
      },
      { languageModels: Object.fromEntries(Object.entries(mocks).map(([task, model]) => [`mock:${task}`, model])) },
    );
    const runtime = createTurnRuntime({
      db,
      workflows: [testTrip],
      locales: ['en', 'it'],
      writer: createModelWriter({ models, turnDeadlineMs }),
      understand: createModelUnderstand({ models }),
    });
    return { runtime, mocks };
  }

  /** The blocks a provider must never change, with record-specific ids removed. */
  const effects = (result: TurnResult) =>
    result.blocks
      .filter((b): b is Exclude<TurnBlock, { kind: 'transition' | 'answer' }> => b.kind !== 'transition' && b.kind !== 'answer')
      .map((b) => ({ ...b, id: b.id.replace(/c\d+/g, 'C'), ...('recordId' in b && b.recordId ? { recordId: b.recordId.replace(/c\d+/g, 'C') } : {}) }));

  it('acknowledge: a passing reply is the transition, and every call is in the evidence', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime } = runtimeWith(trip, {});
    const result = await runtime.run(parseTurnInput(turn));
    expect(transitionOf(result)).toMatchObject({
      writtenBy: 'writer',
      text: 'Anna is on the trip. You can add travelers. Anything else?',
      fallbackReason: null,
    });
    expect(result.blocks.filter((b) => b.kind === 'receipt').map((b) => (b as { title: string }).title)).toEqual(['Traveler added']);
    const calls = result.evidence.modelCalls;
    expect(calls.map((c) => c.task).sort()).toEqual(['acknowledge', 'answer', 'answer', 'review', 'understand', 'understand.verify']);
    for (const call of calls) {
      expect(call).toMatchObject({ outcome: 'ok', modelId: `mock:${call.task === 'understand.verify' ? 'verify' : call.task}` });
      expect(call.promptName).toBe(`built-in:${call.task}`);
      expect(call.promptHash).toMatch(/^sha256:/);
    }
    expect(result.blocks.filter((b) => b.kind === 'answer').map((b) => (b as { writtenBy: string }).writtenBy)).toEqual(['writer', 'writer']);
  });

  it('understand: a receipt contested in words is found by the id the last reply showed, and becomes the ask', async () => {
    const { c, trip } = await startedTrip();
    const receipt = `receipt:${trip}:1`;
    const said = 'I never started a trip.';
    const { runtime, mocks } = runtimeWith(trip, {
      understand: [JSON.stringify({ acts: [], questions: [], disputes: [{ receipt, said }], card_responses: [], unread: [] })],
      verify: [JSON.stringify({ dispute_0: { faithful: true, note: '', quote: said } })],
      acknowledge: ['Understood, let us fix the trip.'],
    });
    const result = await runtime.run(parseTurnInput({ turn_id: `${c}-2`, conversation_id: c, locale: 'en', message: `No. ${said}` }));
    expect(promptText(mocks.understand)).toContain(receipt);
    expect(result.outcome.disputes).toEqual([{ receiptId: receipt, title: 'Trip started', said }]);
    expect(result.ask).toMatchObject({ kind: 'contested', id: `ask:contested:${receipt}` });
    expect(result.outcome.notDone.map((n) => n.code)).not.toContain('unknown_receipt');
  });

  it('deadline: all of one turn’s writer calls share one deadline, however long each call’s own timeout', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime } = runtimeWith(trip, { answer: ['hang', 'hang'], acknowledge: ['hang'] }, { timeoutMs: 60_000, turnDeadlineMs: 150 });
    const t0 = performance.now();
    const result = await runtime.run(parseTurnInput(turn));
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(transitionOf(result)).toMatchObject({ writtenBy: 'code' });
    expect(result.evidence.modelCalls.filter((c) => c.task === 'answer' || c.task === 'acknowledge').map((c) => c.outcome)).toEqual([
      'aborted',
      'aborted',
      'aborted',
    ]);
  });

  it('deadline: two tenants running the same turn id at the same time each get their own clock', async () => {
    const c = `c${++n}`;
    const slowAnswer: ScriptStep = async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return modelAnswer(JSON.stringify({ status: 'answered', text: 'Nothing is owed.' }));
    };
    const answer = scriptedModel([slowAnswer, slowAnswer]);
    const models = createModels({ default: { timeoutMs: 5_000 }, tasks: { answer: { model: 'mock:answer' } } }, { languageModels: { 'mock:answer': answer } });
    const writer = createModelWriter({ models, turnDeadlineMs: 1_000 });
    const runtimeOf = (tenantId: string) => createTurnRuntime({ db, workflows: [testTrip], locales: ['en', 'it'], tenantId, writer });
    const turn: TurnInputJson = {
      turn_id: `${c}-1`,
      conversation_id: c,
      locale: 'en',
      understanding: { questions: [{ text: 'Where are we?', kind: 'status' }] },
    };
    const first = runtimeOf('tenant-a').run(parseTurnInput(turn));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = runtimeOf('tenant-b').run(parseTurnInput(turn));
    // Sharing tenant a's clock, tenant b's answer (500 ms + 600 ms) would pass the 1,000 ms deadline.
    for (const result of await Promise.all([first, second])) {
      expect(result.blocks.filter((b) => b.kind === 'answer').map((b) => (b as { writtenBy: string | null }).writtenBy)).toEqual(['writer']);
    }
  });

  it('review: a reply that fails once is rewritten with the findings and the rewrite stands', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime, mocks } = runtimeWith(trip, {
      acknowledge: ['Anna is on the trip and the hotel is booked.', 'Anna is on the trip. Anything else?'],
      review: [failClaims, passAll],
    });
    const result = await runtime.run(parseTurnInput(turn));
    expect(transitionOf(result)).toMatchObject({ writtenBy: 'writer', text: 'Anna is on the trip. Anything else?' });
    expect(promptText(mocks.acknowledge, 1)).toContain('claims a hotel booking');
    expect(result.evidence.modelCalls.filter((c) => c.task === 'acknowledge' || c.task === 'review')).toHaveLength(4);
  });

  it('review: a reply that fails twice is dropped and code’s own words stand', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime, mocks } = runtimeWith(trip, { acknowledge: ['The hotel is booked.'], review: [failClaims] });
    const result = await runtime.run(parseTurnInput(turn));
    const transition = transitionOf(result);
    expect(transition).toMatchObject({ writtenBy: 'code', fallbackReason: 'review_failed' });
    expect(transition.text).toContain('Anna travels on this trip.');
    expect(transition.text).not.toContain('hotel');
    expect(mocks.acknowledge.doGenerateCalls).toHaveLength(2);
    expect(mocks.review.doGenerateCalls).toHaveLength(2);
  });

  it('W4: a provider that throws changes no receipt, notice or card, and the turn commits once', async () => {
    const good = await startedTrip();
    const passing = await runtimeWith(good.trip, {}).runtime.run(parseTurnInput(good.turn));
    const bad = await startedTrip();
    const failing = runtimeWith(bad.trip, { acknowledge: [new Error('provider down')], answer: [new Error('provider down')] });
    const result = await failing.runtime.run(parseTurnInput(bad.turn));
    expect(transitionOf(result)).toMatchObject({ writtenBy: 'code', fallbackReason: 'provider_error' });
    expect(effects(result)).toEqual(effects(passing));
    expect(result.evidence.eventsCommitted).toBe(passing.evidence.eventsCommitted);
    // The server's own answers stand in for the failed ones.
    expect(result.blocks.filter((b) => b.kind === 'answer').map((b) => (b as { writtenBy: string | null }).writtenBy)).toEqual(['code', 'code']);

    const eventsBefore = await db.query<{ n: number }>('select count(*)::int as n from turn_events');
    const again = await failing.runtime.run(parseTurnInput(bad.turn));
    const eventsAfter = await db.query<{ n: number }>('select count(*)::int as n from turn_events');
    expect(again).toEqual(result);
    expect(eventsAfter[0]?.n).toBe(eventsBefore[0]?.n);
    expect(eventsAfter[0]?.n).toBeGreaterThan(0);
    expect(failing.mocks.acknowledge.doGenerateCalls).toHaveLength(1);
  });

  it('timeout: an acknowledgement that never comes falls back to code’s words within the limit', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime } = runtimeWith(trip, { acknowledge: ['hang'] }, { timeoutMs: 150 });
    const t0 = performance.now();
    const result = await runtime.run(parseTurnInput(turn));
    expect(transitionOf(result)).toMatchObject({ writtenBy: 'code', fallbackReason: 'timeout' });
    expect(result.evidence.modelCalls.find((c) => c.task === 'acknowledge')).toMatchObject({ outcome: 'timeout' });
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('malformed: an understanding that is not JSON acts on nothing, and the message is reported unread', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime } = runtimeWith(trip, { understand: ['{"acts": [oops'] });
    const result = await runtime.run(parseTurnInput(turn));
    expect(result.blocks.filter((b) => b.kind === 'receipt')).toEqual([]);
    expect(result.evidence.understandingFailure).toBe('malformed');
    expect(result.evidence.modelCalls[0]).toMatchObject({ task: 'understand', outcome: 'malformed', raw: '{"acts": [oops' });
    expect(result.outcome.notDone).toEqual([expect.objectContaining({ code: 'not_understood' })]);
  });

  it('answer: answers that come back out of order land on their own questions; all run concurrently', async () => {
    const { trip, turn } = await startedTrip();
    const log: string[] = [];
    const { runtime } = runtimeWith(trip, { answer: [answerer(log, { status: 120, capability: 5 })] });
    const result = await runtime.run(parseTurnInput(turn));
    expect(log).toEqual(['start status', 'start capability', 'end capability', 'end status']);
    const answers = result.blocks.filter((b) => b.kind === 'answer') as { question: string; text: string }[];
    expect(answers.map((a) => [a.question, a.text])).toEqual([
      ['Where are we?', 'Anna travels; nothing else is owed.'],
      ['What can I do?', 'You can add travelers.'],
    ]);
  });

  it('W5: progress carries phases and understanding steps, never the reply before commit and review; the reply arrives once (W4: phrasing after commit)', async () => {
    const { trip, turn } = await startedTrip();
    const { runtime } = runtimeWith(trip, {});
    const run = runtime.submit(parseTurnInput(turn));
    const events: TurnProgressEvent[] = [];
    for await (const event of run.progress) events.push(event);
    const result = await run.result;
    const replies = events.filter((e) => e.kind === 'reply');
    expect(replies).toHaveLength(1);
    expect(events.at(-1)).toEqual({ kind: 'reply', result });
    const before = events.slice(0, -1);
    const reply = transitionOf(result).text;
    for (const event of before) {
      expect(event.kind === 'phase' || event.kind === 'understanding_step').toBe(true);
      expect(JSON.stringify(event)).not.toContain(reply);
    }
    const order = before.map((e) => (e.kind === 'phase' ? e.phase : 'step'));
    expect(order.indexOf('step')).toBeGreaterThan(order.indexOf('understanding'));
    expect(order.lastIndexOf('step')).toBeLessThan(order.indexOf('committing'));
    // W4: every phrasing call (answers, acknowledgement, review) starts after the commit.
    for (const phase of ['answering', 'acknowledging', 'reviewing'] as const) {
      expect(order.indexOf(phase)).toBeGreaterThan(order.indexOf('committing'));
    }
  });

  it('no model: the turn says it could not read the message and answers in code’s words', async () => {
    const { turn } = await startedTrip();
    const models = createModels();
    const runtime = createTurnRuntime({
      db,
      workflows: [testTrip],
      locales: ['en', 'it'],
      writer: createModelWriter({ models }),
      understand: createModelUnderstand({ models }),
    });
    const result = await runtime.run(parseTurnInput(turn));
    expect(result.evidence.understandingFailure).toBe('no_model');
    expect(transitionOf(result)).toMatchObject({ writtenBy: 'code', fallbackReason: 'no_model' });
    expect(transitionOf(result).text).toContain('I did not understand this part of your message');
    expect(result.evidence.modelCalls.map((c) => `${c.task}:${c.outcome}`)).toEqual(['understand:no_model', 'acknowledge:no_model']);
  });
});
