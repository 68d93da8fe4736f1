import { formatSentence, type CopyTexts } from '../../copy/index.js';
import { recordOfReceipt } from '../choose-ask.js';
import type { DisputeEntry, NotDoneEntry } from '../outcome-document.js';
import { reportOperation, type ActOutcome, type RecordDraft } from '../run-acts.js';
import type { CommittedEvent } from '../stored-record.js';
import type { TurnCommit, TurnContext } from '../turn-commit.js';
import type { TurnInput, TurnInputJson, Understanding } from '../turn-input.js';
import type { TurnResult } from '../turn-result.js';
import type { TurnStore } from '../turn-store.js';
import type { TurnUnderstanding } from './understand-turn.js';
import { nounSlotsOf, pick, type WorkflowDefinition } from '../workflow.js';

/** Everything a turn decided before its commit. */
export interface DecidedTurn {
  readonly input: TurnInput;
  /** The turn's wire form (its snake_case JSON, defaults written out), stored with the commit. */
  readonly json: TurnInputJson;
  readonly locale: string;
  readonly context: TurnContext;
  readonly understood: TurnUnderstanding;
  readonly outcomes: readonly ActOutcome[];
  readonly drafts: readonly RecordDraft[];
  /** Not-done entries that are not acts: declined or unknown cards, unknown receipts. */
  readonly otherNotDone: readonly NotDoneEntry[];
  readonly declinedCards: readonly { readonly recordId: string; readonly card: string }[];
  readonly disputes: readonly DisputeEntry[];
}

/** Everything {@link commitTurn} needs besides the decided turn. */
export interface CommitTurnOptions {
  readonly store: TurnStore;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  readonly texts: CopyTexts;
  /**
   * Composes the turn inside its commit, its result written with it (see `TurnStore.commit`):
   * given only when composing calls no model.
   */
  readonly compose?: ((commit: TurnCommit, events: readonly CommittedEvent[]) => Promise<TurnResult>) | undefined;
}

/**
 * The fifth phase: the turn's drafts, its commit and its turn id are written in one transaction.
 * An applied act whose record another turn moved first becomes a `conflict` and writes nothing.
 * `committed: false` when another submission of the same turn id committed first.
 */
export function commitTurn(
  turn: DecidedTurn,
  { store, workflows, texts, compose }: CommitTurnOptions,
): Promise<{ committed: true; commit: TurnCommit; events: CommittedEvent[]; result: TurnResult | null } | { committed: false }> {
  const { input, locale, understood } = turn;
  return store.commit({
    turnId: input.turnId,
    conversationId: input.conversationId,
    input: turn.json,
    drafts: turn.drafts,
    snapshot: snapshotOf(turn.context, understood.understanding, turn.outcomes),
    compose,
    build: (conflicted, records) => ({
      turnId: input.turnId,
      conversationId: input.conversationId,
      locale,
      tone: input.tone,
      message: input.message ?? null,
      understanding: understood.understanding,
      understandingFailure: understood.understandingFailure,
      understandingCalls: understood.understandingCalls,
      acts: turn.outcomes.map((o) => (o.status === 'applied' && conflicted.has(o.recordId) ? asConflict(o, workflows, locale, texts) : o)),
      otherNotDone: turn.otherNotDone,
      disputes: turn.disputes,
      declinedCards: turn.declinedCards,
      context: turn.context,
      records,
    }),
  });
}

/**
 * The records a commit holds as they stand after it: those in view, the one the last reply was
 * about, every record an act reached or awaits, and those questions, cards and disputes name.
 */
export function snapshotOf(context: TurnContext, understanding: Understanding, outcomes: readonly ActOutcome[]): string[] {
  return [
    ...context.inView,
    ...(context.aboutRecord ? [context.aboutRecord] : []),
    ...outcomes.flatMap((o) => (o.status === 'awaiting' ? [o.awaiting.record] : o.recordId ? [o.recordId] : [])),
    ...understanding.questions.flatMap((q) => q.records),
    ...understanding.cardResponses.map((r) => r.record),
    ...understanding.disputes.flatMap((d) => recordOfReceipt(d.receipt) ?? []),
  ];
}

/** An applied act whose record another turn moved first: not done, named by its operation's label. */
export function asConflict(
  outcome: Extract<ActOutcome, { status: 'applied' }>,
  workflows: ReadonlyMap<string, WorkflowDefinition>,
  locale: string,
  texts: CopyTexts,
): ActOutcome {
  const workflow = workflows.get(outcome.workflow)!;
  const operation = workflow.operations[outcome.operation];
  // A host's report on a submission is named by the submission's label.
  const submission = workflow.submissions?.find((d) => reportOperation(d.key) === outcome.operation);
  const label = (operation ? pick(operation.label, locale) : submission && pick(submission.label, locale)) ?? outcome.operation;
  return {
    status: 'not_done',
    code: 'conflict',
    text: formatSentence(texts.notice.conflict, { operation: label, record: outcome.recordId }, nounSlotsOf(workflow, locale)),
    recordId: outcome.recordId,
    workflow: outcome.workflow,
    operation: outcome.operation,
  };
}
