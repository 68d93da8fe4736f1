import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { InputError, parseInput } from '../errors.js';
import { diffExpected, type ReplayOutcome, type Replayer } from '../replay/index.js';
import type { Database } from '../store/index.js';
import { loadFixtureWorkflows } from './fixture-workflows.js';
import { withReplayStore } from './replay-store.js';
import { parseTurnInput } from './turn-input.js';
import { createTurnRuntime } from './turn-runtime.js';
import { turnResultToJson } from './turn-result.js';
import type { TurnResult } from './turn-result.js';

/**
 * A recorded conversation: the workflow module it runs against, then each turn's input (the
 * snake_case wire form) with what its result must hold (only the keys recorded are compared)
 * and, optionally, how many events the conversation's store holds after it.
 */
export const turnFixtureSchema = z.strictObject({
  fixture_kind: z.literal('turn'),
  name: z.string().min(1),
  description: z.string().min(1),
  /** The workflow module, relative to the package root (e.g. `examples/trip`). */
  workflows: z.string().min(1),
  locales: z.array(z.string().min(1)).min(1),
  turns: z
    .array(
      z.strictObject({
        input: z.unknown(),
        expected: z.strictObject({
          result: z.record(z.string(), z.unknown()),
          events_total: z.number().int().nonnegative().optional(),
        }),
      }),
    )
    .min(1),
});

/**
 * Replays `turn` fixtures on an in-memory store, each in a tenant of its own so fixtures never
 * see each other's records, with no model: every turn carries its understanding.
 */
export const turnReplayer: Replayer = {
  kind: 'turn',
  async replay(input, file): Promise<ReplayOutcome> {
    const fixture = parseInput(turnFixtureSchema, input, 'turn fixture');
    return withReplayStore((db) => replayOn(db, fixture, file));
  },
};

async function replayOn(db: Database, fixture: z.output<typeof turnFixtureSchema>, file: string): Promise<ReplayOutcome> {
  const differences: string[] = [];
  await runTurnFixture(db, fixture, async (i, turn, actual, tenantId) => {
    if (actual instanceof InputError) {
      differences.push(`$.turns[${i}]: input refused: ${actual.message}`);
      return;
    }
    differences.push(...diffExpected(turn.expected.result, turnResultToJson(actual), `$.turns[${i}].result`));
    if (turn.expected.events_total !== undefined) {
      const [row] = await db.query<{ n: number }>('select count(*)::int8 as n from turn_events where tenant_id = $1', [tenantId]);
      differences.push(...diffExpected(turn.expected.events_total, row?.n, `$.turns[${i}].events_total`));
    }
  });
  return { name: fixture.name, file, passed: differences.length === 0, differences };
}

/** A parsed turn fixture. */
export type TurnFixture = z.output<typeof turnFixtureSchema>;

/**
 * Runs every turn of `fixture` in order, on a tenant of its own, handing each result (or the
 * `InputError` its input was refused with) to `check`. Used by the replayer, and by tests that
 * hold every recorded conversation to a rule (each thing said once).
 */
export async function runTurnFixture(
  db: Database,
  fixture: TurnFixture,
  check: (index: number, turn: TurnFixture['turns'][number], actual: TurnResult | InputError, tenantId: string) => Promise<void> | void,
): Promise<void> {
  const module = await loadFixtureWorkflows(fixture.workflows);
  const tenantId = `replay-${randomUUID()}`;
  const runtime = createTurnRuntime({ db, workflows: module.workflows, locales: fixture.locales, tenantId });
  for (const [i, turn] of fixture.turns.entries()) {
    let actual: TurnResult | InputError;
    try {
      actual = await runtime.run(parseTurnInput(turn.input));
    } catch (error) {
      if (!InputError.isInstance(error)) throw error;
      actual = error;
    }
    await check(i, turn, actual, tenantId);
  }
}
