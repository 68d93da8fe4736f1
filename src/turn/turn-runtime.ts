import { assertCopyComplete, resolveTurnLocale, ServerCopy } from '../copy/index.js';
import { ConfigurationError, isWarrantErrorNamed, WarrantError } from '../errors.js';
import type { Database } from '../store/index.js';
import { boundedKnowledge, boundedUnderstand, boundedWriter, DEFAULT_SEAM_TIMEOUT_MS } from './bounded-seams.js';
import { composeTurn } from './compose-turn.js';
import { missingWorkflowText } from './missing-workflow-text.js';
import { nounProblems } from './noun-problems.js';
import { commitTurn } from './phases/commit-turn.js';
import { resolveCards } from './phases/resolve-cards.js';
import { resolveDisputes } from './phases/resolve-disputes.js';
import { recordsTouched, runTurnActs } from './phases/run-turn-acts.js';
import { understandTurn } from './phases/understand-turn.js';
import type { CommittedEvent } from './stored-record.js';
import type { TurnCommit } from './turn-commit.js';
import { parseTurnInput, turnInputToJson, type TurnInput } from './turn-input.js';
import { ProgressChannel, type TurnPhase, type TurnProgressEvent } from './turn-progress.js';
import type { TurnResult } from './turn-result.js';
import { DEFAULT_HISTORY_TURNS, TurnStore } from './turn-store.js';
import type { Understand } from './understand.js';
import type { WorkflowDefinition } from './workflow.js';
import type { KnowledgeSource, TurnWriter } from './writer.js';

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
  /**
   * The longest one call of a host seam may take, in ms: `understand`, each writer call, each
   * knowledge lookup. Each is handed a signal that aborts with the turn's (before the commit) or
   * the writing deadline (after it) or this timeout, and is raced against it, so a seam that
   * never answers cannot hold a turn, a committed turn's reply, or the server's drain: past it
   * the message is unread (`timeout`), the reply is code's words (`fallbackReason: "timeout"`),
   * the question's knowledge `unavailable`. Default {@link DEFAULT_SEAM_TIMEOUT_MS} (60 s).
   */
  readonly seamTimeoutMs?: number;
}

/** Options of one turn's run. */
export interface TurnRunOptions {
  /**
   * Cancels the turn before its commit: an abort stops its model calls (understanding) and store
   * statements, writes nothing, and rejects the run with the signal's reason. Once committed, the
   * turn is done and the signal is no longer heard: its reply is written, reviewed and stored in
   * full (writer calls are bounded by their own deadlines), since that stored reply is what a
   * retry of the turn returns.
   */
  readonly signal?: AbortSignal;
}

/** One submitted turn: its progress as it runs, and its result. */
export interface TurnRun {
  /** Phases and understanding steps, then the reply exactly once, whole, after commit (W5). */
  readonly progress: AsyncIterable<TurnProgressEvent>;
  /**
   * The committed, composed turn. Rejects with `InputError` for malformed input, and with the
   * signal's reason when cancelled before the commit; either way nothing is written.
   */
  readonly result: Promise<TurnResult>;
}

/** Runs governed turns against one store, for one tenant. */
export interface TurnRuntime {
  /** The locales served. */
  readonly locales: readonly string[];
  /**
   * Submits a turn and streams its progress. The input is the parsed, camelCase form: decode a
   * value from outside (an HTTP body, a file, its snake_case JSON) with `parseTurnInput` first.
   * The runtime still holds it to the wire form's rules as it runs (a JavaScript caller is
   * unchecked): a malformed one is refused with an `InputError` naming each wrong path.
   */
  submit(input: TurnInput, options?: TurnRunOptions): TurnRun;
  /** Submits a turn and waits for its result (see {@link TurnRun.result}). */
  run(input: TurnInput, options?: TurnRunOptions): Promise<TurnResult>;
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

/** The turn id of a submitted input, as sent; `null` when it has none to read. */
function turnIdOf(input: unknown): string | null {
  const id = (input as { turnId?: unknown; turn_id?: unknown } | null)?.turnId ?? (input as { turn_id?: unknown } | null)?.turn_id;
  return typeof id === 'string' ? id : null;
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
  writer: hostWriter,
  understand: hostUnderstand,
  knowledge: hostKnowledge,
  historyTurns = DEFAULT_HISTORY_TURNS,
  seamTimeoutMs = DEFAULT_SEAM_TIMEOUT_MS,
}: TurnRuntimeOptions): TurnRuntime {
  const writer = hostWriter && boundedWriter(hostWriter, seamTimeoutMs);
  const understand = hostUnderstand && boundedUnderstand(hostUnderstand, seamTimeoutMs);
  const knowledge = hostKnowledge && boundedKnowledge(hostKnowledge, seamTimeoutMs);
  assertCopyComplete(copy, locales);
  const workflows = new Map<string, WorkflowDefinition>();
  for (const workflow of workflowList) {
    if (workflows.has(workflow.key)) throw new ConfigurationError(`two workflows share the key ${workflow.key}`);
    workflows.set(workflow.key, workflow);
  }
  const missing = workflowList.flatMap((w) => missingWorkflowText(w, locales));
  if (missing.length > 0) throw new WorkflowTextMissingError(missing);
  const nouns = workflowList.flatMap((w) => nounProblems(w, locales, copy));
  if (nouns.length > 0) throw new ConfigurationError(`workflow nouns are not declared as their languages need:\n  ${nouns.join('\n  ')}`);
  const store = new TurnStore(db, tenantId, workflows, historyTurns);

  /**
   * The turn after its commit: composed (writer calls run only now, W4) and its result stored, or
   * the result another submission of the turn stored first. No cancellation reaches it: the
   * stored result is what every retry returns, so it is composed in full.
   */
  const compose = async (commit: TurnCommit, committed: readonly CommittedEvent[] | undefined, onPhase: (phase: TurnPhase) => void): Promise<TurnResult> => {
    const events = committed ?? (await store.loadTurnEvents(commit.turnId));
    const composed = await composeTurn(commit, events, {
      workflows,
      copy,
      ...(writer ? { writer } : {}),
      ...(knowledge ? { knowledge } : {}),
      onPhase,
    });
    return store.saveResult(commit.turnId, composed);
  };

  /**
   * One turn, phase by phase: understand → resolve cards → run acts → resolve disputes → commit,
   * then compose. Before the commit every store statement is refused once `signal` aborts, so an
   * aborted turn writes nothing; from the commit on, the turn is composed in full and its result
   * stored, whatever the signal says.
   */
  const execute = async (
    given: TurnInput,
    emit: (event: TurnProgressEvent) => void,
    signal: AbortSignal | undefined,
    stood: { committed: boolean },
  ): Promise<TurnResult> => {
    signal?.throwIfAborted();
    // Through the one codec both ways: held to the wire form's rules (a JavaScript caller is
    // unchecked), trimmed, and stored as its wire form.
    const input = parseTurnInput(turnInputToJson(given));
    const json = turnInputToJson(input);
    const live = signal ? store.cancellableBy(signal) : store;
    const onPhase = (phase: TurnPhase) => emit({ kind: 'phase', phase });
    const composed = (commit: TurnCommit, events?: readonly CommittedEvent[]) => compose(commit, events, onPhase);

    const { existing, context } = await live.loadStart(input.turnId, input.conversationId);
    stood.committed = existing !== undefined;
    if (existing) return existing.result ?? composed(existing.commit);

    // The turn keeps its own tag (it-IT) when its language is served: prompts and texts are looked up
    // by the full tag first, then by the language.
    const locale = resolveTurnLocale(input.locale, locales);
    const texts = copy.texts(locale);
    const understood = await understandTurn(input, {
      understand,
      locale,
      context,
      workflows,
      loadRecords: (ids) => live.loadRecords(ids),
      onPhase,
      reportStep: (step) => emit({ kind: 'understanding_step', step }),
      ...(signal ? { signal } : {}),
    });
    // An understand function reports a cancelled model call as a failure; the turn stops here.
    signal?.throwIfAborted();
    const { understanding } = understood;

    onPhase('acting');
    const records = await live.loadRecords(recordsTouched(input, understanding, context));
    const cards = resolveCards(understanding.cardResponses, { records, workflows, locale, texts });
    const { outcomes, drafts } = runTurnActs([...understanding.acts, ...cards.pressed], { input, context, records, workflows, locale, texts });
    const disputes = await resolveDisputes(understanding.disputes, {
      loadEvent: (id, revision) => live.loadEvent(id, revision),
      records,
      workflows,
      locale,
      texts,
    });

    onPhase('committing');
    const otherNotDone = [...cards.notDone, ...disputes.notDone];
    const decided = {
      input,
      json,
      locale,
      context,
      understood,
      outcomes,
      drafts,
      otherNotDone,
      declinedCards: cards.declinedCards,
      disputes: disputes.disputes,
    };
    // With no writer and no knowledge source, composing is code alone: it runs inside the commit,
    // which writes the result with the turn (one commit, not two). Calls out (a writer, a knowledge
    // source) always run after the commit.
    // Its phases are told once the commit holds, like any composition's: a phase after
    // `committing` means the turn is committed.
    const insidePhases: TurnPhase[] = [];
    const composeInside =
      writer || knowledge
        ? undefined
        : (commit: TurnCommit, events: readonly CommittedEvent[]) =>
            composeTurn(commit, events, { workflows, copy, onPhase: (phase) => insidePhases.push(phase) });
    const committed = await commitTurn(decided, { store: live, workflows, texts, compose: composeInside });
    // Committed by this run, or by another submission of the same turn id that won the race.
    stood.committed = true;
    if (committed.committed && committed.result) {
      insidePhases.forEach(onPhase);
      return committed.result;
    }
    if (committed.committed) return composed(committed.commit, committed.events);
    const winner = await store.loadTurn(input.turnId);
    if (!winner) throw new Error(`turn ${input.turnId} was claimed but cannot be read back`);
    return winner.result ?? composed(winner.commit);
  };

  const submit = (input: TurnInput, options: TurnRunOptions = {}): TurnRun => {
    const channel = new ProgressChannel();
    const stood = { committed: false };
    const result = execute(input, (e) => channel.push(e), options.signal, stood).then(
      (r) => {
        channel.push({ kind: 'phase', phase: 'done' });
        channel.push({ kind: 'reply', result: r });
        return r;
      },
      (error: unknown) => {
        channel.close();
        // A Warrant error says which turn it ended and whether that turn committed; a
        // cancellation rejects with the signal's own reason (never committed), a bug as thrown.
        if (WarrantError.isInstance(error)) error.turn = { turnId: turnIdOf(input), committed: stood.committed };
        throw error;
      },
    );
    return { progress: channel, result };
  };

  return {
    locales,
    submit,
    run: (input, options) => submit(input, options).result,
  };
}
