import type { Ask, DisputeEntry, NotDoneEntry } from './outcome-document.js';
import type { ActOutcome } from './run-acts.js';
import type { StoredRecord } from './stored-record.js';
import type { Understanding } from './turn-input.js';
import type { ModelCall } from '../evidence/model-call.js';

/** What the conversation's previous composed turn left for this one. */
export interface TurnContext {
  /** The previous turn's ask (its `awaiting` is what an `answersAsk` act completes). */
  readonly ask: Ask | null;
  /** The record the last reply was about. */
  readonly aboutRecord: string | null;
  /** Records in view before this turn, oldest first. */
  readonly inView: readonly string[];
  /** Earlier transitions, oldest first: the conversation's history as any writer sees it. */
  readonly history: readonly string[];
  /**
   * The receipts of the last reply, the ones the user just read and may contest. Optional so a
   * commit stored before it existed still reads back.
   */
  readonly lastReceipts?: readonly ReceiptInView[];
}

/** A receipt the user has read, by its id (`receipt:{record}:{revision}`), title and body. */
export interface ReceiptInView {
  readonly id: string;
  readonly title: string;
  readonly body: string;
}

/**
 * Everything decided before and at the commit, stored in the same transaction as the events. A
 * turn is composed from this and its committed events alone, so a process that dies after the
 * commit composes the same turn when the turn id is run again.
 */
export interface TurnCommit {
  readonly turnId: string;
  readonly conversationId: string;
  readonly locale: string;
  readonly tone: string;
  readonly message: string | null;
  readonly understanding: Understanding;
  readonly understandingFailure: string | null;
  readonly understandingCalls: readonly ModelCall[];
  /** Each act's outcome; an applied act whose record lost a race is rewritten as a `conflict`. */
  readonly acts: readonly ActOutcome[];
  /** Not-done entries that are not acts: declined or unknown cards, unknown receipts. */
  readonly otherNotDone: readonly NotDoneEntry[];
  readonly disputes: readonly DisputeEntry[];
  /** Card keys the user declined this turn, by record. */
  readonly declinedCards: readonly { readonly recordId: string; readonly card: string }[];
  readonly context: TurnContext;
  /** Records in view after the commit (and any the turn named), as they stood then. */
  readonly records: readonly StoredRecord[];
}
