import { builtInReplayers } from '../../built-in-replayers.js';
import type { Command } from 'commander';
import { replayFixtures } from '../../replay/index.js';
import type { CliIo } from '../io.js';

/** `warrant replay [PATH…]`: replays recorded scenarios offline; exit 1 on any mismatch. */
export function registerReplay(program: Command, io: CliIo): void {
  program
    .command('replay')
    .description('replay recorded scenarios (default: every built-in one) with no model, provider or host')
    .argument('[paths...]', 'fixture files or folders')
    .action(async (paths: string[]) => {
      const outcomes = await replayFixtures(paths.length > 0 ? paths : undefined, {
        replayers: await builtInReplayers(),
        onOutcome: (o) => {
          io.out(`${o.passed ? 'pass' : 'FAIL'}  ${o.name}`);
          for (const d of o.differences) io.out(`      ${d}`);
        },
      });
      const failed = outcomes.filter((o) => !o.passed).length;
      io.out(`${outcomes.length - failed} passed, ${failed} failed`);
      if (failed > 0) io.exitCode(1);
    });
}
