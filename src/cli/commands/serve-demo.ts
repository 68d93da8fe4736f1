import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { builtInReplayers } from '../../built-in-replayers.js';
import { hasEffects } from '../../evidence/effect-store.js';
import { newRecordId, recordIdTime } from '../../evidence/record-id.js';
import { packageRoot } from '../../package-root.js';
import { replayFixtures } from '../../replay/index.js';
import { insertSuggestion, listSuggestions } from '../../server/suggestion-queries.js';
import type { WarrantServer } from '../../server/index.js';
import type { Database } from '../../store/index.js';
import { fixtureRequest, matchFixtureSchema } from '../../suggest/match-fixture.js';
import { suggestReplies } from '../../suggest/index.js';
import { createTurnRuntime, parseTurnInput, transitionOf } from '../../turn/index.js';
import { replayOnStore } from '../../turn/replay-store.js';
import type { CliIo } from '../io.js';
import { replayReportJson, outcomeLines } from './replay.js';
import { cliDeployment } from '../cli-deployment.js';
import { shutdownSignal, startSidecar } from './serve.js';

/** The demo's own embedded data folder, under the working folder. */
export const DEMO_DATA_DIR = join('.warrant', 'demo');

/**
 * The demo store's PostgreSQL settings: 16 MB of shared buffers instead of PGlite's 128 MB,
 * which it touches at start. The demo holds a few hundred rows; what it must not do is take a
 * laptop's memory (`npm start` stays under 300 MB of RSS, the `cli-start` bench measures it).
 */
const DEMO_PGLITE_SETTINGS = { shared_buffers: '16MB' } as const;

/** Options of {@link serveDemo}. */
export interface DemoOptions {
  /** TCP port; default 8787, 0 picks a free one. */
  port?: number;
  /** `--no-serve`: load and replay everything, then stop, instead of serving until a signal. */
  serve?: boolean;
  /** Every line on stdout a JSON event (`{"event": …}`); the sidecar's own notes go to stderr. */
  json?: boolean;
}

/** Writes the demo's events: a readable line, or with `--json` one JSON object per line. */
interface DemoOut {
  event(event: string, fields: Record<string, unknown>, readable: readonly string[]): void;
}

/**
 * What `npm start` runs: the sidecar on the embedded defaults with the trip example's workflows
 * mounted for `/v0/turns`, serving within seconds of a fresh clone. Everything that takes time
 * happens after the address is printed, in the background, each record landing in the store (and
 * so in the inspector) as soon as it is made:
 *
 * 1. the recorded reply-contract scenarios verified into the tenant's effects;
 * 2. the recorded match scenarios run (their recorded model outputs playing the skills) into its
 *    suggestion results;
 * 3. the trip example's conversations (English, then Italian) run as its turns, each printed;
 * 4. every recorded scenario replayed offline, `pass`/`FAIL` each, then the tally; the turn
 *    scenarios on the demo's store (one PGlite, not two), each under a tenant of its own
 *    (`replay-<uuid>`) that no key reaches.
 *
 * Steps 1 and 2 load once per store (a tenant with effects, or suggestion results, keeps
 * them); step 3 runs every time, and a turn id commits once. A failed scenario makes the exit
 * code 1. Runs until SIGTERM or SIGINT (which stop the background work between two records),
 * or with `serve: false` until the work is done.
 *
 * The embedded store is {@link DEMO_DATA_DIR}, not the one `warrant turn` and `warrant serve` use
 * (`WARRANT_DATA_DIR`, default `.warrant/pgdata`): the demo's trip records would otherwise be
 * there already, and the README's `warrant turn` run afterwards would meet them as a concurrent
 * change instead of starting its own trip. A `DATABASE_URL` is used as given.
 */
export async function serveDemo(io: CliIo, { port, serve = true, json = false }: DemoOptions = {}): Promise<void> {
  const stopped = serve ? (io.shutdown ?? shutdownSignal)() : undefined;
  const out = demoOut(io, json);
  const trip = await import('../../../examples/trip/index.js');
  const demoIo: CliIo = {
    ...io,
    env: { ...io.env, WARRANT_DATA_DIR: resolve(io.cwd, DEMO_DATA_DIR) },
    // With --json, stdout carries JSON lines only: the request log stays, the sidecar's notes move to stderr.
    ...(json ? { out: (line: string) => (line.startsWith('{') ? io.out(line) : io.err(line)) } : {}),
  };
  const sidecar = await startSidecar(demoIo, {
    ...(port === undefined ? {} : { port }),
    pgliteSettings: DEMO_PGLITE_SETTINGS,
    server: {
      deployment: cliDeployment(io),
      turns: { workflows: trip.workflows, locales: trip.locales },
    },
  });
  const { url } = sidecar.running;
  out.event('serving', { url, inspector: `${url}/inspector` }, [
    `warrant: open ${url}/inspector — Ctrl-C to stop`,
    'warrant: loading the recorded scenarios in the background; the inspector shows them as they land',
  ]);

  const stop = new AbortController();
  const loading = loadDemo(io, out, { store: sidecar.store, server: sidecar.server, tenantId: sidecar.tenantId, trip, signal: stop.signal }).catch(
    (error: unknown) => {
      if (stop.signal.aborted) return;
      io.err(`warrant: loading the demo failed: ${(error as Error)?.message ?? String(error)}`);
      io.exitCode(1);
    },
  );
  if (stopped === undefined) {
    await loading;
  } else {
    const signal = await stopped;
    out.event('stopping', { signal }, [`warrant: ${signal}: draining requests in flight`]);
    stop.abort();
    await loading;
  }
  await sidecar.stop();
  out.event('stopped', {}, ['warrant: stopped']);
}

function demoOut(io: CliIo, json: boolean): DemoOut {
  return {
    event: (event, fields, readable) => {
      if (json) io.out(JSON.stringify({ event, ...fields }));
      else for (const line of readable) io.out(line);
    },
  };
}

interface LoadContext {
  readonly store: Database;
  readonly server: WarrantServer;
  readonly tenantId: string;
  readonly trip: typeof import('../../../examples/trip/index.js');
  readonly signal: AbortSignal;
}

/** Steps 1–4 of {@link serveDemo}, checking `signal` between two records. */
async function loadDemo(io: CliIo, out: DemoOut, { store, server, tenantId, trip, signal }: LoadContext): Promise<void> {
  const fixtures = join(packageRoot(), 'fixtures');
  const files = async (kind: string) =>
    (await readdir(join(fixtures, kind)))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(fixtures, kind, f));

  if (!(await hasEffects(store, tenantId))) {
    const contracts = await files('reply-contracts');
    for (const file of contracts) {
      signal.throwIfAborted();
      const fixture = JSON.parse(await readFile(file, 'utf8')) as { contract: unknown; candidates: unknown };
      await server.verify(tenantId, { contract: fixture.contract, candidates: fixture.candidates });
    }
    out.event('loaded', { kind: 'effects', count: contracts.length, tenant: tenantId }, [
      `warrant: verified ${contracts.length} recorded reply contracts into tenant "${tenantId}"`,
    ]);
  }

  if ((await listSuggestions(store, tenantId, { limit: 1 })).length === 0) {
    const matches = await files('matches');
    for (const file of matches) {
      signal.throwIfAborted();
      const request = fixtureRequest(matchFixtureSchema.parse(JSON.parse(await readFile(file, 'utf8'))));
      const { result, evidence } = await suggestReplies(request);
      // Stored as POST /v0/suggestions stores a result, with the recorded model outputs as its skills.
      const id = newRecordId('sug_');
      const row = {
        id,
        createdAt: new Date(recordIdTime(id, 'sug_')!),
        matchId: request.match.id,
        resultType: result.resultType,
        result,
        evidence,
        // No request, so no trace: for a store that records the trace id of each result.
        traceId: null,
      };
      await insertSuggestion(store, tenantId, row);
    }
    out.event('loaded', { kind: 'suggestions', count: matches.length, tenant: tenantId }, [
      `warrant: ran ${matches.length} recorded match scenarios into tenant "${tenantId}"'s suggestion results`,
    ]);
  }

  const runtime = createTurnRuntime({ db: store, workflows: trip.workflows, locales: trip.locales, tenantId });
  for (const [title, turns] of [
    ['trip example, English', trip.englishConversation],
    ['trip example, Italian', trip.italianConversation],
  ] as const) {
    out.event('conversation', { title }, ['', `— ${title} —`]);
    for (const turn of turns) {
      signal.throwIfAborted();
      const reply = transitionOf(await runtime.run(parseTurnInput(turn))).text;
      out.event('turn', { turn_id: turn.turn_id, message: turn.message ?? '', reply }, [
        `user: ${turn.message ?? ''}`,
        ...reply.split('\n').map((line) => `  ${line}`),
      ]);
    }
  }

  out.event('replaying', {}, ['']);
  // The turn scenarios replay on the demo's own store, each under a tenant of its own: a second
  // PGlite beside it would double the memory `npm start` takes.
  const release = replayOnStore(store);
  let outcomes: Awaited<ReturnType<typeof replayFixtures>>;
  try {
    outcomes = await replayFixtures(undefined, {
      replayers: await builtInReplayers(),
      onOutcome: (o, progress) => {
        signal.throwIfAborted();
        out.event(
          'scenario',
          { name: o.name, passed: o.passed, differences: o.differences, done: progress.done, total: progress.total },
          outcomeLines(o, progress, io.interactive === true),
        );
      },
    });
  } finally {
    release();
  }
  const { passed, failed } = replayReportJson(outcomes);
  out.event('replayed', { passed, failed }, [`${passed} passed, ${failed} failed`]);
  if (failed > 0) io.exitCode(1);
}
