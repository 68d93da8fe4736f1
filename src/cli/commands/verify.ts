import type { Command } from 'commander';
import { effectToJson, governReply, readContract, type IndexedCandidateVerdict, type ReplyEffect } from '../../contract/index.js';
import { InputError, parseJsonText } from '../../errors.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { readInputFile } from '../read-input-file.js';

type CandidateSource = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'text'; readonly text: string };

/**
 * `warrant verify --contract FILE (--candidate FILE | --candidate-text TEXT)… [--json]`:
 * governs the candidates (in the order given, files and texts interleaved) under the contract
 * and prints the Reply Effect — exactly its JSON with `--json`, a readable report otherwise.
 * Exit 0 whenever an effect was produced, accepted or fallback; 2 for an unreadable or refused
 * contract, with the path of what is wrong on stderr.
 */
export function registerVerify(program: Command, io: CliIo): void {
  // Both candidate options feed one list so their order on the command line is kept.
  const sources: CandidateSource[] = [];
  const command = program
    .command('verify')
    .description('verify candidate replies against a reply contract and print the Reply Effect')
    .requiredOption('--contract <file>', 'the Reply Contract v0 or v1 (JSON file; - reads stdin)')
    .option('--candidate <file>', 'a file holding one candidate reply, read exactly (repeatable; - reads stdin)', (path: string) => {
      sources.push({ kind: 'file', path });
    })
    .option('--candidate-text <text>', 'one candidate reply given inline (repeatable)', (text: string) => {
      sources.push({ kind: 'text', text });
    })
    .option('--json', 'print exactly the effect JSON')
    .action(async (options: { contract: string; json?: boolean }) => {
      if (sources.length === 0) {
        throw new InputError('verify arguments', [{ path: '--candidate', message: 'give at least one --candidate FILE or --candidate-text TEXT' }]);
      }
      const contractText = await readInputFile(io, options.contract, 'reply contract');
      const { contract, warnings } = readContract(parseJsonText(contractText, 'reply contract'));
      for (const w of warnings) io.err(`warrant: warning: ${w.path}: ${w.message}`);
      const candidates: string[] = [];
      for (const source of sources) {
        candidates.push(source.kind === 'text' ? source.text : await readInputFile(io, source.path, 'candidate'));
      }
      const effect = governReply(contract, candidates);
      if (options.json) io.out(JSON.stringify(effectToJson(effect), null, 2));
      else for (const line of readableReport(effect, candidates)) io.out(line);
    });
  withHelp(command, {
    examples: [
      ['warrant verify --contract contract.json --candidate reply.txt', 'a readable report: each candidate, its violations marked'],
      ['warrant verify --contract contract.json --candidate-text "…" --candidate-text "…" --json', 'exactly the Reply Effect JSON'],
      ['generate-reply | warrant verify --contract contract.json --candidate - --json', 'the candidate from standard input'],
    ],
    exitCodes: [
      [0, 'an effect was produced, accepted or fallback (read its status)'],
      [2, 'bad options, an unreadable file, or a refused contract (its JSON path on stderr)'],
    ],
  });
}

/** The human report: each candidate's verdict with its forbidden occurrences marked ⟦thus⟧. */
function readableReport(effect: ReplyEffect, candidates: readonly string[]): string[] {
  const lines = [`contract   ${effect.interactionKind} (${effect.contractVersion}), authority ${effect.authorityStatus}`];
  for (const verdict of effect.candidates) {
    const selected = effect.selectedCandidate === verdict.index;
    lines.push(`candidate ${verdict.index}  ${verdict.passed ? (selected ? 'passed, selected' : 'passed') : 'REJECTED'}`);
    lines.push(...violationLines(verdict));
    if (verdict.forbiddenMatches.length > 0) lines.push(`  marked                  ${marked(candidates[verdict.index]!, verdict)}`);
    // v1: which disguise each occurrence wore, so the reader sees why a look-alike was caught.
    for (const m of verdict.forbiddenMatches) {
      if (m.disguises && m.disguises.length > 0) {
        lines.push(`  disguised               ${quote(m.term)} at [${m.start}, ${m.end}) as ${m.disguises.join(', ')}`);
      }
    }
    for (const hint of verdict.normalizationHints) {
      lines.push(`  nfc hint                ${hint.list} ${quote(hint.term)} would match if both sides were NFC-normalized`);
    }
  }
  lines.push(
    effect.status === 'accepted'
      ? `status     accepted: candidate ${effect.selectedCandidate} is shown`
      : `status     fallback: ${effect.candidates.length === 0 ? 'no candidate was given' : 'no candidate passed'}; the approved fallback is shown`,
  );
  lines.push(`body       ${effect.body}`);
  return lines;
}

function violationLines(v: IndexedCandidateVerdict): string[] {
  const rows: [string, readonly string[]][] = [
    ['missing must_include', v.missingMustInclude],
    ['missing must_ask', v.missingMustAsk],
    ['missing canonical_terms', v.missingCanonicalTerms],
    ['forbidden present', v.forbiddenTermsPresent],
  ];
  return rows.filter(([, terms]) => terms.length > 0).map(([label, terms]) => `  ${label.padEnd(24)}${terms.map(quote).join(', ')}`);
}

/** The candidate with every forbidden occurrence bracketed; overlapping occurrences share one bracket. */
function marked(candidate: string, v: IndexedCandidateVerdict): string {
  const spans: [number, number][] = [];
  for (const { start, end } of v.forbiddenMatches) {
    const last = spans.at(-1);
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += `${candidate.slice(at, start)}⟦${candidate.slice(start, end)}⟧`;
    at = end;
  }
  return out + candidate.slice(at);
}

function quote(term: string): string {
  return `「${term}」`;
}
