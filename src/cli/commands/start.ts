import type { Command } from 'commander';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { portNumber } from './serve.js';
import { serveDemo } from './serve-demo.js';

/**
 * `warrant start`: what `npm start` runs on the embedded defaults — the sidecar first, serving
 * within seconds, then the recorded scenarios and the trip example loaded into it in the
 * background and every scenario replayed (`--no-serve`: exit once that is done; `--json`: every
 * line on stdout a JSON event). See {@link serveDemo}.
 */
export function registerStart(program: Command, io: CliIo): void {
  const command = program
    .command('start')
    .description(
      'serve the API and the inspector at once, then load the recorded scenarios and the trip example into it and replay every scenario (PGlite, no model)',
    )
    .option('--no-serve', 'exit once the scenarios are loaded and replayed instead of serving')
    .option('--port <n>', 'TCP port to serve on (0 picks a free one)', '8787')
    .option('--json', 'every line on stdout a JSON event ({"event": "serving" | "loaded" | "turn" | "scenario" | "replayed" | …}); notes go to stderr')
    .action(async (options: { serve: boolean; port: string; json?: boolean }) => {
      await serveDemo(io, { port: portNumber(options.port), serve: options.serve, json: options.json === true });
    });
  withHelp(command, {
    examples: [
      ['npm start', 'the same as warrant start: serve on 8787, the key printed once on stderr'],
      ['warrant start --port 0 --json', 'a free port; every line on stdout a JSON event'],
      ['warrant start --no-serve', 'load and replay, print the tally, exit'],
    ],
    exitCodes: [
      [0, 'stopped on SIGTERM or SIGINT (or, with --no-serve, every scenario passed)'],
      [1, 'a recorded scenario differed, or the store failed'],
      [2, 'bad options'],
    ],
  });
}
