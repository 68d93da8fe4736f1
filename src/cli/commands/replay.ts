import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { builtInReplayers } from '../../built-in-replayers.js';
import { replayFixtures, type ReplayOutcome, type ReplayProgress } from '../../replay/index.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { readInputFile, STDIN_PATH } from '../read-input-file.js';

/** `warrant replay --json`'s document: the tally and every outcome, in path order. */
export interface ReplayReportJson {
  passed: number;
  failed: number;
  outcomes: { name: string; file: string; passed: boolean; differences: readonly string[] }[];
}

/** The JSON `warrant replay --json` prints for `outcomes`. */
export function replayReportJson(outcomes: readonly ReplayOutcome[]): ReplayReportJson {
  const failed = outcomes.filter((o) => !o.passed).length;
  return {
    passed: outcomes.length - failed,
    failed,
    outcomes: outcomes.map(({ name, file, passed, differences }) => ({ name, file, passed, differences })),
  };
}

/**
 * One line per outcome for a reader: `pass  name` (`FAIL` with its differences below), prefixed
 * with `n/N` only when a person watches (`interactive`) — piped, the lines stay the same from run
 * to run, so they diff and grep cleanly.
 */
export function outcomeLines(o: ReplayOutcome, { done, total }: ReplayProgress, interactive: boolean): string[] {
  const at = interactive ? `${String(done).padStart(String(total).length)}/${total}  ` : '';
  return [`${at}${o.passed ? 'pass' : 'FAIL'}  ${o.name}`, ...o.differences.map((d) => `${' '.repeat(at.length)}      ${d}`)];
}

/**
 * `warrant replay [PATH…] [--json]`: replays recorded scenarios offline; exit 1 on any mismatch.
 * `-` replays one fixture read from standard input.
 */
export function registerReplay(program: Command, io: CliIo): void {
  const command = program
    .command('replay')
    .description('replay recorded scenarios (default: every built-in one) with no model, provider or host')
    .argument('[paths...]', 'fixture files or folders (- reads one fixture from stdin)')
    .option('--json', 'print the tally and every outcome as one JSON document')
    .action(async (paths: string[], options: { json?: boolean }) => {
      const interactive = io.interactive === true;
      let scratch: string | undefined;
      try {
        const resolved: string[] = [];
        for (const path of paths) {
          if (path !== STDIN_PATH) {
            resolved.push(resolve(io.cwd, path));
            continue;
          }
          // The replay runner reads files by path, and names a broken fixture by its path: stdin
          // becomes one file in a private temporary folder, removed when the replay ends.
          scratch ??= await mkdtemp(join(tmpdir(), 'warrant-replay-'));
          const file = join(scratch, 'stdin.json');
          await writeFile(file, await readInputFile(io, path, 'fixture'), { mode: 0o600 });
          resolved.push(file);
        }
        const outcomes = await replayFixtures(resolved.length > 0 ? resolved : undefined, {
          replayers: await builtInReplayers(),
          onOutcome: (o, progress) => {
            if (!options.json) for (const line of outcomeLines(o, progress, interactive)) io.out(line);
            else if (interactive) io.err(`warrant: replayed ${progress.done}/${progress.total}`);
          },
        });
        const report = replayReportJson(outcomes);
        if (options.json) io.out(JSON.stringify(report, null, 2));
        else io.out(`${report.passed} passed, ${report.failed} failed`);
        if (report.failed > 0) io.exitCode(1);
      } finally {
        if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
      }
    });
  withHelp(command, {
    examples: [
      ['warrant replay', 'every built-in scenario; n/N progress on a terminal'],
      ['warrant replay fixtures/turns my-fixture.json --json', 'some scenarios, the outcomes as JSON'],
      ['cat my-fixture.json | warrant replay -', 'one fixture from standard input'],
    ],
    exitCodes: [
      [0, 'every scenario produced what it records'],
      [1, 'a scenario differed (its differences are printed)'],
      [2, 'a fixture could not be read: missing, not JSON, an unknown fixture_kind, or refused by its schema'],
    ],
  });
}
