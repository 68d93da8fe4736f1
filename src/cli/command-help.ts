import type { Command } from 'commander';

/** What `warrant CMD --help` adds after the options: examples to copy, and what each exit code means. */
export interface CommandHelp {
  /** Command lines a user can copy, each with what it does (`[line, what]`). */
  readonly examples: readonly (readonly [line: string, what: string])[];
  /** Every exit code the command can end with, and when (`[code, meaning]`). */
  readonly exitCodes: readonly (readonly [code: number, meaning: string])[];
}

/** The help's text for `help`: an Examples and an Exit codes section. */
export function helpText({ examples, exitCodes }: CommandHelp): string {
  const width = Math.max(...examples.map(([line]) => line.length));
  return [
    '',
    'Examples:',
    ...examples.flatMap(([line, what]) => (line.length + what.length > 100 ? [`  $ ${line}`, `      ${what}`] : [`  $ ${line.padEnd(width)}   ${what}`])),
    '',
    'Exit codes:',
    ...exitCodes.map(([code, meaning]) => `  ${code}  ${meaning}`),
  ].join('\n');
}

/** Adds {@link helpText} after `command`'s options in its `--help`. */
export function withHelp(command: Command, help: CommandHelp): Command {
  return command.addHelpText('after', helpText(help));
}
