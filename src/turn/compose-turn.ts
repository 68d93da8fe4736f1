import { formatSentence, type ServerCopy } from '../copy/index.js';
import { ClaimRefusedError, claimGuard } from './claim-guard.js';
import { chooseAsk, recordOfReceipt, recordTurnIsOn } from './choose-ask.js';
import { codeAnswer } from './code-answer.js';
import { codeTransition } from './code-transition.js';
import type { CardOnScreen, NotDoneEntry, OutcomeDocument, StartingEntry } from './outcome-document.js';
import { cardShown, factsOf, type RecordFacts } from './record-facts.js';
import type { CommittedEvent, StoredRecord } from './stored-record.js';
import type { TurnCommit } from './turn-commit.js';
import type { TurnPhase } from './turn-progress.js';
import type { AnswerBlock, CardBlock, NoticeBlock, ReceiptBlock, TurnResult } from './turn-result.js';
import { nounOf, pick, SUBMISSION_UPDATED, type WorkflowDefinition } from './workflow.js';
import type { KnowledgeResult, KnowledgeSource, TurnWriter, WriterCall } from './writer.js';

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
 * Composes a committed turn: receipts from the events that committed (W1), the outcome document,
 * the ask, one answer per question (W3), the card, and the transition; then runs the claim
 * guard. Depends on nothing but the commit and its events, so running it again after a crash
 * gives the same blocks. A writer, when given, is only ever called here, after the commit (W4).
 */
export async function composeTurn(commit: TurnCommit, events: readonly CommittedEvent[], options: ComposeOptions): Promise<TurnResult> {
  // One deadline for the whole composition: every writer call of this turn shares the clock.
  const signal = compositionSignal(options.signal, options.writer?.deadlineMs);
  const { workflows, writer } = options;
  const locale = commit.locale;
  const copy = options.copy.texts(locale);
  const records = new Map<string, StoredRecord>(commit.records.map((r) => [r.id, r]));
  const workflowOf = (recordId: string): WorkflowDefinition | undefined => {
    const record = records.get(recordId);
    return record && workflows.get(record.workflow);
  };

  // What was sent outside and what came back: only an accepted answer is a receipt; a request
  // still waiting and a refusal are said as not done (W1: nothing done before it is accepted).
  const submissionNotDone: NotDoneEntry[] = [];
  const turnEvents = events.filter((e) => e.turnId === commit.turnId);
  for (const event of turnEvents) {
    const workflow = workflowOf(event.recordId);
    const sent = workflow?.submissions?.find((d) =>
      event.type === SUBMISSION_UPDATED ? d.key === event.payload.submission : d.startedBy === event.type,
    );
    if (!workflow || !sent) continue;
    const submission = pick(sent.label, locale) ?? sent.key;
    const status = event.type === SUBMISSION_UPDATED ? event.payload.status : 'pending';
    const reason = typeof event.payload.reason === 'string' ? event.payload.reason : null;
    if (status === 'pending') {
      submissionNotDone.push({ code: 'submission_pending', text: formatSentence(copy.notice.submissionPending, { submission }), recordId: event.recordId });
    } else if (status === 'refused') {
      const template = reason ? copy.notice.submissionRefusedBecause : copy.notice.submissionRefused;
      submissionNotDone.push({ code: 'submission_refused', text: formatSentence(template, { submission, reason: reason ?? '' }), recordId: event.recordId });
    }
  }

  const receipts: ReceiptBlock[] = turnEvents
    .filter((e) => e.type !== SUBMISSION_UPDATED || e.payload.status === 'accepted')
    .map((event) => {
      const workflow = workflowOf(event.recordId);
      const render = workflow && workflow.receipts[event.type];
      const text = render ? pick(render, locale) : workflow && event.type === SUBMISSION_UPDATED ? acceptedReceipt(workflow) : undefined;
      if (!workflow || !text) throw new Error(`no receipt renders ${event.type} on record ${event.recordId}`);
      const { title, body } = text(event.payload);
      return {
        kind: 'receipt',
        id: `receipt:${event.recordId}:${event.revision}`,
        recordId: event.recordId,
        workflow: workflow.key,
        eventType: event.type,
        revision: event.revision,
        title,
        body,
      };
    });

  const notDone: NotDoneEntry[] = [
    ...submissionNotDone,
    ...commit.acts.flatMap((a): NotDoneEntry[] =>
      a.status === 'not_done' ? [{ code: a.code, text: a.text, ...(a.recordId ? { recordId: a.recordId } : {}) }] : [],
    ),
    ...commit.otherNotDone,
    ...commit.understanding.unread.map((part): NotDoneEntry => ({
      code: 'not_understood',
      text: formatSentence(copy.notice.notUnderstood, { part }),
    })),
  ];
  function acceptedReceipt(workflow: WorkflowDefinition) {
    return (payload: Readonly<Record<string, unknown>>) => {
      const sent = workflow.submissions?.find((d) => d.key === payload.submission);
      const submission = (sent && pick(sent.label, locale)) ?? String(payload.submission);
      return { title: copy.composition.submissionAcceptedTitle, body: formatSentence(copy.composition.submissionAccepted, { submission }) };
    };
  }

  const starting: StartingEntry[] = commit.acts.flatMap((a) => {
    if (a.status !== 'awaiting' || !a.starting) return [];
    const workflow = workflows.get(a.awaiting.workflow);
    return workflow ? [{ workflow: workflow.key, noun: nounOf(workflow, locale) }] : [];
  });

  const actedRecords = unique(
    commit.acts.flatMap((a) => {
      const id = a.status === 'awaiting' ? a.awaiting.record : a.recordId;
      return id && records.has(id) ? [id] : [];
    }),
  );
  const questions = commit.understanding.questions;
  const inView = unique([
    ...commit.context.inView.filter((id) => records.has(id)),
    ...actedRecords,
    ...questions.flatMap((q) => q.records.filter((id) => records.has(id))),
  ]);
  const on = recordTurnIsOn({ actedRecords, questions, previousAbout: commit.context.aboutRecord, records, workflows, inView, locale });

  const onRecord = on ? records.get(on.recordId) : undefined;
  const onWorkflow = on ? workflowOf(on.recordId) : undefined;
  const declined = (recordId: string, card: string) => commit.declinedCards.some((d) => d.recordId === recordId && d.card === card);
  let card: CardOnScreen | null = null;
  if (onRecord && onWorkflow) {
    const shown = cardShown(onWorkflow, onRecord.state);
    if (shown && !declined(onRecord.id, shown.key)) {
      card = {
        recordId: onRecord.id,
        card: shown.key,
        title: pick(shown.title, locale) ?? shown.key,
        buttons: shown.buttons.map((b) => ({ key: b.key, label: pick(b.label, locale) ?? b.key })),
      };
    }
  }

  const firstAwaiting = commit.acts.find((a) => a.status === 'awaiting');
  const ask = chooseAsk({
    locale,
    copy,
    workflows,
    records,
    disputes: commit.disputes,
    awaited: firstAwaiting
      ? { awaiting: firstAwaiting.awaiting, operationLabel: firstAwaiting.operationLabel, fieldLabel: firstAwaiting.fieldLabel }
      : null,
    on,
    acted: commit.understanding.acts.length > 0 || commit.understanding.cardResponses.some((r) => r.response === 'pressed'),
    leftUnread: commit.understanding.unread.length > 0,
    inView,
    cardOnScreen: card !== null,
  });

  const outcome: OutcomeDocument = {
    done: receipts.map((r) => ({ receiptId: r.id, title: r.title, body: r.body })),
    notDone,
    disputes: commit.disputes,
    starting,
    ask,
    card,
  };

  let n = 0;
  const notice = (code: string, text: string, recordId: string | null): NoticeBlock => ({
    kind: 'notice',
    id: `notice:${n++}`,
    code,
    text,
    recordId,
  });
  const notices: NoticeBlock[] = [
    ...notDone.map((d) => notice(d.code, d.text, d.recordId ?? null)),
    ...commit.disputes.map((d) => {
      const recordId = recordOfReceipt(d.receiptId);
      const text = formatSentence(copy.notice.disputed, { receipt: d.title, said: d.said });
      return notice('disputed', text, recordId && records.has(recordId) ? recordId : null);
    }),
    ...commit.understanding.attachments.map((a) =>
      notice(
        a.modelMayView ? 'attachment_received' : 'attachment_not_shown',
        formatSentence(a.modelMayView ? copy.attachment.received : copy.attachment.notShown, { name: a.name, media_type: a.mediaType }),
        null,
      ),
    ),
  ];

  const calls: WriterCall[] = [...commit.understandingCalls];
  const factsFor = (ids: readonly string[]): RecordFacts[] =>
    ids.flatMap((id) => {
      const record = records.get(id);
      const workflow = record && workflows.get(record.workflow);
      return record && workflow ? [factsOf(record, workflow, locale)] : [];
    });

  if (writer && questions.length > 0) options.onPhase?.('answering');
  const answers: AnswerBlock[] = await Promise.all(
    questions.map(async (question, index): Promise<AnswerBlock> => {
      const facts = factsFor(question.records.length > 0 ? question.records : inView);
      const own = codeAnswer(question, facts, workflows, copy, locale);
      const base = { kind: 'answer' as const, id: `answer:${index}`, questionIndex: index, question: question.text, questionKind: question.kind };
      const fromCode = (): AnswerBlock => ({ ...base, status: own.status, basis: own.basis, text: own.text, writtenBy: own.text === null ? null : 'code' });
      if (!writer) return fromCode();
      let knowledge: KnowledgeResult = { status: 'none', passages: [] };
      if (options.knowledge) {
        try {
          knowledge = await options.knowledge.lookup({ text: question.text, kind: question.kind }, facts);
        } catch {
          knowledge = { status: 'unavailable', passages: [] };
        }
      }
      const written = await unlessThrown(() =>
        writer.answer({
          turnId: commit.turnId,
          locale,
          tone: commit.tone,
          questionIndex: index,
          question: {
            text: question.text,
            kind: question.kind,
            ...(question.field ? { field: question.field } : {}),
            ...(own.values ? { values: own.values } : {}),
          },
          records: facts,
          knowledge,
          codeAnswer: own.text,
          ...(signal ? { signal } : {}),
        }),
      );
      calls.push(...written.calls);
      if (!written.ok) return fromCode();
      const source = knowledge.status === 'found' ? 'knowledge' : own.basis.source === 'none' && facts.length > 0 ? 'record' : own.basis.source;
      return { ...base, status: written.status, basis: { source, recordIds: facts.map((f) => f.id) }, text: written.text, writtenBy: 'writer' };
    }),
  );

  const u = commit.understanding;
  const answersOnly =
    questions.length > 0 &&
    u.acts.length === 0 &&
    u.disputes.length === 0 &&
    u.cardResponses.length === 0 &&
    u.unread.length === 0 &&
    u.attachments.length === 0;
  const codeWords = codeTransition({ outcome, answers, notices, ask, card, copy, answersOnly });
  let text = codeWords;
  let writtenBy: 'code' | 'writer' = 'code';
  let fallbackReason: string | null = null;
  if (writer && !answersOnly) {
    options.onPhase?.('acknowledging');
    const phase = onRecord && onWorkflow ? factsOf(onRecord, onWorkflow, locale).phase : null;
    const guidanceText = phase && onWorkflow?.guidance?.[phase];
    const written = await unlessThrown(() =>
      writer.acknowledge({
        turnId: commit.turnId,
        locale,
        tone: commit.tone,
        outcome,
        answers: answers.map(({ question: _words, ...rest }) => rest),
        notices,
        card,
        ask,
        guidance: guidanceText ? (pick(guidanceText, locale) ?? null) : null,
        message: notDone.length === 0 && !firstAwaiting ? commit.message : null,
        history: commit.context.history,
        codeWords,
        reportPhase: (p) => options.onPhase?.(p),
        ...(signal ? { signal } : {}),
      }),
    );
    calls.push(...written.calls);
    if (written.ok) {
      text = written.text;
      writtenBy = 'writer';
    } else fallbackReason = written.reason;
  }

  const cardBlocks: CardBlock[] = card ? [{ kind: 'card', id: `card:${card.recordId}:${card.card}`, ...card }] : [];
  const result: TurnResult = {
    turnId: commit.turnId,
    conversationId: commit.conversationId,
    locale,
    blocks: [...receipts, ...notices, ...answers, ...cardBlocks, { kind: 'transition', id: 'transition', text, writtenBy, fallbackReason }],
    outcome,
    ask,
    aboutRecord: ask?.recordId ?? on?.recordId ?? commit.context.aboutRecord,
    inView,
    evidence: {
      modelCalls: calls,
      understandingFailure: commit.understandingFailure,
      eventsCommitted: turnEvents.length,
    },
  };
  options.onPhase?.('guarding');
  const verdict = claimGuard(result, events);
  if (!verdict.ok) throw new ClaimRefusedError(verdict);
  return result;
}

/**
 * A writer that throws breaks its own promise (it should return `{ ok: false }`); the turn is
 * committed either way, so the throw becomes a failed writing and code's words stand (W4).
 */
async function unlessThrown<T extends { readonly ok: boolean }>(
  write: () => Promise<T>,
): Promise<T | { readonly ok: false; readonly reason: string; readonly calls: readonly WriterCall[] }> {
  try {
    return await write();
  } catch (error) {
    return { ok: false, reason: `writer threw: ${(error as Error)?.message ?? String(error)}`, calls: [] };
  }
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The caller's signal, the writer's deadline, both, or neither. */
function compositionSignal(caller: AbortSignal | undefined, deadlineMs: number | undefined): AbortSignal | undefined {
  const deadline = deadlineMs === undefined ? undefined : AbortSignal.timeout(deadlineMs);
  if (caller && deadline) return AbortSignal.any([caller, deadline]);
  return caller ?? deadline;
}
