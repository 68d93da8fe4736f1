import { formatSentence, type CopyTexts } from '../copy/index.js';
import type { Ask, AwaitedAct, DisputeEntry } from './outcome-document.js';
import { openObligations } from './record-facts.js';
import type { StoredRecord } from './stored-record.js';
import type { Question } from './turn-input.js';
import { nounSlotsOf, pick, type WorkflowDefinition } from './workflow.js';

/**
 * The record a turn is on, and how far the ask may go on it:
 * `full` (obligation, then next steps) or `owing_only` (a field-values question: ask only for the
 * field it is about, when the record still owes it).
 */
export interface RecordTurnIsOn {
  readonly recordId: string;
  readonly reach: 'full' | 'owing_only';
  /** For `owing_only`: the field the question is about; only an obligation answered by it is asked. */
  readonly field?: string;
}

/** Finds the record a turn is on (see the rules on {@link chooseAsk}). */
export function recordTurnIsOn({
  actedRecords,
  questions,
  previousAbout,
  records,
  workflows,
  inView,
  locale,
}: {
  /** Records the turn's acts reached that exist after the commit, in act order. */
  readonly actedRecords: readonly string[];
  readonly questions: readonly Question[];
  /** The record the last reply was about. */
  readonly previousAbout: string | null;
  readonly records: ReadonlyMap<string, StoredRecord>;
  /** The workflows, to find which record still owes a field a question asks about. */
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  /** Records in view after the turn, oldest first: what a question naming no record is about. */
  readonly inView: readonly string[];
  readonly locale: string;
}): RecordTurnIsOn | null {
  const acted = actedRecords[0];
  if (acted !== undefined) return { recordId: acted, reach: 'full' };
  const known = (id: string | null | undefined) => (id != null && records.has(id) ? id : undefined);
  // A question about the records in view (naming none) is on the record the last reply was about.
  for (const q of questions) {
    if (q.kind !== 'status' && q.kind !== 'other') continue;
    const id = q.records.length > 0 ? q.records.map(known).find((r) => r !== undefined) : known(previousAbout);
    if (id !== undefined) return { recordId: id, reach: 'full' };
  }
  // A field-values question is on the first record it is about (the records in view when it names
  // none) that still owes the field; it proposes the values in its answer and asks only for that.
  for (const q of questions) {
    if (q.kind !== 'field_values' || q.field === undefined) continue;
    const about = q.records.length > 0 ? q.records : inView;
    const id = about.find((r) => firstOwed(r, q.field!) !== undefined);
    if (id !== undefined) return { recordId: id, reach: 'owing_only', field: q.field };
  }
  if (questions.length > 0) return null;
  const about = known(previousAbout);
  return about === undefined ? null : { recordId: about, reach: 'full' };

  function firstOwed(recordId: string, field: string) {
    const record = records.get(recordId);
    const workflow = record && workflows.get(record.workflow);
    if (!record || !workflow) return undefined;
    return openObligations(workflow, record.state, locale).find((o) => o.act?.answers === field);
  }
}

/** Everything the ask is chosen from. */
export interface AskInput {
  readonly locale: string;
  readonly copy: CopyTexts;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  /** Records as they stand after the commit. */
  readonly records: ReadonlyMap<string, StoredRecord>;
  readonly disputes: readonly DisputeEntry[];
  /** The first act waiting for a value, with its operation's label. */
  readonly awaited: { readonly awaiting: AwaitedAct; readonly operationLabel: string; readonly fieldLabel: string } | null;
  readonly on: RecordTurnIsOn | null;
  /** True when the turn had any act (done or not). */
  readonly acted: boolean;
  /** True when part of the message was not understood. */
  readonly leftUnread: boolean;
  /** Records in view after the turn, oldest first. */
  readonly inView: readonly string[];
  /** True when a card is on screen. */
  readonly cardOnScreen: boolean;
}

/**
 * Chooses the one thing the reply asks next. In order:
 * 1. a receipt the user contested;
 * 2. the first value an act is waiting for;
 * 3. the first open obligation of the record the turn is on (asked in the workflow's sentence,
 *    and awaited as the obligation's act when it names one);
 * 4. when that record needs nothing (or there is none) and the turn acted or left part unread:
 *    the next record in view that needs something;
 * 5. a record that owes nothing, with no card on screen: its workflow's next steps;
 * 6. otherwise nothing: the reply ends on the acknowledgement.
 * Capability and field-value questions set no ask of their own ({@link recordTurnIsOn}), except
 * that a field-values question asks for its field on the first record it is about (the records in
 * view, when it names none) that still owes it.
 */
export function chooseAsk(input: AskInput): Ask | null {
  const { copy, locale } = input;
  const dispute = input.disputes[0];
  if (dispute) {
    return {
      id: `ask:contested:${dispute.receiptId}`,
      kind: 'contested',
      text: formatSentence(copy.ask.contested, { receipt: dispute.title }),
      recordId: recordOfReceipt(dispute.receiptId),
    };
  }
  if (input.awaited) {
    const { awaiting, operationLabel, fieldLabel } = input.awaited;
    return {
      id: `ask:awaited_value:${awaiting.record}:${awaiting.operation}:${awaiting.answers}`,
      kind: 'awaited_value',
      text: formatSentence(copy.ask.awaitedValue, { operation: operationLabel, field: fieldLabel }),
      recordId: awaiting.record,
      awaiting,
    };
  }
  const on = input.on;
  if (on) {
    const ask = obligationAsk(input, on.recordId, false, on.reach === 'owing_only' ? on.field : undefined);
    if (ask) return ask;
  }
  if (input.acted || input.leftUnread) {
    for (const id of input.inView) {
      if (id === on?.recordId) continue;
      const ask = obligationAsk(input, id, true);
      if (ask) return ask;
    }
  }
  if (on && on.reach === 'full' && !input.cardOnScreen) {
    const record = input.records.get(on.recordId);
    const workflow = record && input.workflows.get(record.workflow);
    const steps = (workflow?.nextSteps ?? []).map((s) => pick(s, locale)).filter((s): s is string => !!s);
    if (steps.length > 0) {
      return {
        id: `ask:next_steps:${on.recordId}`,
        kind: 'next_steps',
        text: formatSentence(copy.ask.nextSteps, { steps: steps.join(' ') }),
        recordId: on.recordId,
      };
    }
  }
  return null;
}

/** The record's first open obligation (the first one answered by `field`, when given), as an ask. */
function obligationAsk(input: AskInput, recordId: string, another: boolean, field?: string): Ask | null {
  const record = input.records.get(recordId);
  const workflow = record && input.workflows.get(record.workflow);
  if (!record || !workflow) return null;
  const open = openObligations(workflow, record.state, input.locale);
  const first = field === undefined ? open[0] : open.find((o) => o.act?.answers === field);
  if (!first) return null;
  const text = another
    ? formatSentence(input.copy.ask.nextRecord, { record: recordId, sentence: first.sentence }, nounSlotsOf(workflow, input.locale))
    : first.sentence;
  return {
    id: `ask:${another ? 'next_record' : 'obligation'}:${recordId}:${first.key}:${first.index}`,
    kind: another ? 'next_record' : 'obligation',
    text,
    recordId,
    ...(first.act
      ? {
          awaiting: {
            operation: first.act.operation,
            record: recordId,
            workflow: workflow.key,
            values: first.fixes,
            answers: first.act.answers,
          },
        }
      : {}),
  };
}

/** `receipt:{record}:{revision}` → the record id (which may itself contain colons) and the revision. */
export function receiptAddress(receiptId: string): { recordId: string; revision: number } | null {
  const match = /^receipt:(.+):(\d+)$/.exec(receiptId);
  return match ? { recordId: match[1]!, revision: Number(match[2]) } : null;
}

/** `receipt:{record}:{revision}` → the record id (which may itself contain colons). */
export function recordOfReceipt(receiptId: string): string | null {
  return receiptAddress(receiptId)?.recordId ?? null;
}
