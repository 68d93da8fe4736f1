/**
 * The writer seam: where a model (or anything else) writes the words around a committed turn.
 *
 * The runtime calls a {@link TurnWriter} only AFTER the turn's events committed (W4), so nothing a
 * writer does can repeat or undo an effect. Per turn it calls:
 *
 * 1. `answer` once per question, every call started before `acknowledge` and run concurrently.
 *    Each is handed the question and ONLY the facts of the records that question is about.
 * 2. `acknowledge` once (unless the turn only answers questions), handed the outcome document,
 *    the answers and notices, the card on screen, locale, tone, the workflow's guidance for the
 *    phase, the user's message only when nothing was left undone, and the history as earlier
 *    transitions alone. The writer reviews its own text and may rewrite it once; what it returns
 *    is shown as written.
 *
 * A writer never throws for a provider problem: it returns `{ ok: false, reason }`, and the
 * runtime falls back to code's own words and records the reason in the turn's evidence. Whatever
 * it returns, every call it made comes back in `calls` and is persisted with the turn (W6).
 */
import type { Ask, CardOnScreen, OutcomeDocument } from './outcome-document.js';
import type { RecordFacts } from './record-facts.js';
import type { AnswerBlock, AnswerStatus, NoticeBlock } from './turn-result.js';
import type { QuestionKind } from './turn-input.js';
import type { ModelCall } from '../evidence/model-call.js';

export type { ModelCall } from '../evidence/model-call.js';
/** @deprecated The one model call type is `ModelCall`; this name goes in the next release. */
export type WriterCall = ModelCall;

/** What a knowledge source returned for a question. */
export interface KnowledgeResult {
  /** `found`, `none` (searched, nothing relevant) or `unavailable` (the source failed). */
  readonly status: 'found' | 'none' | 'unavailable';
  readonly passages: readonly string[];
}

/**
 * A host's knowledge source, asked once per question before its answer is written (after the
 * commit). Each lookup is handed a signal that aborts when the turn's writing deadline or the
 * runtime's `seamTimeoutMs` passes: pass it on to the search. The runtime stops waiting then in
 * any case, and the question's knowledge is `unavailable`.
 */
export interface KnowledgeSource {
  lookup(
    question: { readonly text: string; readonly kind: QuestionKind },
    records: readonly RecordFacts[],
    options?: { readonly signal?: AbortSignal },
  ): Promise<KnowledgeResult>;
}

/** One question to answer, with only what its answer may rest on. */
export interface AnswerRequest {
  readonly turnId: string;
  readonly locale: string;
  readonly tone: string;
  readonly questionIndex: number;
  /**
   * The question; for a field-values question, the field and the values it may take as the
   * workflow's schema enumerates them (in the turn's language), so the answer can propose them.
   */
  readonly question: { readonly text: string; readonly kind: QuestionKind; readonly field?: string; readonly values?: readonly string[] };
  /** The facts of the records this question is about (the records in view when it names none). */
  readonly records: readonly RecordFacts[];
  /** What the knowledge source returned; `none` when no source is configured. */
  readonly knowledge: KnowledgeResult;
  /** The server's own answer when it has one (capabilities, status): a writer may rephrase it. */
  readonly codeAnswer: string | null;
  /** Aborted when the turn's deadline passes or its run is cancelled (`TurnRunOptions.signal`). */
  readonly signal?: AbortSignal;
}

/** A writer's answer, or why there is none. */
export type WrittenAnswer =
  | {
      readonly ok: true;
      readonly text: string;
      /** `answered`, or why not (`unsupported`, `source_unavailable`, `withheld`). */
      readonly status: Exclude<AnswerStatus, 'not_written'>;
      readonly calls: readonly ModelCall[];
    }
  | { readonly ok: false; readonly reason: string; readonly calls: readonly ModelCall[] };

/** Everything the acknowledgement may rest on, and nothing else. */
export interface AcknowledgeRequest {
  readonly turnId: string;
  readonly locale: string;
  readonly tone: string;
  readonly outcome: OutcomeDocument;
  /**
   * The answers, as blocks (status, basis, text) without their questions' words: beside a
   * refusal the words that asked for it read as the thing done, and a question's words get
   * answered twice.
   */
  readonly answers: readonly Omit<AnswerBlock, 'question'>[];
  readonly notices: readonly NoticeBlock[];
  /** The card on screen, so the reply does not repeat its wording. */
  readonly card: CardOnScreen | null;
  readonly ask: Ask | null;
  /** The workflow's guidance for the phase its record is in, in the turn's language. */
  readonly guidance: string | null;
  /** The user's message, only when nothing was left undone; otherwise `null`. */
  readonly message: string | null;
  /** Earlier turns' transitions (the replies the user read), oldest first. */
  readonly history: readonly string[];
  /** Code's own words for this turn: the fallback the writer replaces. */
  readonly codeWords: string;
  /** Reports writer phases (`reviewing`, `rewriting`) to the turn's progress channel. */
  readonly reportPhase: (phase: 'reviewing' | 'rewriting') => void;
  /** Aborted when the turn's deadline passes or its run is cancelled (`TurnRunOptions.signal`). */
  readonly signal?: AbortSignal;
}

/** A written (and, where the profile says so, reviewed) acknowledgement, or why there is none. */
export type WrittenAcknowledgement =
  | { readonly ok: true; readonly text: string; readonly calls: readonly ModelCall[] }
  | { readonly ok: false; readonly reason: string; readonly calls: readonly ModelCall[] };

/** Writes the words around a committed turn. Optional: with none, code's own words stand. */
export interface TurnWriter {
  /**
   * Milliseconds all of one turn's writer calls may take together. The runtime starts the clock
   * when it composes the turn and hands every call of that composition the same signal, so a
   * turn's model time is bounded however many calls it makes, and no two turns (even two tenants'
   * turns with the same id) ever share a clock. Default: none beyond each call's own timeout.
   */
  readonly deadlineMs?: number;
  answer(request: AnswerRequest): Promise<WrittenAnswer>;
  acknowledge(request: AcknowledgeRequest): Promise<WrittenAcknowledgement>;
}
