/**
 * Model calls in a turn (`model-turn`): a mock model answering every call after a fixed delay, a
 * trip turn with one act and 3 questions, on in-memory PGlite.
 * - the turn's latency against the same calls made one after another (measured in this run):
 *   the answers must run side by side, so the turn takes the critical path, not the sum;
 * - model calls per turn: on the happy path, and in the worst case (the review failing twice),
 *   with the bound the code promises (2 to understand, 1 per question, 4 for the acknowledgement).
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { workflows, locales } from '../examples/trip/index.js';
import { createModels, runTextTask, type ModelCallRecord } from '../src/model/index.js';
import { openStore } from '../src/store/index.js';
import { createModelUnderstand, createModelWriter } from '../src/turn/model/index.js';
import { recordedModel, type RecordedOutput } from '../src/turn/model/recorded-model.js';
import { createTurnRuntime } from '../src/turn/turn-runtime.js';
import { median, report, round } from './measure.js';
import { parseTurnInput } from '../src/turn/turn-input.js';

const DELAY_MS = 100;
const TURNS = 6;
const QUESTIONS = 3;

/** A recorded model that waits `DELAY_MS` before each answer, like a provider would. */
function delayed(task: string, outputs: RecordedOutput[]): LanguageModelV3 {
  const inner = recordedModel(task, outputs);
  return {
    ...inner,
    async doGenerate(options) {
      await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
      return inner.doGenerate(options);
    },
  };
}

const db = await openStore({ dataDir: ':memory:' });

function runtimeWith(review: RecordedOutput[], trip: string) {
  const script: Record<string, RecordedOutput[]> = {
    understand: [
      {
        json: {
          acts: [{ operation: 'set_payer', workflow: 'trip', record: trip, values: { extra: 'hotel', payer: 'company' } }],
          questions: [
            { text: 'Where are we?', kind: 'status', records: [trip] },
            { text: 'What else can you do?', kind: 'capability', records: [trip] },
            { text: 'Who is traveling?', kind: 'other', records: [trip] },
          ],
          disputes: [],
          card_responses: [],
          unread: [],
        },
      },
    ],
    'understand.verify': [{ verdict: 'faithful' }],
    answer: [{ json: { status: 'answered', text: 'An answer from the record.' } }],
    acknowledge: [{ text: 'The company pays for the hotel. Please check the card on screen.' }],
    review,
  };
  const models = createModels(
    { default: { timeoutMs: 5_000 }, tasks: Object.fromEntries(Object.keys(script).map((t) => [t, { model: `bench:${t}` }])) },
    { languageModels: Object.fromEntries(Object.entries(script).map(([t, o]) => [`bench:${t}`, delayed(t, o)])) },
  );
  return {
    models,
    runtime: createTurnRuntime({ db, workflows, locales, writer: createModelWriter({ models }), understand: createModelUnderstand({ models }) }),
  };
}

async function oneTurn(id: string, review: RecordedOutput[]) {
  const trip = `trip-${id}`;
  const plain = createTurnRuntime({ db, workflows, locales });
  await plain.run(
    parseTurnInput({
      turn_id: `${id}-1`,
      conversation_id: id,
      locale: 'en',
      understanding: {
        acts: [
          { operation: 'start_trip', workflow: 'trip', record: trip, values: { destination: 'Milan' } },
          { operation: 'add_traveler', record: trip, values: { name: 'Ada' } },
          { operation: 'add_extra', record: trip, values: { extra: 'hotel' } },
        ],
      },
    }),
  );
  const { runtime, models } = runtimeWith(review, trip);
  const t0 = performance.now();
  const result = await runtime.run(
    parseTurnInput({
      turn_id: `${id}-2`,
      conversation_id: id,
      locale: 'en',
      message: 'The company pays for the hotel. Where are we? What else can you do? Who is traveling?',
    }),
  );
  return { ms: performance.now() - t0, calls: result.evidence.modelCalls as unknown as ModelCallRecord[], models };
}

/**
 * Calls whose spans overlap run side by side; the critical path is the sequence of waves, each
 * named by the tasks that ran in it (`answer×3` for three answers side by side).
 */
function waves(calls: readonly ModelCallRecord[]): string[][] {
  const spans = calls
    .map((c) => ({ task: c.task, start: Date.parse(c.startedAt), end: Date.parse(c.startedAt) + c.latencyMs }))
    .sort((a, b) => a.start - b.start);
  const out: string[][] = [];
  let end = -Infinity;
  for (const span of spans) {
    if (span.start >= end - DELAY_MS / 2) out.push([]);
    out.at(-1)!.push(span.task);
    end = Math.max(end, span.end);
  }
  return out;
}

const named = (wave: string[]) =>
  [...new Set(wave)].map((t) => (wave.filter((w) => w === t).length > 1 ? `${t}×${wave.filter((w) => w === t).length}` : t)).join(' ‖ ');

await oneTurn('warmup', [{ verdict: 'pass' }]);
const turnMs: number[] = [];
const sequentialMs: number[] = [];
let happyCalls = 0;
let critical: string[][] = [];
for (let i = 0; i < TURNS; i++) {
  const turn = await oneTurn(`happy-${i}`, [{ verdict: 'pass' }]);
  turnMs.push(turn.ms);
  happyCalls = turn.calls.length;
  critical = waves(turn.calls);
  // Baseline: the same calls, each through the same model layer, one after another.
  const t0 = performance.now();
  for (const call of turn.calls) {
    await runTextTask({ models: turn.models, task: call.task, instructions: 'x', input: {} });
  }
  sequentialMs.push(performance.now() - t0);
}
const worst = await oneTurn('worst', [{ verdict: 'fail', check: 'holds_to_material', finding: 'claims too much' }]);
await db.close();

const turn = median(turnMs);
const sequential = median(sequentialMs);
report('model-turn', {
  model_delay_ms: DELAY_MS,
  questions: QUESTIONS,
  model_calls_happy_path: happyCalls,
  model_calls_on_critical_path: critical.length,
  critical_path: critical.map(named).join(' → '),
  model_calls_worst_case: worst.calls.length,
  model_calls_bound: 2 + QUESTIONS + 4,
  turn_ms: round(turn, 1),
  critical_path_ms: critical.length * DELAY_MS,
  turn_overhead_ms: round(turn - critical.length * DELAY_MS, 1),
  sequential_calls_ms: round(sequential, 1),
  latency_ratio: round(turn / sequential, 3),
  speedup: round(sequential / turn, 2),
});
