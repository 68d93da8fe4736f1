import type { Command } from 'commander';
import { InputError, parseJsonText } from '../../errors.js';
import { skillTasksWithoutModel } from '../../deployment/deployment.js';
import {
  emptyProfile,
  emptyWiki,
  parseMatch,
  parseProfile,
  parseWiki,
  suggestEvidenceToJson,
  suggestReplies,
  type SuggestOutcome,
} from '../../suggest/index.js';
import { cliDeployment } from '../cli-deployment.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { readInputFile } from '../read-input-file.js';

/**
 * Exit code of `warrant suggest` when Warrant could not decide — no model configured, a model step
 * failing, fewer than three drafts surviving (`evidence.unavailable`): 3. The result is still
 * printed; 0 means the result is the match's situation (suggestions or a stop state), 1 a failure
 * and 2 bad input, as for every command.
 */
export const EXIT_UNAVAILABLE = 3;

interface SuggestFlags {
  wiki?: string;
  profile?: string;
  json?: boolean;
  evidence?: boolean;
  now?: string;
  analysisLanguage?: string;
  prompts?: string;
}

/**
 * `warrant suggest MATCH.json [--wiki F] [--profile F] [--json] [--evidence]`: runs the seven
 * gates and, when a model is configured for every suggestion skill, drafting and audits; prints
 * the result (exactly its JSON with `--json`; with `--evidence` beside its evidence). With no
 * model it still runs every gate, returns the stop state and says that generation needs a model.
 */
export function registerSuggest(program: Command, io: CliIo): void {
  const command = program
    .command('suggest')
    .description('decide whether to write to a match and, if so, print 3–5 audited reply suggestions')
    .argument('<match>', 'the Match (JSON file; - reads stdin)')
    .option('--wiki <file>', "the user's private Wiki (JSON file; - reads stdin)")
    .option('--profile <file>', "the user's profile: facts, classifications, private notes (JSON file; - reads stdin)")
    .option('--json', 'print exactly the result JSON')
    .option('--evidence', 'with --json: print { result, evidence }')
    .option('--now <iso>', 'the moment to measure silence against (default: now)')
    .option('--analysis-language <code>', 'analysis and rationales in en or lt (default: the match language)')
    .option('--prompts <dir>', 'a folder of prompt files replacing the built-in ones (<task>.<locale>.md, <task>.md)')
    .action(async (matchFile: string, flags: SuggestFlags) => {
      // Refused, not ignored: a script asking for the evidence would otherwise get the readable report and parse nothing.
      if (flags.evidence && !flags.json)
        throw new InputError('suggest arguments', [{ path: '--evidence', message: 'needs --json (the evidence is printed only beside the result JSON)' }]);
      const match = parseMatch(parseJsonText(await readInputFile(io, matchFile, 'match'), 'match'));
      const wiki = flags.wiki ? parseWiki(parseJsonText(await readInputFile(io, flags.wiki, 'wiki'), 'wiki')) : emptyWiki;
      const profile = flags.profile ? parseProfile(parseJsonText(await readInputFile(io, flags.profile, 'profile'), 'profile')) : emptyProfile;
      const now = flags.now === undefined ? Date.now() : Date.parse(flags.now);
      if (Number.isNaN(now)) throw new InputError('suggest arguments', [{ path: '--now', message: `not a date: ${flags.now}` }]);
      const analysisLanguage = flags.analysisLanguage;
      if (analysisLanguage !== undefined && analysisLanguage !== 'en' && analysisLanguage !== 'lt') {
        throw new InputError('suggest arguments', [{ path: '--analysis-language', message: 'expected en or lt' }]);
      }
      const deployment = cliDeployment(io, flags.prompts);
      const { skills } = deployment;
      const outcome = await suggestReplies({ match, wiki, profile, skills, now, ...(analysisLanguage ? { analysisLanguage } : {}) });
      // With its evidence: the sidecar's document (snake_case evidence), by the same serialiser.
      if (flags.json)
        io.out(JSON.stringify(flags.evidence ? { result: outcome.result, evidence: suggestEvidenceToJson(outcome.evidence) } : outcome.result, null, 2));
      else for (const line of readableSuggestions(outcome)) io.out(line);
      if (outcome.evidence.unavailable) {
        const { reason, step, failure, retryAfterSeconds } = outcome.evidence.unavailable;
        io.err(
          `warrant: no decision could be made (${reason}${step ? `: ${step} ${failure}` : ''})` +
            (retryAfterSeconds === null ? '.' : `; retrying in ${retryAfterSeconds} s may help.`),
        );
        io.exitCode(EXIT_UNAVAILABLE);
      }
      if (outcome.evidence.needsModel) {
        io.err(
          `warrant: generation needs a model: every gate ran, but no model is configured for ${skillTasksWithoutModel(deployment).join(', ')}. ` +
            'Set WARRANT_MODEL (or WARRANT_MODEL_<TASK>, e.g. WARRANT_MODEL_SUGGEST_DRAFT).',
        );
      }
    });
  withHelp(command, {
    examples: [
      ['warrant suggest match.json --wiki wiki.json --profile profile.json', 'the result, each gate and what the audits dropped'],
      ['cat match.json | warrant suggest - --json --evidence', 'the match from standard input; { result, evidence } as JSON'],
    ],
    exitCodes: [
      [0, 'a result was printed: suggestions or a stop state (without a model: the stop state the gates reach)'],
      [1, 'a model or the store failed'],
      [2, 'bad options (--evidence without --json), an unreadable file, or a refused match, wiki or profile'],
    ],
  });
}

/** The human report: the result, then each gate's decision and what the audits dropped. */
export function readableSuggestions({ result, evidence }: SuggestOutcome): string[] {
  const lines = [`result     ${result.resultType}`, `analysis   ${result.analysisSummary}`];
  if (result.resultType === 'clarification') lines.push(`question   ${result.question}`);
  result.suggestions.forEach((s, i) => {
    lines.push(`${i + 1}.         ${s.text}`, `           why: ${s.rationale}`);
  });
  lines.push('gates');
  for (const g of evidence.gates) lines.push(`  ${g.gate.padEnd(9)} ${g.decision.padEnd(11)} ${g.reason}`);
  const dropped = evidence.audits.filter((a) => !a.passed && a.candidate !== null);
  if (evidence.candidates.length > 0) {
    lines.push(`audits     ${evidence.candidates.filter((c) => c.kept).length} of ${evidence.candidates.length} drafted candidates kept`);
    for (const a of dropped) lines.push(`  candidate ${a.candidate} ${a.audit} (${a.by}): ${a.findings.map((f) => f.code).join(', ')}`);
  }
  lines.push(`model      ${evidence.calls.length} call(s)`);
  return lines;
}
