import type { RecordTurnIsOn } from './choose-ask.js';
import { codeTransition } from './code-transition.js';
import { workflowOf, type CompositionScope } from './composition-scope.js';
import type { OutcomeDocument } from './outcome-document.js';
import { factsOf } from './record-facts.js';
import type { TurnCommit } from './turn-commit.js';
import type { Understanding } from './turn-input.js';
import type { TurnPhase } from './turn-progress.js';
import type { AnswerBlock, NoticeBlock, TransitionBlock } from './turn-result.js';
import { unlessThrown } from './unless-thrown.js';
import { nounSlotsOf, pick } from './workflow.js';
import type { TurnWriter, ModelCall } from './writer.js';

/** What the transition phase needs. */
export interface WriteTransitionInput {
  /** The commit: turn id, tone, message, history, and what the understanding held. */
  readonly commit: TurnCommit;
  readonly outcome: OutcomeDocument;
  readonly answers: readonly AnswerBlock[];
  readonly notices: readonly NoticeBlock[];
  /** The record the turn is on, whose phase picks the workflow's guidance. */
  readonly on: RecordTurnIsOn | null;
  readonly scope: CompositionScope;
  /** Writes the acknowledgement; without one, code's own words stand. */
  readonly writer?: TurnWriter | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Told `acknowledging` when a writer is asked, then the writer's own phases. */
  readonly onPhase?: ((phase: TurnPhase) => void) | undefined;
}

/** The transition block and the writer's calls. */
export interface WrittenTransition {
  readonly transition: TransitionBlock;
  readonly calls: readonly ModelCall[];
}

/**
 * The transition phase: the reply the user reads. Code's own words always come first (what was
 * done, the answers, the notices, the ask); a writer, when given, is asked for an acknowledgement
 * in their place — unless the turn only answers questions, whose reply is the answers as written.
 * A writer that fails or throws leaves code's words standing with the reason recorded.
 */
export async function writeTransition(input: WriteTransitionInput): Promise<WrittenTransition> {
  const { commit, outcome, answers, notices, scope, writer, signal, onPhase } = input;
  const answersOnly = onlyAnswers(commit.understanding);
  const nounOf = (key: string) => {
    const workflow = scope.workflows.get(key);
    return workflow && nounSlotsOf(workflow, scope.locale);
  };
  const codeWords = codeTransition({ outcome, answers, notices, ask: outcome.ask, card: outcome.card, copy: scope.copy, answersOnly, nounOf });
  if (!writer || answersOnly) return { transition: transitionBlock(codeWords, 'code', null), calls: [] };
  onPhase?.('acknowledging');
  const written = await unlessThrown(() =>
    writer.acknowledge({
      turnId: commit.turnId,
      locale: scope.locale,
      tone: commit.tone,
      outcome,
      answers: answers.map(({ question: _words, ...rest }) => rest),
      notices,
      card: outcome.card,
      ask: outcome.ask,
      guidance: guidanceFor(input.on, scope),
      message: outcome.notDone.length === 0 && !commit.acts.some((a) => a.status === 'awaiting') ? commit.message : null,
      history: commit.context.history,
      codeWords,
      reportPhase: (p) => onPhase?.(p),
      ...(signal ? { signal } : {}),
    }),
  );
  const transition = written.ok ? transitionBlock(written.text, 'writer', null) : transitionBlock(codeWords, 'code', written.reason);
  return { transition, calls: written.calls };
}

/** True when the message held questions and nothing else: the reply is the answers as written. */
export function onlyAnswers(u: Understanding): boolean {
  return (
    u.questions.length > 0 &&
    u.acts.length === 0 &&
    u.disputes.length === 0 &&
    u.cardResponses.length === 0 &&
    u.unread.length === 0 &&
    u.attachments.length === 0
  );
}

/** The workflow's guidance for the phase the record the turn is on is in, in the turn's language. */
export function guidanceFor(on: RecordTurnIsOn | null, scope: CompositionScope): string | null {
  const record = on ? scope.records.get(on.recordId) : undefined;
  const workflow = on ? workflowOf(scope, on.recordId) : undefined;
  const phase = record && workflow ? factsOf(record, workflow, scope.locale).phase : null;
  const text = phase && workflow?.guidance?.[phase];
  return text ? (pick(text, scope.locale) ?? null) : null;
}

function transitionBlock(text: string, writtenBy: TransitionBlock['writtenBy'], fallbackReason: string | null): TransitionBlock {
  return { kind: 'transition', id: 'transition', text, writtenBy, fallbackReason };
}
