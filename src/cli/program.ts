import { Command, CommanderError } from 'commander';
import { WarrantError, type Fault } from '../errors.js';
import { registerReplay } from './commands/replay.js';
import { registerServe } from './commands/serve.js';
import { registerStart } from './commands/start.js';
import { registerSuggest } from './commands/suggest.js';
import { registerTurn } from './commands/turn.js';
import { registerVerify } from './commands/verify.js';
import type { CliIo } from './io.js';

/** Exit code for input the caller got wrong (refused contract, malformed file, bad flags) or a deployment configured wrong. */
export const EXIT_INPUT = 2;

/** Exit code for a failure a retry may cure: the store or a model failing. */
export const EXIT_FAILURE = 1;

/** The exit code of each fault: the CLI decides from the fault alone, no command catches its own. */
const EXIT_OF_FAULT: Record<Fault, number> = { input: EXIT_INPUT, configuration: EXIT_INPUT, store: EXIT_FAILURE, model: EXIT_FAILURE };

/** Builds the `warrant` program with every command, writing through `io`. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('warrant')
    .description('Governs what a conversational assistant may say.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  for (const register of [registerStart, registerReplay, registerVerify, registerServe, registerSuggest, registerTurn]) register(program, io);
  return program;
}

/**
 * Runs `warrant` with `argv` (without `node` and the script). Errors the user can act on are
 * printed as sentences with their paths, never as stack traces; only bugs show a stack. The exit
 * code is decided by the error's fault alone (`input`, `configuration`: 2; `store`, `model`: 1).
 * `program` is the one {@link buildProgram} makes, unless a test hands in its own.
 */
export async function runCli(argv: readonly string[], io: CliIo, program: Command = buildProgram(io)): Promise<void> {
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode !== 0) io.exitCode(EXIT_INPUT);
    } else if (WarrantError.isInstance(error)) {
      io.err(`warrant: ${error.fault === 'input' ? '' : `${error.fault}: `}${error.message}`);
      io.exitCode(EXIT_OF_FAULT[error.fault]);
    } else {
      io.err(`warrant: unexpected failure (a bug): ${(error as Error)?.stack ?? String(error)}`);
      io.exitCode(1);
    }
  }
}
