import type { ServerCopy } from '../copy/index.js';
import { answerQuestions } from './answer-questions.js';
import { ClaimRefusedError, claimGuard } from './claim-guard.js';
import type { CompositionScope } from './composition-scope.js';
import { gatherOutcome } from './gather-outcome.js';
import type { OutcomeDocument } from './outcome-document.js';
import { renderReceipts } from './render-receipts.js';
import type { CommittedEvent } from './stored-record.js';
import type { TurnCommit } from './turn-commit.js';
import { turnAsk } from './turn-ask.js';
import { turnFocus } from './turn-focus.js';
import { turnNotices } from './turn-notices.js';
import type { TurnPhase } from './turn-progress.js';
import type { TurnResult } from './turn-result.js';
import type { WorkflowDefinition } from './workflow.js';
import type { KnowledgeSource, TurnWriter } from './writer.js';
import { writeTransition } from './write-transition.js';

/** What composing a turn needs besides the turn itself. */
export interface ComposeOptions {
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  readonly copy: ServerCopy;
  /** Writes the words around the turn. Default none: code's own words. */
  readonly writer?: TurnWriter;
  /** Asked once per question before its answer is written, when a writer is given. */
  readonly knowledge?: KnowledgeSource;
  /** Called as composition enters each phase. */
  readonly onPhase?: (phase: TurnPhase) => void;
  readonly signal?: AbortSignal;
}

/**
 * Composes a committed turn, phase by phase: receipts from the events that committed (W1), where
 * the turn stands, the outcome document, the ask, one answer per question (W3), the transition,
 * then the claim guard. Depends on nothing but the commit and its events, so running it again
 * after a crash gives the same blocks. A writer, when given, is only ever called here, after the
 * commit (W4).
 */
export async function composeTurn(commit: TurnCommit, events: readonly CommittedEvent[], options: ComposeOptions): Promise<TurnResult> {
  // One deadline for the whole composition: every writer call of this turn shares the clock.
  const signal = compositionSignal(options.signal, options.writer?.deadlineMs);
  const { writer, knowledge, onPhase } = options;
  const scope: CompositionScope = {
    locale: commit.locale,
    copy: options.copy.texts(commit.locale),
    workflows: options.workflows,
    records: new Map(commit.records.map((r) => [r.id, r])),
  };

  const { turnEvents, receipts, submissionsNotDone } = renderReceipts(commit.turnId, events, scope);
  const { inView, on } = turnFocus(commit, scope);
  const { done, notDone, disputes, starting, card } = gatherOutcome(commit, { receipts, submissionsNotDone }, on, scope);
  const ask = turnAsk(commit, { inView, on }, card !== null, scope);
  const outcome: OutcomeDocument = { done, notDone, disputes, starting, ask, card };
  const notices = turnNotices(commit, notDone, scope);

  if (writer && commit.understanding.questions.length > 0) onPhase?.('answering');
  const answered = await answerQuestions({ commit, inView, scope, writer, knowledge, signal, ask });
  const written = await writeTransition({ commit, outcome, answers: answered.answers, notices, on, scope, writer, signal, onPhase });

  const result: TurnResult = {
    turnId: commit.turnId,
    conversationId: commit.conversationId,
    locale: commit.locale,
    blocks: [
      ...receipts,
      ...notices,
      ...answered.answers,
      ...(card ? [{ kind: 'card' as const, id: `card:${card.recordId}:${card.card}`, ...card }] : []),
      written.transition,
    ],
    outcome,
    ask,
    aboutRecord: ask?.recordId ?? on?.recordId ?? commit.context.aboutRecord,
    inView,
    evidence: {
      modelCalls: [...commit.understandingCalls, ...answered.calls, ...written.calls],
      understandingFailure: commit.understandingFailure,
      eventsCommitted: turnEvents.length,
    },
  };
  onPhase?.('guarding');
  const verdict = claimGuard(result, events);
  if (!verdict.ok) throw new ClaimRefusedError(verdict);
  return result;
}

/** The caller's signal, the writer's deadline, both, or neither. */
function compositionSignal(caller: AbortSignal | undefined, deadlineMs: number | undefined): AbortSignal | undefined {
  const deadline = deadlineMs === undefined ? undefined : AbortSignal.timeout(deadlineMs);
  if (caller && deadline) return AbortSignal.any([caller, deadline]);
  return caller ?? deadline;
}
