import { builtInReplayers } from '../../built-in-replayers.js';
import type { Command } from 'commander';
import { replayFixtures } from '../../replay/index.js';
import { openStore } from '../../store/index.js';
import { createTurnRuntime, transitionOf } from '../../turn/index.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { portNumber } from './serve.js';
import { serveDemo } from './serve-demo.js';

/**
 * `warrant start`: what `npm start` runs on the embedded defaults — the recorded scenarios and
 * the trip example quickly first, then the sidecar with them loaded (`--no-serve`: exit instead).
 */
export function registerStart(program: Command, io: CliIo): void {
  const command = program
    .command('start')
    .description('replay the recorded scenarios, run the trip example, then serve the API and the inspector (PGlite, no model)')
    .option('--no-serve', 'exit after the replay and the trip example instead of serving')
    .option('--port <n>', 'TCP port to serve on (0 picks a free one)', '8787')
    .action(async (options: { serve: boolean; port: string }) => {
      const outcomes = await replayFixtures(undefined, {
        replayers: await builtInReplayers(),
        onOutcome: (o) => io.out(`${o.passed ? 'pass' : 'FAIL'}  ${o.name}`),
      });
      const failed = outcomes.filter((o) => !o.passed).length;
      io.out(`${outcomes.length - failed} passed, ${failed} failed`);
      if (failed > 0) io.exitCode(1);
      await runTripConversation(io);
      if (options.serve) {
        io.out('');
        await serveDemo(io, { port: portNumber(options.port) });
      }
    });
  withHelp(command, {
    examples: [
      ['npm start', 'the same as warrant start: serve on 8787, the key printed once on stderr'],
      ['warrant start --port 0 --json', 'a free port; every line on stdout a JSON event'],
    ],
    exitCodes: [
      [0, 'stopped on SIGTERM or SIGINT'],
      [1, 'a recorded scenario differed, or the store failed'],
      [2, 'bad options'],
    ],
  });
}

/**
 * Runs the trip example's scripted conversations (English, then Italian) through the turn
 * runtime on an in-memory store and prints each turn's message and reply.
 */
async function runTripConversation(io: CliIo): Promise<void> {
  const { englishConversation, italianConversation, locales, workflows } = await import('../../../examples/trip/index.js');
  const db = await openStore({ dataDir: ':memory:' });
  try {
    const runtime = createTurnRuntime({ db, workflows, locales });
    for (const [title, turns] of [
      ['trip example, English', englishConversation],
      ['trip example, Italian', italianConversation],
    ] as const) {
      io.out('');
      io.out(`— ${title} —`);
      for (const turn of turns) {
        const result = await runtime.run(turn);
        io.out(`user: ${turn.message ?? ''}`);
        for (const line of transitionOf(result).text.split('\n')) io.out(`  ${line}`);
      }
    }
  } finally {
    await db.close();
  }
}
