import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { InputError, parseJsonText } from '../../errors.js';
import { openStore, storeOptionsFromEnv } from '../../store/index.js';
import { createTurnRuntime, parseTurnInput, transitionOf, turnResultToJson } from '../../turn/index.js';
import { loadWorkflowModule } from '../../turn/load-workflow-module.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { readInputFile } from '../read-input-file.js';
import { turnSeamsOf } from '../../deployment/deployment.js';
import { cliDeployment } from '../cli-deployment.js';
import { modelNotes } from './turn-models.js';

/**
 * `warrant turn --workflow DIR --turn FILE [--json]`: runs one turn (its snake_case JSON input)
 * against the host's workflow module on the configured store (PGlite under `WARRANT_DATA_DIR`,
 * or `DATABASE_URL`) and prints the reply, or the whole turn result as JSON. Running the same
 * file again returns the committed turn: the turn id commits once. Exit 2 for a refused input or
 * a workflow module that is incomplete for its locales.
 *
 * `--message TEXT` gives the turn as the user's words instead of a file: the model configured by
 * `WARRANT_MODEL` reads it, and writes the reply under review; with no model configured the
 * reply says the message was not read, in code's own words, and stderr says why.
 */
export function registerTurn(program: Command, io: CliIo): void {
  const command = program
    .command('turn')
    .description('run one governed turn against a workflow module and print its reply')
    .requiredOption('--workflow <dir>', 'the workflow module: a folder with index.ts exporting `workflows` (and `locales`)')
    .option('--turn <file>', 'the turn input (JSON file; - reads stdin)')
    .option('--message <text>', "instead of --turn: the user's message, read by the configured model (WARRANT_MODEL)")
    .option('--conversation <id>', 'with --message: the conversation it continues', 'cli')
    .option('--locale <tag>', "with --message: the turn's locale", 'en')
    .option('--turn-id <id>', 'with --message: the turn id (default: a new one)')
    .option('--prompts <dir>', 'a folder of prompt files replacing the built-in ones (<task>.<locale>.md, <task>.md)')
    .option('--json', 'print the whole turn result as JSON')
    .action(async (options: TurnOptions) => {
      if ((options.turn === undefined) === (options.message === undefined)) {
        throw new InputError('command line', [{ path: '$', message: 'give either --turn FILE or --message TEXT' }]);
      }
      const deployment = cliDeployment(io, options.prompts);
      const module = await loadWorkflowModule(options.workflow, io.cwd);
      // The wire form is decoded here, at the edge: a malformed turn is refused before the store is opened.
      const input = parseTurnInput(
        options.message === undefined
          ? parseJsonText(await readInputFile(io, options.turn!, 'turn input'), 'turn input')
          : { turn_id: options.turnId ?? `cli-${randomUUID()}`, conversation_id: options.conversation, locale: options.locale, message: options.message },
      );
      const db = await openStore(storeOptionsFromEnv(io.env, io.cwd));
      try {
        const runtime = createTurnRuntime({ db, workflows: module.workflows, locales: module.locales, ...turnSeamsOf(deployment) });
        const result = await runtime.run(input);
        if (options.json) io.out(JSON.stringify(turnResultToJson(result), null, 2));
        else io.out(transitionOf(result).text);
        for (const note of modelNotes(result)) io.err(note);
      } finally {
        await db.close();
      }
    });
  withHelp(command, {
    examples: [
      ['warrant turn --workflow examples/trip --turn examples/trip/first-turn.json', 'run one turn, print its reply'],
      ['warrant turn --workflow examples/trip --message "Book me a trip to Milan" --json', 'the message read by WARRANT_MODEL; the whole result as JSON'],
      ['host-turn | warrant turn --workflow examples/trip --turn -', 'the turn input from standard input'],
    ],
    exitCodes: [
      [0, 'the turn committed (or was committed before: the same turn id) and its reply was printed'],
      [1, 'the store failed'],
      [2, 'bad options, an unreadable or refused turn input, or a workflow module incomplete for its locales'],
    ],
  });
}

interface TurnOptions {
  workflow: string;
  turn?: string;
  message?: string;
  conversation: string;
  locale: string;
  turnId?: string;
  prompts?: string;
  json?: boolean;
}
