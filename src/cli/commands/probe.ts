import type { Command } from 'commander';
import { readContract } from '../../contract/index.js';
import { probeContract, probeReportToJson, type ProbeReport } from '../../probe/index.js';
import { InputError, parseJsonText } from '../../errors.js';
import { cliDeployment } from '../cli-deployment.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { readInputFile } from '../read-input-file.js';

/** Exit code of `warrant probe` when it found holes. */
export const EXIT_FINDINGS = 1;

/**
 * `warrant probe --contract FILE [--json] [--candidates N] [--prompts DIR]`: reports a contract's
 * holes (disguises it would accept, weak terms, and — with a model configured through
 * `WARRANT_MODEL` or a `probe` task profile — paraphrase attacks it accepts), each with a
 * candidate that demonstrates it. Exit 0 with no findings, 1 with findings, 2 for bad input.
 */
export function registerProbe(program: Command, io: CliIo): void {
  const command = program
    .command('probe')
    .description("report a reply contract's holes, each with a candidate that demonstrates it")
    .requiredOption('--contract <file>', 'the Reply Contract (JSON file; - reads stdin)')
    .option('--json', 'print exactly the probe report JSON')
    .option('--candidates <n>', 'how many paraphrase candidates to ask the model for (default 8)')
    .option('--prompts <dir>', 'a folder of prompts (probe.md replaces the built-in instructions)')
    .action(async (options: { contract: string; json?: boolean; candidates?: string; prompts?: string }) => {
      const count = options.candidates === undefined ? 8 : Number(options.candidates);
      if (!Number.isInteger(count) || count < 1 || count > 64) {
        throw new InputError('probe arguments', [{ path: '--candidates', message: 'a whole number from 1 to 64' }]);
      }
      const contractText = await readInputFile(io, options.contract, 'reply contract');
      const { contract, warnings } = readContract(parseJsonText(contractText, 'reply contract'));
      for (const w of warnings) io.err(`warrant: warning: ${w.path}: ${w.message}`);
      const { paraphrase } = cliDeployment(io, options.prompts);
      const report = await probeContract(contract, { paraphrase, paraphraseCount: count });
      if (options.json) io.out(JSON.stringify(probeReportToJson(report), null, 2));
      else for (const line of readableProbe(report)) io.out(line);
      if (report.findings.length > 0) io.exitCode(EXIT_FINDINGS);
    });
  withHelp(command, {
    examples: [
      ['warrant probe --contract contract.json', 'a readable report of the holes found'],
      ['WARRANT_MODEL=… warrant probe --contract contract.json --json', 'with paraphrase attacks by the model, as JSON'],
    ],
    exitCodes: [
      [0, 'no finding'],
      [1, 'findings (each with a candidate that demonstrates it), or a model failure'],
      [2, 'bad options, an unreadable file, or a refused contract'],
    ],
  });
}

function readableProbe(report: ProbeReport): string[] {
  const lines = [`contract   ${report.contractVersion}: ${report.findings.length === 0 ? 'no findings' : `${report.findings.length} findings`}`];
  for (const f of report.findings) {
    lines.push(`${f.kind.padEnd(26)}${f.paths.join(', ')}${f.disguises ? `  (${f.disguises.join(' + ')})` : ''}`);
    lines.push(`  ${f.message}`);
    lines.push(`  candidate: ${f.candidate}`);
  }
  for (const note of report.notes) lines.push(`note       ${note}`);
  return lines;
}
