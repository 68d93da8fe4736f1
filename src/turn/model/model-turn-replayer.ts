import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { z } from 'zod';
import { parseInput } from '../../errors.js';
import { createModels } from '../../model/index.js';
import { diffExpected, type Replayer } from '../../replay/index.js';
import type { Database } from '../../store/index.js';
import { loadFixtureWorkflows } from '../fixture-workflows.js';
import type { WorkflowModule } from '../load-workflow-module.js';
import { withReplayStore } from '../replay-store.js';
import { parseTurnInput } from '../turn-input.js';
import { createTurnRuntime } from '../turn-runtime.js';
import type { TurnResult } from '../turn-result.js';
import { createModelUnderstand } from './model-understand.js';
import { createModelWriter } from './model-writer.js';
import { recordedModel, recordedOutputSchema } from './recorded-model.js';

const TASKS = ['understand', 'understand.verify', 'answer', 'acknowledge', 'review'] as const;

/** A recorded model turn: `fixture_kind: "model_turn"`. */
const modelTurnFixtureSchema = z.strictObject({
  fixture_kind: z.literal('model_turn'),
  name: z.string().min(1),
  description: z.string().optional(),
  /** A workflow module folder under the package root (exports `workflows` and `locales`), e.g. `examples/trip`. */
  workflows: z.string().min(1),
  /** Turns run first, in code's own words, to set the conversation up. */
  before: z.array(z.unknown()).default([]),
  /** The turn under test, usually with a `message` and no understanding. */
  turn: z.unknown(),
  /** Recorded outputs per task, in call order. A task with none has no model configured. */
  model: z.partialRecord(z.enum(TASKS), z.array(recordedOutputSchema).min(1)).default({}),
  /** Each call's timeout. Default 200 ms, so a recorded hang replays quickly. */
  timeout_ms: z.number().int().positive().default(200),
  /** Whether the acknowledgement is reviewed. Default true. */
  review: z.boolean().default(true),
  /** What the turn must show: any subset of {@link projectModelTurn}'s keys. */
  expected: z.record(z.string(), z.unknown()),
});

/**
 * What a model-turn fixture is compared on: the reply and who wrote it (and why code's words
 * stand, when they do), the receipts' titles, the notices' codes, each answer, the ask, why the
 * understanding failed, and the model calls as sorted `task:outcome` pairs (answers finish in any
 * order, so the list is sorted).
 */
function projectModelTurn(result: TurnResult): Record<string, unknown> {
  const blocks = result.blocks;
  const transition = blocks.find((b) => b.kind === 'transition');
  return {
    transition: transition && { text: transition.text, written_by: transition.writtenBy, fallback_reason: transition.fallbackReason },
    receipts: blocks.flatMap((b) => (b.kind === 'receipt' ? [b.title] : [])),
    notices: blocks.flatMap((b) => (b.kind === 'notice' ? [b.code] : [])),
    answers: blocks.flatMap((b) => (b.kind === 'answer' ? [{ status: b.status, written_by: b.writtenBy, text: b.text }] : [])),
    ask: result.ask?.text ?? null,
    understanding_failure: result.evidence.understandingFailure,
    model_calls: result.evidence.modelCalls.map((c) => `${c.task}:${c.outcome}`).sort(),
  };
}

/** A parsed model-turn fixture. */
type ModelTurnFixture = z.output<typeof modelTurnFixtureSchema>;

/**
 * Runs a recorded model turn (its JSON, checked here): the turns `before` in code's own words, then the turn under test
 * through the real runtime and the real model layer, each task's model playing its recorded
 * outputs, on the replay run's shared in-memory store ({@link withReplayStore}) under a tenant
 * of its own so turn ids never collide. Returns every turn's result, the ones before included.
 */
export async function runModelTurnFixture(value: unknown, file = 'model turn fixture'): Promise<{ before: TurnResult[]; result: TurnResult }> {
  const fixture = parseInput(modelTurnFixtureSchema, value, `model turn fixture ${basename(file)}`);
  const module = await loadFixtureWorkflows(fixture.workflows);
  return withReplayStore((db) => runOn(db, fixture, module));
}

async function runOn(db: Database, fixture: ModelTurnFixture, module: WorkflowModule): Promise<{ before: TurnResult[]; result: TurnResult }> {
  const tenantId = `replay-${randomUUID()}`;
  const base = { db, tenantId, workflows: module.workflows, locales: module.locales };
  const plain = createTurnRuntime(base);
  const before: TurnResult[] = [];
  for (const turn of fixture.before) before.push(await plain.run(parseTurnInput(turn)));

  const languageModels = Object.fromEntries(Object.entries(fixture.model).map(([task, outputs]) => [`recorded:${task}`, recordedModel(task, outputs)]));
  const models = createModels(
    {
      default: { timeoutMs: fixture.timeout_ms },
      tasks: {
        ...Object.fromEntries(Object.keys(fixture.model).map((task) => [task, { model: `recorded:${task}` }])),
        acknowledge: { ...(fixture.model.acknowledge ? { model: 'recorded:acknowledge' } : {}), review: fixture.review },
      },
    },
    { languageModels },
  );
  const runtime = createTurnRuntime({
    ...base,
    writer: createModelWriter({ models }),
    understand: createModelUnderstand({ models }),
  });
  return { before, result: await runtime.run(parseTurnInput(fixture.turn)) };
}

/** Replays `fixture_kind: "model_turn"` recordings offline and compares them with what they expect. */
export const modelTurnReplayer: Replayer = {
  kind: 'model_turn',
  async replay(value, file) {
    const fixture = parseInput(modelTurnFixtureSchema, value, `model turn fixture ${basename(file)}`);
    const differences = diffExpected(fixture.expected, projectModelTurn((await runModelTurnFixture(value, file)).result));
    return { name: fixture.name, file, passed: differences.length === 0, differences };
  },
};
