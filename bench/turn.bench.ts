/**
 * Governed turns, three figures from one run:
 * - `turn-compose`: composing a committed turn of 10 events and 3 questions without the store
 *   (receipts, outcome, ask, answers, transition, claim guard): turns per second and median µs.
 *   Its `speedup` compares it with the cheapest write of the same events, a bare insert on
 *   PGlite, measured in the same run: how many compositions fit in one bare insert.
 * - `turn-pglite` and `turn-postgres`: end-to-end turns per second (parse, read, act, commit
 *   with revision checks, compose, persist the result) against a bare insert of the same 10
 *   events in one transaction. `speedup` is bare time / turn time, so 0.25 means a governed
 *   turn costs four bare inserts. PostgreSQL is skipped with a note when unreachable.
 */
import { randomBytes } from 'node:crypto';
import { tripWorkflow } from '../examples/trip/index.js';
import { ServerCopy } from '../src/copy/index.js';
import { openStore, type Database } from '../src/store/index.js';
import { composeTurn } from '../src/turn/compose-turn.js';
import { createTurnRuntime } from '../src/turn/index.js';
import type { CommittedEvent } from '../src/turn/stored-record.js';
import type { TurnCommit } from '../src/turn/turn-commit.js';
import { median, report, round, timeAsyncMedianMs } from './measure.js';
import { parseTurnInput } from '../src/turn/turn-input.js';

const TRAVELERS = Array.from({ length: 9 }, (_, i) => `Traveler ${i + 1}`);
const QUESTIONS = [
  { text: 'What can you do?', kind: 'capability' as const, records: [] },
  { text: 'Where are we?', kind: 'status' as const, records: [] },
  { text: 'Is it cold there?', kind: 'other' as const, records: [] },
];

/** A turn input of 10 events (a new trip and 9 travelers) and 3 questions. */
function turnInput(n: number, prefix: string) {
  const record = `${prefix}-trip-${n}`;
  return {
    turn_id: `${prefix}-turn-${n}`,
    conversation_id: `${prefix}-conv-${n}`,
    locale: 'en',
    understanding: {
      acts: [
        { operation: 'start_trip', workflow: 'trip', record, values: { destination: 'Milan' } },
        ...TRAVELERS.map((name) => ({ operation: 'add_traveler', record, values: { name } })),
      ],
      questions: QUESTIONS.map((q) => ({ ...q, records: [record] })),
    },
  };
}

/** The same 10 events, inserted bare in one transaction: the floor any event store pays. */
async function bareInsert(db: Database, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    for (let r = 1; r <= 10; r++) {
      await tx.query('insert into bench_bare_events (record_id, revision, type, payload) values ($1, $2, $3, $4::jsonb)', [
        key,
        r,
        r === 1 ? 'trip_started' : 'traveler_added',
        JSON.stringify(r === 1 ? { destination: 'Milan' } : { name: TRAVELERS[r - 2] }),
      ]);
    }
  });
}

/**
 * Times turns and bare inserts in alternating batches of 5 for about `ms` each, so the noise of
 * a shared machine falls on both alike; returns each one's median milliseconds.
 */
async function interleaved(db: Database, runtime: ReturnType<typeof createTurnRuntime>, name: string, ms: number) {
  await db.query(
    'create table if not exists bench_bare_events (record_id text not null, revision integer not null, type text not null, payload jsonb not null, primary key (record_id, revision))',
  );
  const prefix = randomBytes(4).toString('hex');
  const bare: number[] = [];
  const turns: number[] = [];
  let i = 0;
  const until = performance.now() + 2 * ms;
  while (performance.now() < until || bare.length < 3) {
    let t0 = performance.now();
    for (let k = 0; k < 5; k++) await bareInsert(db, `${prefix}-${i + k}`);
    bare.push((performance.now() - t0) / 5);
    t0 = performance.now();
    for (let k = 0; k < 5; k++) await runtime.run(parseTurnInput(turnInput(i + k, `${name}-${prefix}`)));
    turns.push((performance.now() - t0) / 5);
    i += 5;
  }
  return { bare: median(bare), turn: median(turns) };
}

async function endToEnd(db: Database, name: string) {
  const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId: `bench-${randomBytes(4).toString('hex')}` });
  await runtime.run(parseTurnInput(turnInput(-1, 'warm')));
  await interleaved(db, runtime, `warm-${name}`, 500);
  const { bare, turn } = await interleaved(db, runtime, name, 4000);
  report(`turn-${name}`, {
    events_per_turn: 10,
    questions_per_turn: 3,
    turns_per_sec: round(1000 / turn, 1),
    median_ms_per_turn: round(turn, 2),
    bare_insert_median_ms: round(bare, 2),
    baseline: 'bare insert of the same 10 events in one transaction, timed in alternating batches with the turns',
    speedup: round(bare / turn, 3),
  });
  return bare;
}

// Composition alone, from a real commit so the blocks are the ones a turn produces.
const pglite = await openStore({ dataDir: ':memory:' });
const tenantId = 'bench-compose';
const runtime = createTurnRuntime({ db: pglite, workflows: [tripWorkflow], locales: ['en', 'it'], tenantId });
await runtime.run(parseTurnInput(turnInput(0, 'compose')));
const [row] = await pglite.query<{ commit: TurnCommit }>('select commit from turns where tenant_id = $1', [tenantId]);
const events = (
  await pglite.query<{ record_id: string; revision: number; type: string; payload: Record<string, unknown>; turn_id: string }>(
    'select record_id, revision, type, payload, turn_id from turn_events where tenant_id = $1 order by position',
    [tenantId],
  )
).map((e): CommittedEvent => ({ recordId: e.record_id, revision: e.revision, type: e.type, payload: e.payload, turnId: e.turn_id }));
const commit = row!.commit;
const options = { workflows: new Map([[tripWorkflow.key, tripWorkflow]]), copy: ServerCopy.builtIn() };
// Warm up first, as long again: a cold window's median measured the JIT compiling composition
// (milliseconds per turn on a loaded machine), not composition itself.
await timeAsyncMedianMs(() => composeTurn(commit, events, options), { ms: 2000, batch: 200 });
const composeMs = await timeAsyncMedianMs(() => composeTurn(commit, events, options), { ms: 2000, batch: 200 });
const bareOnPglite = await endToEnd(pglite, 'pglite');
report('turn-compose', {
  events: events.length,
  questions: commit.understanding.questions.length,
  turns_per_sec: round(1000 / composeMs, 0),
  median_us: round(composeMs * 1000, 1),
  baseline: 'bare insert of the same 10 events on PGlite',
  speedup: round(bareOnPglite / composeMs, 1),
});
await pglite.close();

const url = process.env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_${randomBytes(4).toString('hex')}`;
let postgres: Database | undefined;
try {
  postgres = await openStore({ databaseUrl: url, schema });
} catch (error) {
  report('turn-postgres', { skipped: `PostgreSQL unreachable at ${url}: ${(error as Error).message}` });
}
if (postgres) {
  try {
    await endToEnd(postgres, 'postgres');
  } finally {
    // The fresh schema is the bench's own: leave nothing behind in the shared database.
    await postgres.query(`drop schema ${schema} cascade`).catch(() => {});
    await postgres.close();
  }
}
