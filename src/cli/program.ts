import { Command, CommanderError } from 'commander';
import { InputError } from '../errors.js';
import { FixtureError } from '../replay/index.js';
import { StoreError } from '../store/index.js';
import { registerProbe } from './commands/probe.js';
import { registerReplay } from './commands/replay.js';
import { registerServe } from './commands/serve.js';
import { registerStart } from './commands/start.js';
import { registerSuggest } from './commands/suggest.js';
import { registerTurn } from './commands/turn.js';
import { registerVerify } from './commands/verify.js';
import type { CliIo } from './io.js';

/** Exit code for input the caller got wrong (refused contract, malformed file, bad flags). */
export const EXIT_INPUT = 2;

/** Builds the `warrant` program with every command, writing through `io`. */
export function buildProgram(io: CliIo): Command {
  const program = new Command('warrant')
    .description('Governs what a conversational assistant may say.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
  for (const register of [registerStart, registerReplay, registerVerify, registerServe, registerSuggest, registerTurn]) register(program, io);
  registerProbe(program, io);
  return program;
}

/**
 * Runs `warrant` with `argv` (without `node` and the script). Errors the user can act on are
 * printed as sentences with their paths, never as stack traces; only bugs show a stack.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<void> {
  try {
    await buildProgram(io).parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode !== 0) io.exitCode(EXIT_INPUT);
    } else if (InputError.isInstance(error) || error instanceof FixtureError) {
      io.err(`warrant: ${error.message}`);
      io.exitCode(EXIT_INPUT);
    } else if (StoreError.isInstance(error)) {
      io.err(`warrant: store: ${error.message}`);
      io.exitCode(1);
    } else {
      io.err(`warrant: unexpected failure (a bug): ${(error as Error)?.stack ?? String(error)}`);
      io.exitCode(1);
    }
  }
}
