import { assertCopyComplete, formatSentence, resolveTurnLocale, ServerCopy } from '../copy/index.js';
import { ConfigurationError, InputError, isWarrantErrorNamed, WarrantError } from '../errors.js';
import type { Database } from '../store/index.js';
import { receiptAddress, recordOfReceipt } from './choose-ask.js';
import { composeTurn } from './compose-turn.js';
import { missingWorkflowText } from './missing-workflow-text.js';
import type { DisputeEntry, NotDoneEntry } from './outcome-document.js';
import { cardShown, factsOf } from './record-facts.js';
import { reportOperation, runActs, type ActOutcome } from './run-acts.js';
import type { CommittedEvent } from './stored-record.js';
import type { TurnCommit, TurnContext } from './turn-commit.js';
import { emptyUnderstanding, parseTurnInput, type Act, type TurnInput, type Understanding } from './turn-input.js';
import { ProgressChannel, type TurnPhase, type TurnProgressEvent } from './turn-progress.js';
import type { TurnResult } from './turn-result.js';
import { DEFAULT_HISTORY_TURNS, TurnStore } from './turn-store.js';
import type { Understand } from './understand.js';
import { nounOf, pick, type WorkflowDefinition } from './workflow.js';
import type { KnowledgeSource, TurnWriter, WriterCall } from './writer.js';

/** Options of {@link createTurnRuntime}. */
export interface TurnRuntimeOptions {
  /** An open, migrated store (`openStore`). The runtime never closes it. */
  readonly db: Database;
  readonly workflows: readonly WorkflowDefinition[];
  /**
   * The locales the deployment serves. Default `['en']`. Building fails while any server
   * sentence or workflow text lacks one of them (W8).
   */
  readonly locales?: readonly string[];
  /** The server's sentences. Default {@link ServerCopy.builtIn} (English and Italian). */
  readonly copy?: ServerCopy;
  /** Whose records these are. Default `'default'`; the sidecar passes each API key's tenant. */
  readonly tenantId?: string;
  /** Writes the words around a committed turn. Default none: code's own words. */
  readonly writer?: TurnWriter;
  /** Turns a message into an understanding. Default none: turns must carry their understanding. */
  readonly understand?: Understand;
  /** Consulted once per question, when a writer answers it. Default none. */
  readonly knowledge?: KnowledgeSource;
  /**
   * How many earlier replies (transitions) of the conversation a turn reads as its history, for
   * the model to understand the message and write the reply with. Default
   * {@link DEFAULT_HISTORY_TURNS} (20). Bounded so that a turn's cost and its prompt do not grow
   * with the conversation; 0 gives the model no history.
   */
  readonly historyTurns?: number;
}

/** One submitted turn: its progress as it runs, and its result. */
export interface TurnRun {
  /** Phases and understanding steps, then the reply exactly once, whole, after commit (W5). */
  readonly progress: AsyncIterable<TurnProgressEvent>;
  /** The committed, composed turn. Rejects with `InputError` for malformed input (nothing written). */
  readonly result: Promise<TurnResult>;
}

/** Runs governed turns against one store, for one tenant. */
export interface TurnRuntime {
  /** The locales served. */
  readonly locales: readonly string[];
  /** Submits a turn (its snake_case JSON form) and streams its progress. */
  submit(input: unknown): TurnRun;
  /** Submits a turn and waits for its result. */
  run(input: unknown): Promise<TurnResult>;
}

/** A deployment's configuration is incomplete (a workflow lacks text in a served locale). */
export class WorkflowTextMissingError extends WarrantError {
  constructor(readonly missing: readonly string[]) {
    super('configuration', `workflow text missing:\n${missing.map((m) => `  ${m}`).join('\n')}`);
    this.name = 'WorkflowTextMissingError';
  }
  /** True for any `WorkflowTextMissingError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is WorkflowTextMissingError {
    return isWarrantErrorNamed(error, 'WorkflowTextMissingError');
  }
}

/**
 * Builds the turn runtime. Refuses to build (throws) while any server sentence or workflow text
 * lacks one of the declared locales, naming each one, so a missing sentence is found at start
 * and never in front of a user.
 */
export function createTurnRuntime({
  db,
  workflows: workflowList,
  locales = ['en'],
  copy = ServerCopy.builtIn(),
  tenantId = 'default',
  writer,
  understand,
  knowledge,
  historyTurns = DEFAULT_HISTORY_TURNS,
}: TurnRuntimeOptions): TurnRuntime {
  assertCopyComplete(copy, locales);
  const workflows = new Map<string, WorkflowDefinition>();
  for (const workflow of workflowList) {
    if (workflows.has(workflow.key)) throw new ConfigurationError(`two workflows share the key ${workflow.key}`);
    workflows.set(workflow.key, workflow);
  }
  const missing = workflowList.flatMap((w) => missingWorkflowText(w, locales));
  if (missing.length > 0) throw new WorkflowTextMissingError(missing);
  const store = new TurnStore(db, tenantId, workflows, historyTurns);

  const execute = async (raw: unknown, emit: (event: TurnProgressEvent) => void): Promise<TurnResult> => {
    const input = parseTurnInput(raw);
    const phase = (p: TurnPhase) => emit({ kind: 'phase', phase: p });
    const compose = async (commit: TurnCommit, committed?: readonly CommittedEvent[]): Promise<TurnResult> => {
      const events = committed ?? (await store.loadTurnEvents(commit.turnId));
      const composed = await composeTurn(commit, events, {
        workflows,
        copy,
        ...(writer ? { writer } : {}),
        ...(knowledge ? { knowledge } : {}),
        onPhase: phase,
      });
      return store.saveResult(commit.turnId, composed);
    };

    const { existing, context } = await store.loadStart(input.turnId, input.conversationId);
    if (existing) return existing.result ?? compose(existing.commit);

    // The turn keeps its own tag (it-IT) when its language is served: prompts and texts are looked up
    // by the full tag first, then by the language.
    const locale = resolveTurnLocale(input.locale, locales);
    let understanding: Understanding;
    let understandingFailure: string | null = null;
    let understandingCalls: readonly WriterCall[] = [];
    if (input.understanding) understanding = input.understanding;
    else if (input.message === undefined && input.submissions.length > 0) understanding = emptyUnderstanding();
    else if (!understand) {
      throw new InputError('turn input', [
        { path: '$.understanding', message: 'required: this runtime has no understand function to read the message with' },
      ]);
    } else {
      phase('understanding');
      const understood = await readMessage(input, locale, context, context.ask?.text ?? null);
      understandingCalls = understood.calls;
      if (understood.ok) understanding = understood.understanding;
      else {
        understandingFailure = understood.reason;
        understanding = { ...emptyUnderstanding(), unread: input.message?.trim() ? [input.message.trim()] : [] };
      }
    }

    phase('acting');
    const pressed: Act[] = [];
    const cardIds = understanding.cardResponses.map((r) => r.record);
    const disputeIds = understanding.disputes.flatMap((d) => recordOfReceipt(d.receipt) ?? []);
    const actIds = understanding.acts.flatMap((a) => (a.record ? [a.record] : []));
    const before = await store.loadRecords([
      ...input.submissions.map((r) => r.record),
      ...actIds,
      ...cardIds,
      ...disputeIds,
      ...(context.ask?.awaiting ? [context.ask.awaiting.record] : []),
    ]);
    const texts = copy.texts(locale);
    const otherNotDone: NotDoneEntry[] = [];
    const declinedCards: { recordId: string; card: string }[] = [];
    for (const response of understanding.cardResponses) {
      const record = before.get(response.record);
      const workflow = record && workflows.get(record.workflow);
      const shown = workflow && cardShown(workflow, record.state);
      if (!shown || shown.key !== response.card) {
        otherNotDone.push({ code: 'unknown_card', text: formatSentence(texts.notice.unknownCard, { card: response.card }), recordId: response.record });
        continue;
      }
      const title = pick(shown.title, locale) ?? shown.key;
      const button = shown.buttons.find((b) => b.key === response.button);
      if (response.response === 'declined' || (button && !button.act)) {
        declinedCards.push({ recordId: response.record, card: shown.key });
        otherNotDone.push({ code: 'card_declined', text: formatSentence(texts.notice.cardDeclined, { card: title }), recordId: response.record });
      } else if (button?.act) {
        pressed.push({ operation: button.act.operation, record: response.record, values: button.act.values ?? {}, answersAsk: false });
      } else {
        otherNotDone.push({ code: 'unknown_card', text: formatSentence(texts.notice.unknownCard, { card: response.card }), recordId: response.record });
      }
    }
    const { outcomes, drafts } = runActs([...understanding.acts, ...pressed], {
      turnId: input.turnId,
      locale,
      copy: texts,
      workflows,
      records: before,
      awaited: context.ask?.awaiting ?? null,
      reports: input.submissions,
    });

    const disputes: DisputeEntry[] = [];
    for (const dispute of understanding.disputes) {
      const address = receiptAddress(dispute.receipt);
      const event = address ? await store.loadEvent(address.recordId, address.revision) : null;
      const workflow = event && workflows.get(before.get(event.recordId)?.workflow ?? '');
      const render = workflow && event && workflow.receipts[event.type];
      const text = render && pick(render, locale);
      if (!event || !text) {
        otherNotDone.push({ code: 'unknown_receipt', text: formatSentence(texts.notice.unknownReceipt, { receipt: dispute.receipt }) });
        continue;
      }
      disputes.push({ receiptId: dispute.receipt, title: text(event.payload).title, said: dispute.said });
    }

    phase('committing');
    const snapshot = [
      ...context.inView,
      ...(context.aboutRecord ? [context.aboutRecord] : []),
      ...outcomes.flatMap((o) => (o.status === 'awaiting' ? [o.awaiting.record] : o.recordId ? [o.recordId] : [])),
      ...understanding.questions.flatMap((q) => q.records),
      ...cardIds,
      ...disputeIds,
    ];
    const committed = await store.commit({
      turnId: input.turnId,
      conversationId: input.conversationId,
      input: raw,
      drafts,
      snapshot,
      build: (conflicted, records) => ({
        turnId: input.turnId,
        conversationId: input.conversationId,
        locale,
        tone: input.tone,
        message: input.message ?? null,
        understanding,
        understandingFailure,
        understandingCalls,
        acts: outcomes.map((o) => conflictedOutcome(o, conflicted)),
        otherNotDone,
        disputes,
        declinedCards,
        context,
        records,
      }),
    });
    if (!committed.committed) {
      const winner = await store.loadTurn(input.turnId);
      if (!winner) throw new Error(`turn ${input.turnId} was claimed but cannot be read back`);
      return winner.result ?? compose(winner.commit);
    }
    return compose(committed.commit, committed.events);

    function conflictedOutcome(outcome: ActOutcome, conflicted: ReadonlySet<string>): ActOutcome {
      if (outcome.status !== 'applied' || !conflicted.has(outcome.recordId)) return outcome;
      const workflow = workflows.get(outcome.workflow)!;
      const operation = workflow.operations[outcome.operation];
      // A host's report on a submission is named by the submission's label.
      const submission = workflow.submissions?.find((d) => reportOperation(d.key) === outcome.operation);
      const label = (operation ? pick(operation.label, locale) : submission && pick(submission.label, locale)) ?? outcome.operation;
      return {
        status: 'not_done',
        code: 'conflict',
        text: formatSentence(texts.notice.conflict, { operation: label, noun: nounOf(workflow, locale), record: outcome.recordId }),
        recordId: outcome.recordId,
        workflow: outcome.workflow,
        operation: outcome.operation,
      };
    }

    async function readMessage(turn: TurnInput, locale: string, context: TurnContext, previousAsk: string | null) {
      const records = await store.loadRecords(context.inView);
      try {
        return await understand!({
          turnId: turn.turnId,
          conversationId: turn.conversationId,
          locale,
          message: turn.message ?? '',
          records: [...records.values()].map((r) => factsOf(r, workflows.get(r.workflow)!, locale)),
          operations: [...workflows.values()].flatMap((w) =>
            Object.entries(w.operations).map(([operation, op]) => ({
              workflow: w.key,
              operation,
              label: pick(op.label, locale) ?? operation,
              creates: op.creates === true,
              input: op.input,
            })),
          ),
          previousAsk,
          history: context.history,
          receipts: context.lastReceipts ?? [],
          reportStep: (step) => emit({ kind: 'understanding_step', step }),
        });
      } catch (error) {
        return { ok: false as const, reason: `understand threw: ${(error as Error)?.message ?? String(error)}`, calls: [] };
      }
    }
  };

  const submit = (input: unknown): TurnRun => {
    const channel = new ProgressChannel();
    const result = execute(input, (e) => channel.push(e)).then(
      (r) => {
        channel.push({ kind: 'phase', phase: 'done' });
        channel.push({ kind: 'reply', result: r });
        return r;
      },
      (error: unknown) => {
        channel.close();
        throw error;
      },
    );
    return { progress: channel, result };
  };

  return {
    locales,
    submit,
    run: (input) => submit(input).result,
  };
}
