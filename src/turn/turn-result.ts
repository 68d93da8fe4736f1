import type { Ask, CardOnScreen, OutcomeDocument } from './outcome-document.js';
import type { QuestionKind } from './turn-input.js';
import type { WriterCall } from './writer-call.js';

/** A receipt: one committed event, rendered through its workflow's receipts (W1). */
export interface ReceiptBlock {
  readonly kind: 'receipt';
  /** `receipt:{record}:{revision}`: an event's revision is unique per record, so is this id. */
  readonly id: string;
  readonly recordId: string;
  readonly workflow: string;
  readonly eventType: string;
  /** The revision the event produced. */
  readonly revision: number;
  readonly title: string;
  readonly body: string;
}

/** Something the server says about what did not happen, a dispute, or a file. */
export interface NoticeBlock {
  readonly kind: 'notice';
  /** `notice:{n}` in the turn's order. */
  readonly id: string;
  /** A `NotDoneCode`, `disputed`, `attachment_not_shown` or `attachment_received`. */
  readonly code: string;
  readonly text: string;
  readonly recordId: string | null;
}

/** The card on screen. */
export interface CardBlock extends CardOnScreen {
  readonly kind: 'card';
  /** `card:{record}:{card}`. */
  readonly id: string;
}

/** How an answer came to be (W3). */
export type AnswerStatus = 'answered' | 'unsupported' | 'source_unavailable' | 'withheld' | 'not_written';

/** What an answer rests on. */
export interface AnswerBasis {
  /** `operations` (what can be done), `record` (its facts), `knowledge` (a source), `none`. */
  readonly source: 'operations' | 'record' | 'knowledge' | 'none';
  readonly recordIds: readonly string[];
}

/** Exactly one per question (W3). */
export interface AnswerBlock {
  readonly kind: 'answer';
  /** `answer:{question index}`. */
  readonly id: string;
  readonly questionIndex: number;
  readonly question: string;
  readonly questionKind: QuestionKind;
  readonly status: AnswerStatus;
  readonly basis: AnswerBasis;
  /** The answer's words; `null` when nobody wrote one (`not_written`). */
  readonly text: string | null;
  readonly writtenBy: 'code' | 'writer' | null;
}

/** The turn's one reply: what the user reads. */
export interface TransitionBlock {
  readonly kind: 'transition';
  readonly id: 'transition';
  readonly text: string;
  /** `writer` when a written acknowledgement passed; `code` for code's own words. */
  readonly writtenBy: 'code' | 'writer';
  /** Why code's words stand in, when a writer was given (`writer_failed: timeout`, …). */
  readonly fallbackReason: string | null;
}

/** Any block of a turn. */
export type TurnBlock = ReceiptBlock | NoticeBlock | CardBlock | AnswerBlock | TransitionBlock;

/** The evidence a turn leaves beside its blocks (W6). */
export interface TurnEvidence {
  /** Every model call the turn made (understanding, answers, acknowledgement, review), in order. */
  readonly modelCalls: readonly WriterCall[];
  /** Why the understanding was not produced by the injected function, when it was not. */
  readonly understandingFailure: string | null;
  /** Event count committed by this turn. */
  readonly eventsCommitted: number;
}

/**
 * A committed, composed turn. Persisted with the turn; a retried turn id returns it unchanged.
 * Blocks come in reply order: receipts, notices, answers, card, then the transition last.
 */
export interface TurnResult {
  readonly turnId: string;
  readonly conversationId: string;
  /** The locale the turn was composed in (resolved from the input's). */
  readonly locale: string;
  readonly blocks: readonly TurnBlock[];
  readonly outcome: OutcomeDocument;
  readonly ask: Ask | null;
  /** The record the reply is about, which the next turn falls back to. */
  readonly aboutRecord: string | null;
  /** Records the conversation has touched, oldest first. */
  readonly inView: readonly string[];
  readonly evidence: TurnEvidence;
}

/** The reply text of a result. */
export function transitionOf(result: TurnResult): TransitionBlock {
  const block = result.blocks.find((b): b is TransitionBlock => b.kind === 'transition');
  if (!block) throw new Error(`turn ${result.turnId} has no transition block`);
  return block;
}
