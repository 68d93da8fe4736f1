import type { z } from 'zod';
import type { RecordFacts } from './record-facts.js';
import type { ReceiptInView } from './turn-commit.js';
import type { Understanding } from './turn-input.js';
import type { ModelCall } from '../evidence/model-call.js';

/** An operation on offer to the understanding step, with its input schema for structured output. */
export interface OperationOnOffer {
  readonly workflow: string;
  readonly operation: string;
  readonly label: string;
  readonly creates: boolean;
  readonly input: z.ZodType;
}

/** What turning a message into an {@link Understanding} may look at. */
export interface UnderstandRequest {
  readonly turnId: string;
  readonly conversationId: string;
  readonly locale: string;
  readonly message: string;
  /** The records in view, with their facts. */
  readonly records: readonly RecordFacts[];
  /** Every operation of every workflow, for the records in view and for new ones. */
  readonly operations: readonly OperationOnOffer[];
  /**
   * The sentence the previous reply asked with (its ask), if it asked anything, so a bare answer
   * («the company») can be read as the answer to it.
   */
  readonly previousAsk: string | null;
  /** Earlier turns' transitions, oldest first. */
  readonly history: readonly string[];
  /**
   * The receipts of the last reply, by id: the only receipts a dispute may name. The history is
   * transitions alone (text), so without these a contested receipt could not be identified.
   */
  readonly receipts: readonly ReceiptInView[];
  /** Emits one understanding step to the progress channel: what was read, never what happened. */
  readonly reportStep: (step: string) => void;
  /**
   * Aborted when the turn's run is cancelled (`TurnRunOptions.signal`): pass it to the model call
   * (the AI SDK's `abortSignal`). The runtime then rejects the turn whatever this function returns.
   */
  readonly signal?: AbortSignal;
}

/** The understanding, or why there is none (the runtime then treats the message as unread). */
export type UnderstandResult =
  | { readonly ok: true; readonly understanding: Understanding; readonly calls: readonly ModelCall[] }
  | { readonly ok: false; readonly reason: string; readonly calls: readonly ModelCall[] };

/** Turns a message into the structured understanding of a turn (the model layer supplies one). */
export type Understand = (request: UnderstandRequest) => Promise<UnderstandResult>;
