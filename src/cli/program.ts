import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { WarrantError, type Fault } from '../errors.js';
import { packageRoot } from '../package-root.js';
import { helpText } from './command-help.js';
import type { CliIo } from './io.js';
import { routeModelWarnings } from './route-model-warnings.js';

/** Exit code for input the caller got wrong (refused contract, malformed file, bad flags) or a deployment configured wrong. */
export const EXIT_INPUT = 2;

/** Exit code for a failure a retry may cure: the store or a model failing. */
export const EXIT_FAILURE = 1;

/** The exit code of each fault: the CLI decides from the fault alone, no command catches its own. */
const EXIT_OF_FAULT: Record<Fault, number> = { input: EXIT_INPUT, configuration: EXIT_INPUT, store: EXIT_FAILURE, model: EXIT_FAILURE };

/** Adds one command (its options, help and action) to the program. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

/**
 * One `warrant` command: its name and its line in `warrant --help`, and how to load the module
 * that registers it. The module (and with it the command's layer: the store, the server, the
 * model SDKs) is imported only when that command runs or its own help is asked for, so
 * `warrant verify` never loads PGlite and `warrant --help` loads no layer at all.
 */
export interface CommandEntry {
  readonly name: string;
  /** The command's description, as its module registers it (a test keeps the two equal). */
  readonly summary: string;
  readonly load: () => Promise<RegisterCommand>;
}

/** Every command, in the order `warrant --help` lists them. A new command is one more entry. */
export const commands: readonly CommandEntry[] = [
  {
    name: 'start',
    summary:
      'serve the API and the inspector at once, then load the recorded scenarios and the trip example into it and replay every scenario (PGlite, no model)',
    load: async () => (await import('./commands/start.js')).registerStart,
  },
  {
    name: 'replay',
    summary: 'replay recorded scenarios (default: every built-in one) with no model, provider or host',
    load: async () => (await import('./commands/replay.js')).registerReplay,
  },
  {
    name: 'verify',
    summary: 'verify candidate replies against a reply contract and print the Reply Effect',
    load: async () => (await import('./commands/verify.js')).registerVerify,
  },
  {
    name: 'probe',
    summary: "report a reply contract's holes, each with a candidate that demonstrates it",
    load: async () => (await import('./commands/probe.js')).registerProbe,
  },
  {
    name: 'serve',
    summary: 'serve the HTTP API and the inspector (stops gracefully on SIGTERM)',
    load: async () => (await import('./commands/serve.js')).registerServe,
  },
  {
    name: 'suggest',
    summary: 'decide whether to write to a match and, if so, print 3–5 audited reply suggestions',
    load: async () => (await import('./commands/suggest.js')).registerSuggest,
  },
  {
    name: 'evidence',
    summary: 'verify, erase, prune and export stored evidence (tamper-evident, W13)',
    load: async () => (await import('./commands/evidence.js')).registerEvidence,
  },
  {
    name: 'turn',
    summary: 'run one governed turn against a workflow module and print its reply',
    load: async () => (await import('./commands/turn.js')).registerTurn,
  },
];

/** Warrant's version, from its package.json. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The command `argv` runs (or asks help for): the first argument that is not an option, or the
 * one after `help`. The program itself takes no option with a value, so this is unambiguous.
 */
export function commandNamed(argv: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}

/**
 * Builds the `warrant` program, writing through `io`. The command `argv` names is loaded and
 * registered whole; every other command is listed by name and summary only. Without `argv`
 * every command is loaded.
 */
export async function buildProgram(io: CliIo, argv?: readonly string[]): Promise<Command> {
  const program = new Command('warrant')
    .description('Governs what a conversational assistant may say.')
    .version(packageVersion(), '-V, --version', 'print the version and exit')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .addHelpText('after', PROGRAM_HELP);
  const named = argv === undefined ? undefined : commandNamed(argv);
  for (const entry of commands) {
    if (argv === undefined || entry.name === named) (await entry.load())(program, io);
    else program.command(entry.name).description(entry.summary);
  }
  for (const command of program.commands) unknownOptionsFirst(command);
  return program;
}

/** `warrant --help`'s closing sections: a first command to try, and the exit codes every command shares. */
const PROGRAM_HELP = helpText({
  examples: [
    ['npm start', 'the demo: serve the API and the inspector, loading the recorded scenarios'],
    ['warrant verify --contract c.json --candidate-text "…" --json', 'govern one candidate reply, print the Reply Effect'],
    ['cat match.json | warrant suggest - --json', 'every file argument takes - for standard input'],
    ['warrant replay --json', 'replay every recorded scenario, print the outcomes as JSON'],
    ['warrant help verify', "one command's options, examples and exit codes"],
  ],
  exitCodes: [
    [0, 'done (a command may say more: `warrant help CMD`)'],
    [1, 'a failure a retry may cure (the store, a model), a replay mismatch, a probe finding, or a bug'],
    [2, 'input the caller got wrong: unknown or missing options, an unreadable or refused file, a deployment configured wrong'],
  ],
});

/**
 * Makes `command` report an unknown option before a missing required one: commander checks the
 * required ones first, so `warrant verify --bogus` used to complain about `--contract`, sending
 * the user after the wrong mistake. The check moves to a pre-action hook, which commander runs
 * after its unknown-option check; the message and the exit code stay commander's own.
 */
export function unknownOptionsFirst(command: Command): void {
  const required = command.options.filter((option) => option.mandatory);
  if (required.length === 0) return;
  for (const option of required) option.mandatory = false;
  command.hook('preAction', (cmd) => {
    for (const option of required) {
      if (cmd.getOptionValue(option.attributeName()) === undefined) {
        cmd.error(`error: required option '${option.flags}' not specified`, { code: 'commander.missingMandatoryOptionValue', exitCode: EXIT_INPUT });
      }
    }
  });
}

/**
 * Runs `warrant` with `argv` (without `node` and the script). Errors the user can act on are
 * printed as sentences with their paths, never as stack traces; only bugs show a stack. The exit
 * code is decided by the error's fault alone (`input`, `configuration`: 2; `store`, `model`: 1).
 * `program` is the one {@link buildProgram} makes, unless a test hands in its own.
 */
export async function runCli(argv: readonly string[], io: CliIo, program?: Command): Promise<void> {
  // stdout carries only what a command prints (`--json` output is parsed by scripts).
  routeModelWarnings();
  try {
    await (program ?? (await buildProgram(io, argv))).parseAsync([...argv], { from: 'user' });
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
