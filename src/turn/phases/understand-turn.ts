import { InputError } from '../../errors.js';
import { factsOf } from '../record-facts.js';
import type { StoredRecord } from '../stored-record.js';
import type { TurnContext } from '../turn-commit.js';
import { emptyUnderstanding, type TurnInput, type Understanding } from '../turn-input.js';
import type { TurnPhase } from '../turn-progress.js';
import type { OperationOnOffer, Understand, UnderstandResult } from '../understand.js';
import { pick, type WorkflowDefinition } from '../workflow.js';
import type { ModelCall } from '../writer.js';

/** What the turn understood of its message, and the evidence of how. */
export interface TurnUnderstanding {
  readonly understanding: Understanding;
  /** Why the message could not be read (it is then kept as unread), or `null`. */
  readonly understandingFailure: string | null;
  readonly understandingCalls: readonly ModelCall[];
}

/** Everything {@link understandTurn} reads besides the turn itself. */
export interface UnderstandTurnOptions {
  /** The runtime's understand function; without one a message must come with its understanding. */
  readonly understand: Understand | undefined;
  /** The turn's served locale. */
  readonly locale: string;
  readonly context: TurnContext;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  /** Reads the records in view, asked only when the message is read. */
  readonly loadRecords: (ids: readonly string[]) => Promise<ReadonlyMap<string, StoredRecord>>;
  readonly onPhase: (phase: TurnPhase) => void;
  readonly reportStep: (step: string) => void;
  readonly signal?: AbortSignal;
}

/**
 * The first phase: the turn's understanding. Given with the turn, it is taken as it is; a turn
 * that only reports submissions understands nothing; otherwise the understand function reads the
 * message. Understanding that fails (or throws) leaves the message unread, with the reason kept
 * as evidence: the turn goes on and says what it could not read. A turn with a message and no
 * way to read it is refused (`InputError` at `$.understanding`), before anything is written.
 */
export async function understandTurn(input: TurnInput, options: UnderstandTurnOptions): Promise<TurnUnderstanding> {
  if (input.understanding) return { understanding: input.understanding, understandingFailure: null, understandingCalls: [] };
  if (input.message === undefined && input.submissions.length > 0) {
    return { understanding: emptyUnderstanding(), understandingFailure: null, understandingCalls: [] };
  }
  if (!options.understand) {
    throw new InputError('turn input', [{ path: '$.understanding', message: 'required: this runtime has no understand function to read the message with' }]);
  }
  options.onPhase('understanding');
  const read = await readMessage(input, options.understand, options);
  if (read.ok) return { understanding: read.understanding, understandingFailure: null, understandingCalls: read.calls };
  const unread = input.message?.trim() ? [input.message.trim()] : [];
  return { understanding: { ...emptyUnderstanding(), unread }, understandingFailure: read.reason, understandingCalls: read.calls };
}

/** Asks `understand` to read the message, with the records in view and every operation on offer. */
async function readMessage(input: TurnInput, understand: Understand, options: UnderstandTurnOptions): Promise<UnderstandResult> {
  const { locale, context, workflows, signal } = options;
  const records = await options.loadRecords(context.inView);
  try {
    return await understand({
      turnId: input.turnId,
      conversationId: input.conversationId,
      locale,
      message: input.message ?? '',
      records: [...records.values()].map((r) => factsOf(r, workflows.get(r.workflow)!, locale)),
      operations: operationsOnOffer(workflows, locale),
      previousAsk: context.ask?.text ?? null,
      history: context.history,
      receipts: context.lastReceipts ?? [],
      reportStep: options.reportStep,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    return { ok: false, reason: `understand threw: ${(error as Error)?.message ?? String(error)}`, calls: [] };
  }
}

/** Every operation of every workflow, labelled in the turn's language. */
export function operationsOnOffer(workflows: ReadonlyMap<string, WorkflowDefinition>, locale: string): OperationOnOffer[] {
  return [...workflows.values()].flatMap((w) =>
    Object.entries(w.operations).map(([operation, op]) => ({
      workflow: w.key,
      operation,
      label: pick(op.label, locale) ?? operation,
      creates: op.creates === true,
      input: op.input,
    })),
  );
}
