/**
 * The outcome document: the whole of what a turn did, gathered by code before anyone writes a
 * word. A writer is shown this and nothing more about what happened.
 */

/** Why something in the turn did not happen, as a stable code. */
export type NotDoneCode =
  | 'refused'
  | 'unchanged'
  | 'invalid_values'
  | 'unknown_record'
  | 'unknown_operation'
  | 'conflict'
  | 'already_exists'
  | 'card_declined'
  | 'unknown_card'
  | 'not_understood'
  | 'no_open_ask'
  | 'unknown_receipt'
  | 'unknown_submission'
  | 'submission_pending'
  | 'submission_refused';

/** One receipt of the turn, in its own title and body. */
export interface DoneEntry {
  readonly receiptId: string;
  readonly title: string;
  readonly body: string;
}

/** One thing that did not happen, in the domain's or the server's sentence. */
export interface NotDoneEntry {
  readonly code: NotDoneCode;
  readonly text: string;
  /** The record it concerns, when there is one. */
  readonly recordId?: string;
}

/** A receipt the user contested. */
export interface DisputeEntry {
  readonly receiptId: string;
  /** The contested receipt's title. */
  readonly title: string;
  /** What the user said. */
  readonly said: string;
}

/** A workflow the turn began without writing anything yet. */
export interface StartingEntry {
  readonly workflow: string;
  readonly noun: string;
}

/** Which rule chose the ask (each has its own test). */
export type AskKind = 'contested' | 'awaited_value' | 'obligation' | 'next_record' | 'next_steps';

/** An act the server is waiting for: the user's next answer fills `answers`. */
export interface AwaitedAct {
  readonly operation: string;
  readonly record: string;
  /** The workflow, for an act that creates its record. */
  readonly workflow: string;
  /** Values already fixed (by the obligation, or given by the user). */
  readonly values: Readonly<Record<string, unknown>>;
  /** The input field the user's answer gives. */
  readonly answers: string;
}

/** The one thing the reply asks next, chosen by code. */
export interface Ask {
  /** Stable id, e.g. `ask:obligation:trip-1:payer:0`. */
  readonly id: string;
  readonly kind: AskKind;
  /** The question in the workflow's or the server's words. */
  readonly text: string;
  /** The record it is about, when there is one. */
  readonly recordId: string | null;
  /** For an awaited value or an obligation with an act: what the answer completes. */
  readonly awaiting?: AwaitedAct;
}

/** The card on screen, by its title and buttons. */
export interface CardOnScreen {
  readonly recordId: string;
  readonly card: string;
  readonly title: string;
  readonly buttons: readonly { readonly key: string; readonly label: string }[];
}

/** Everything the turn did, in the order a reply says it. */
export interface OutcomeDocument {
  readonly done: readonly DoneEntry[];
  readonly notDone: readonly NotDoneEntry[];
  readonly disputes: readonly DisputeEntry[];
  readonly starting: readonly StartingEntry[];
  readonly ask: Ask | null;
  readonly card: CardOnScreen | null;
}
