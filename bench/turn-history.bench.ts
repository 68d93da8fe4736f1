/**
 * A turn's cost against the length of its conversation (`turn-history-pglite`,
 * `turn-history-postgres`): the median latency of the same turn (a status question and an act
 * on one trip, no model) after 0, 100 and 1,000 earlier turns in its conversation, measured in
 * interleaved rounds so the machine's noise falls on every depth alike; and the characters of
 * every prompt a model-written turn hands its models at each depth. The earlier turns are real
 * turns' rows, copied in SQL to reach the depth quickly. `speedup` is latency at 0 / latency at
 * 1,000 (1 means the conversation's length costs nothing).
 */
import { randomBytes } from 'node:crypto';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { tripWorkflow } from '../examples/trip/index.js';
import { createModels } from '../src/model/index.js';
import { openStore, type Database } from '../src/store/index.js';
import { createModelWriter } from '../src/turn/model/index.js';
import { recordedModel, type RecordedOutput } from '../src/turn/model/recorded-model.js';
import { createTurnRuntime, DEFAULT_HISTORY_TURNS, type TurnInputJson } from '../src/turn/index.js';
import { median, report, round } from './measure.js';
import { parseTurnInput } from '../src/turn/turn-input.js';

const DEPTHS = [0, 100, 1000] as const;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

/** The measured turn: one act on the trip and one question about it. */
function turnInput(id: string, conversation: string, n: number): TurnInputJson {
  return {
    turn_id: id,
    conversation_id: conversation,
    locale: 'en',
    understanding: {
      acts: [{ operation: n % 2 === 0 ? 'add_traveler' : 'remove_traveler', record: 'trip', values: { name: 'Ada' } }],
      questions: [{ text: 'Where are we?', kind: 'status', records: ['trip'] }],
    },
  };
}

/** Fills `conversation` with `depth` earlier turns: copies of a composed turn's row. */
async function fill(db: Database, tenantId: string, conversation: string, depth: number, template: string): Promise<void> {
  if (depth === 0) return;
  await db.query(
    `insert into turns (tenant_id, id, conversation_id, input, commit, result, composed_at)
     select tenant_id, $4 || '-' || g, $3, input, commit, result, now()
       from turns, generate_series(1, $5::int) g
      where tenant_id = $1 and id = $2`,
    [tenantId, template, conversation, `${conversation}-earlier`, depth],
  );
}

/** A writer on recorded models that counts the characters of every prompt it hands them. */
function countingWriter() {
  let chars = 0;
  const script: Record<string, RecordedOutput[]> = {
    answer: [{ json: { status: 'answered', text: 'The trip to Milan is collecting travelers.' } }],
    acknowledge: [{ text: 'Done. Anything else for the trip?' }],
    review: [{ verdict: 'pass' }],
  };
  const counted = (task: string, outputs: RecordedOutput[]): LanguageModelV3 => {
    const inner = recordedModel(task, outputs);
    return {
      ...inner,
      doGenerate(options) {
        chars += JSON.stringify(options.prompt).length;
        return inner.doGenerate(options);
      },
    };
  };
  const models = createModels(
    { tasks: Object.fromEntries(Object.keys(script).map((t) => [t, { model: `bench:${t}` }])) },
    { languageModels: Object.fromEntries(Object.entries(script).map(([t, o]) => [`bench:${t}`, counted(t, o)])) },
  );
  return { writer: createModelWriter({ models }), chars: () => chars, reset: () => void (chars = 0) };
}

async function measure(db: Database, storeName: string): Promise<void> {
  const tenantId = `bench-${randomBytes(4).toString('hex')}`;
  const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId });
  await runtime.run(
    parseTurnInput({
      turn_id: 'setup',
      conversation_id: 'setup',
      locale: 'en',
      understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record: 'trip', values: { destination: 'Milan' } }] },
    }),
  );
  await runtime.run(parseTurnInput(turnInput('template', 'setup', 0)));
  const conversations = new Map<number, string>();
  for (const depth of DEPTHS) {
    const conversation = `depth-${depth}`;
    await fill(db, tenantId, conversation, depth, 'template');
    conversations.set(depth, conversation);
  }
  // Warm-up, then interleaved rounds: one turn at each depth per round. A turn at depth 0 gets a
  // conversation of its own each time; the deeper ones grow by at most ROUNDS turns.
  let n = 0;
  const samples = new Map<number, number[]>(DEPTHS.map((d) => [d, []]));
  for (let round = -5; round < ROUNDS; round++) {
    for (const depth of DEPTHS) {
      const conversation = depth === 0 ? `fresh-${round}` : conversations.get(depth)!;
      const t0 = performance.now();
      await runtime.run(parseTurnInput(turnInput(`t-${n}`, conversation, n++)));
      if (round >= 0) samples.get(depth)!.push(performance.now() - t0);
    }
  }
  const latency = (depth: number) => median(samples.get(depth)!);

  // Prompt size: one model-written turn at each depth (its conversation already that deep).
  const counter = countingWriter();
  const written = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId, writer: counter.writer });
  const promptChars: Record<number, number> = {};
  for (const depth of DEPTHS) {
    counter.reset();
    await written.run(parseTurnInput(turnInput(`w-${depth}`, depth === 0 ? 'fresh-written' : conversations.get(depth)!, n++)));
    promptChars[depth] = counter.chars();
  }
  const [history] = await db.query<{ n: number }>(
    "select jsonb_array_length(commit->'context'->'history')::int8 as n from turns where tenant_id = $1 and id = 'w-1000'",
    [tenantId],
  );

  report(`turn-history-${storeName}`, {
    store: storeName,
    history_turns: DEFAULT_HISTORY_TURNS,
    rounds: ROUNDS,
    median_ms_after_0: round(latency(0), 2),
    median_ms_after_100: round(latency(100), 2),
    median_ms_after_1000: round(latency(1000), 2),
    ratio_1000_to_0: round(latency(1000) / latency(0), 3),
    prompt_chars_after_0: promptChars[0],
    prompt_chars_after_100: promptChars[100],
    prompt_chars_after_1000: promptChars[1000],
    history_entries_in_prompt_after_1000: history?.n,
    baseline: 'the same turn as the first of its conversation',
    speedup: round(latency(0) / latency(1000), 3),
  });
}

const pglite = await openStore({ dataDir: ':memory:' });
try {
  await measure(pglite, 'pglite');
} finally {
  await pglite.close();
}

const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(4).toString('hex')}`;
let postgres: Database | undefined;
try {
  postgres = await openStore({ databaseUrl: url, schema });
} catch (error) {
  report('turn-history-postgres', { skipped: `PostgreSQL unreachable at ${url}: ${(error as Error).message}` });
}
if (postgres) {
  try {
    await measure(postgres, 'postgres');
  } finally {
    await postgres.query(`drop schema ${schema} cascade`).catch(() => {});
    await postgres.close();
  }
}
