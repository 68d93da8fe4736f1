import type { CopyTexts } from '../../copy/index.js';
import { recordOfReceipt } from '../choose-ask.js';
import { runActs, type ActOutcome, type RecordDraft } from '../run-acts.js';
import type { StoredRecord } from '../stored-record.js';
import type { TurnContext } from '../turn-commit.js';
import type { Act, TurnInput, Understanding } from '../turn-input.js';
import type { WorkflowDefinition } from '../workflow.js';

/**
 * Every record the turn may act on or speak of, read once before it acts: the records of the
 * host's reports, of the acts, of the cards answered and of the receipts disputed, and the record
 * the previous turn's ask is waiting on. Pure.
 */
export function recordsTouched(input: TurnInput, understanding: Understanding, context: TurnContext): string[] {
  return [
    ...input.submissions.map((r) => r.record),
    ...understanding.acts.flatMap((a) => (a.record ? [a.record] : [])),
    ...understanding.cardResponses.map((r) => r.record),
    ...understanding.disputes.flatMap((d) => recordOfReceipt(d.receipt) ?? []),
    ...(context.ask?.awaiting ? [context.ask.awaiting.record] : []),
  ];
}

/** Everything {@link runTurnActs} reads besides the acts. */
export interface RunTurnActsOptions {
  readonly input: TurnInput;
  readonly context: TurnContext;
  /** The records as stored before the turn, by id ({@link recordsTouched}). */
  readonly records: ReadonlyMap<string, StoredRecord>;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  readonly locale: string;
  readonly texts: CopyTexts;
}

/**
 * The third phase: the host's reports, then the understood acts and the buttons pressed, run in
 * order against the records as they stood. Nothing is written: each act's outcome, and the drafts
 * the commit checks and writes. Pure.
 */
export function runTurnActs(
  acts: readonly Act[],
  { input, context, records, workflows, locale, texts }: RunTurnActsOptions,
): { outcomes: ActOutcome[]; drafts: RecordDraft[] } {
  return runActs(acts, {
    turnId: input.turnId,
    locale,
    copy: texts,
    workflows,
    records,
    awaited: context.ask?.awaiting ?? null,
    reports: input.submissions,
  });
}
