import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CopyIncompleteError } from '../../copy/index.js';
import { InputError, parseJsonText } from '../../errors.js';
import { openStore, storeOptionsFromEnv } from '../../store/index.js';
import {
  WorkflowTextMissingError,
  createTurnRuntime,
  loadWorkflowModule,
  parseTurnInput,
  transitionOf,
  turnResultToJson,
} from '../../turn/index.js';
import { EXIT_INPUT } from '../program.js';
import type { CliIo } from '../io.js';

/**
 * `warrant turn --workflow DIR --turn FILE [--json]`: runs one turn (its snake_case JSON input)
 * against the host's workflow module on the configured store (PGlite under `WARRANT_DATA_DIR`,
 * or `DATABASE_URL`) and prints the reply, or the whole turn result as JSON. Running the same
 * file again returns the committed turn: the turn id commits once. Exit 2 for a refused input or
 * a workflow module that is incomplete for its locales.
 */
export function registerTurn(program: Command, io: CliIo): void {
  program
    .command('turn')
    .description('run one governed turn against a workflow module and print its reply')
    .requiredOption('--workflow <dir>', 'the workflow module: a folder with index.ts exporting `workflows` (and `locales`)')
    .requiredOption('--turn <file>', 'the turn input (JSON)')
    .option('--json', 'print the whole turn result as JSON')
    .action(async (options: { workflow: string; turn: string; json?: boolean }) => {
      const module = await loadWorkflowModule(options.workflow, io.cwd);
      const input = parseJsonText(await readTurnFile(resolve(io.cwd, options.turn)), 'turn input');
      parseTurnInput(input); // refuse a malformed turn before the store is opened
      const db = await openStore(storeOptionsFromEnv(io.env, io.cwd));
      try {
        let runtime;
        try {
          runtime = createTurnRuntime({ db, workflows: module.workflows, locales: module.locales });
        } catch (error) {
          if (!(error instanceof CopyIncompleteError) && !(error instanceof WorkflowTextMissingError)) throw error;
          io.err(`warrant: ${error.message}`);
          io.exitCode(EXIT_INPUT);
          return;
        }
        const result = await runtime.run(input);
        if (options.json) io.out(JSON.stringify(turnResultToJson(result), null, 2));
        else io.out(transitionOf(result).text);
      } finally {
        await db.close();
      }
    });
}

async function readTurnFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError('turn input', [{ path: '$', message: `cannot read ${path}: ${reason}` }]);
  }
}
