import type { Command } from 'commander';
import { replayFixtures } from '../../replay/index.js';
import type { CliIo } from '../io.js';

/** `warrant start`: what `npm start` runs on the embedded defaults. */
export function registerStart(program: Command, io: CliIo): void {
  program
    .command('start')
    .description('the main job on embedded defaults (PGlite, no model)')
    .action(async () => {
      const outcomes = await replayFixtures(undefined, {
        onOutcome: (o) => io.out(`${o.passed ? 'pass' : 'FAIL'}  ${o.name}`),
      });
      const failed = outcomes.filter((o) => !o.passed).length;
      io.out(`${outcomes.length - failed} passed, ${failed} failed`);
      if (failed > 0) io.exitCode(1);
    });
}
