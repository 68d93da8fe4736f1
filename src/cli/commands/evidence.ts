import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { eraseConversation } from '../../evidence/erase-conversation.js';
import { pruneEvidence } from '../../evidence/prune-evidence.js';
import { verifyEvidence, type EvidenceReport } from '../../evidence/verify-evidence.js';
import { exportEvidence } from '../../server/evidence-export.js';
import { openStore, storeOptionsFromEnv, type Database } from '../../store/index.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { EXIT_FAILURE } from '../program.js';

/** Reads an ISO 8601 time given as `option`, or refuses it naming the option. */
export function parseIsoOption(value: string | undefined, option: string): Date | undefined {
  if (value === undefined) return undefined;
  const ms = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new InputError('evidence arguments', [{ path: option, message: `must be an ISO 8601 date or date-time, got ${JSON.stringify(value)}` }]);
  return new Date(ms);
}

/** Opens the store the environment names, runs `work`, and closes it whatever happens. */
async function withStore<T>(io: CliIo, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStore(storeOptionsFromEnv(io.env, io.cwd));
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** The readable lines of a verification report. */
export function evidenceReportLines(report: EvidenceReport): string[] {
  const lines: string[] = [];
  for (const t of report.tenants) {
    lines.push(`tenant ${t.tenantId}: ${t.rows} rows, ${t.seals} seals in ${t.chains} chains${report.since ? ` since ${report.since}` : ''}`);
    for (const e of t.erasures) lines.push(`  erased  ${e.rowCount} rows by ${e.requestedBy} at ${e.requestedAt} (${e.id})`);
    for (const p of t.pruned) {
      lines.push(
        p.chainId === '*'
          ? `  pruned  ${p.rowCount} rows written before ${p.prunedBefore}, at ${p.prunedAt}, by ${p.rule}`
          : `          chain ${p.chainId} starts after seal ${p.throughSeq} (${p.rowCount} sealed rows pruned)`,
      );
    }
  }
  for (const p of report.problems) lines.push(`${p.kind.toUpperCase().padEnd(12)} tenant ${p.tenantId} ${p.table} ${p.id}: ${p.detail}`);
  lines.push(report.ok ? 'evidence intact' : `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} found`);
  return lines;
}

/**
 * `warrant evidence verify|erase`: the evidence store's integrity and lifetime (W13), against the
 * store `DATABASE_URL` or `WARRANT_DATA_DIR` names. `verify` exits 1 when anything is wrong.
 */
export function registerEvidence(program: Command, io: CliIo): void {
  const evidence = program.command('evidence').description('verify, erase, prune and export stored evidence (tamper-evident, W13)');
  withHelp(evidence, {
    examples: [
      ['warrant evidence verify', "recompute every tenant's seals; exit 1 if any row was changed, deleted, inserted or reordered outside Warrant"],
      ['warrant evidence export --tenant acme --since 2026-11-01T00:00:00Z > acme.ndjson', "one tenant's evidence as NDJSON, each record with its proof"],
      ['warrant evidence prune --before 2026-06-01T00:00:00Z', 'remove what is older, leaving checkpoints'],
      ['warrant evidence erase --tenant acme --conversation c-42 --by "ticket 1234"', 'erase one conversation on request'],
    ],
    exitCodes: EXIT_CODES,
  });
  const verify = evidence
    .command('verify')
    .description('recompute the evidence seals and report every row changed, deleted, inserted or reordered outside Warrant (exit 1 if any)')
    .option('--tenant <id>', 'only this tenant (default every tenant)')
    .option('--since <iso>', 'only evidence from this time on')
    .option('--json', 'print the report as JSON')
    .action(async (options: { tenant?: string; since?: string; json?: boolean }) => {
      const since = parseIsoOption(options.since, '--since');
      const report = await withStore(io, (db) => verifyEvidence(db, { tenantId: options.tenant, since }));
      if (options.json) io.out(JSON.stringify(report, null, 2));
      else for (const line of evidenceReportLines(report)) io.out(line);
      if (!report.ok) io.exitCode(EXIT_FAILURE);
    });
  withHelp(verify, {
    examples: [
      ['warrant evidence verify --tenant acme --since 2026-11-01T00:00:00Z', 'one tenant, from a time on'],
      ['warrant evidence verify --json', 'the report as JSON: every problem by tenant, table and id'],
    ],
    exitCodes: EXIT_CODES,
  });
  const exporting = evidence
    .command('export')
    .description("print a tenant's evidence as NDJSON (wire forms, each with its integrity proof and a cursor to resume after it)")
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--since <iso>', 'only records from this time on')
    .option('--cursor <cursor>', 'resume after the line that carried this cursor')
    .action(async (options: { tenant: string; since?: string; cursor?: string }) => {
      const since = parseIsoOption(options.since, '--since');
      await withStore(io, async (db) => {
        for await (const line of exportEvidence(db, { tenantId: options.tenant, since, cursor: options.cursor })) io.out(line.slice(0, -1));
      });
    });
  withHelp(exporting, {
    examples: [
      ['warrant evidence export --tenant acme > acme.ndjson', 'everything of tenant acme'],
      ['warrant evidence export --tenant acme --cursor "$(tail -n 1 acme.ndjson | jq -r .cursor)"', 'resume after the last line received'],
    ],
    exitCodes: EXIT_CODES,
  });
  const prune = evidence
    .command('prune')
    .description('remove evidence written before a time, leaving checkpoints that verification accepts and shows')
    .requiredOption('--before <iso>', 'remove what was written before this time')
    .option('--tenant <id>', 'only this tenant (default every tenant)')
    .option('--json', 'print what was removed as JSON')
    .action(async (options: { before: string; tenant?: string; json?: boolean }) => {
      const before = parseIsoOption(options.before, '--before')!;
      const pruned = await withStore(io, (db) =>
        pruneEvidence(db, { before, tenantId: options.tenant, rule: `warrant evidence prune --before ${before.toISOString()}` }),
      );
      if (options.json) io.out(JSON.stringify(pruned, null, 2));
      else {
        for (const p of pruned) {
          const rows = Object.entries(p.rows).filter(([, n]) => n > 0);
          io.out(
            `tenant ${p.tenantId}: ${rows.length === 0 ? 'nothing before the cutoff' : rows.map(([table, n]) => `${n} ${table}`).join(', ')}; ${p.seals} seals replaced by ${p.checkpoints} checkpoints`,
          );
        }
      }
    });
  withHelp(prune, {
    examples: [
      ['warrant evidence prune --before 2026-06-01T00:00:00Z --json', 'what was removed, per tenant, as JSON'],
      ['warrant evidence prune --before 2026-06-01T00:00:00Z --tenant acme', 'one tenant only'],
    ],
    exitCodes: EXIT_CODES,
  });
  const erase = evidence
    .command('erase')
    .description("erase a conversation's (or a Match's) turns, events and suggestion records for one tenant, leaving an erasure record")
    .requiredOption('--tenant <id>', 'the tenant whose conversation it is')
    .requiredOption('--conversation <id>', 'the conversation id (or Match id)')
    .option('--by <name>', 'who asked, kept in the erasure record', 'warrant evidence erase')
    .option('--json', 'print the outcome as JSON')
    .action(async (options: { tenant: string; conversation: string; by: string; json?: boolean }) => {
      const outcome = await withStore(io, (db) =>
        eraseConversation(db, { tenantId: options.tenant, conversationId: options.conversation, requestedBy: options.by }),
      );
      if (options.json) io.out(JSON.stringify(outcome, null, 2));
      else if (outcome.erasureId === null) {
        io.out(
          outcome.earlier.length > 0
            ? `nothing to erase: conversation ${options.conversation} of tenant ${options.tenant} was already erased (${outcome.earlier.map((e) => `${e.rowCount} rows at ${e.requestedAt}, ${e.id}`).join('; ')})`
            : `nothing to erase: tenant ${options.tenant} has no evidence of conversation ${options.conversation}`,
        );
      } else {
        const r = outcome.rows;
        io.out(
          `erased ${outcome.rowCount} rows of conversation ${options.conversation} (${r.turns} turns, ${r.turnEvents} events, ${r.turnRecords} records, ${r.suggestions} suggestion results); erasure record ${outcome.erasureId}`,
        );
      }
    });
  withHelp(erase, {
    examples: [
      [
        'warrant evidence erase --tenant acme --conversation c-42 --by "privacy request 1234"',
        'erase one conversation; a second erase says it was done already',
      ],
      ['warrant evidence erase --tenant acme --conversation m-7 --json', "a Match's suggestion records, the outcome as JSON"],
    ],
    exitCodes: EXIT_CODES,
  });
}

/** What every `warrant evidence` command exits with. */
const EXIT_CODES: readonly (readonly [number, string])[] = [
  [0, 'done (verify: every row checks)'],
  [1, 'verify found a row changed, deleted, inserted or reordered outside Warrant; or the store failed'],
  [2, 'bad options (an unreadable time, a missing --tenant)'],
];
