import { formatSentence, type CopyTexts } from '../copy/index.js';
import { fieldValuesOf } from './field-values.js';
import { joinList } from './join-list.js';
import type { Ask } from './outcome-document.js';
import type { RecordFacts } from './record-facts.js';
import type { AnswerBasis, AnswerStatus } from './turn-result.js';
import type { Question } from './turn-input.js';
import { nounSlotsOf, pick, type WorkflowDefinition } from './workflow.js';

/** The server's own answer to a question: status, basis, and its words (or none). */
export interface CodeAnswer {
  readonly status: AnswerStatus;
  readonly basis: AnswerBasis;
  readonly text: string | null;
  /** For a field-values question: the values the field may take, in the turn's language (what a writer is given to propose). */
  readonly values?: readonly string[];
}

/**
 * Answers what the server can answer without a writer:
 * - capability questions, by listing the operations on offer (for the workflows of the records
 *   asked about, or every workflow when none is in view);
 * - status questions, from the records' facts, leaving the need `ask` asks to the ask, which the
 *   reply ends on (default none);
 * - field-values questions, by listing the values the field may take as the workflow's schema
 *   enumerates them (for the workflows of the records asked about, or every workflow);
 * - everything else is `not_written`.
 */
export function codeAnswer(
  question: Question,
  records: readonly RecordFacts[],
  workflows: ReadonlyMap<string, WorkflowDefinition>,
  copy: CopyTexts,
  locale: string,
  ask: Ask | null = null,
): CodeAnswer {
  const recordIds = records.map((r) => r.id);
  if (question.kind === 'capability') {
    const keys = records.length > 0 ? [...new Set(records.map((r) => r.workflow))] : [...workflows.keys()];
    const lines = keys.flatMap((key) => {
      const workflow = workflows.get(key);
      if (!workflow) return [];
      const onRecord = records.length > 0;
      const labels = Object.values(workflow.operations)
        .filter((op) => (onRecord ? op.creates !== true : true))
        .map((op) => pick(op.label, locale))
        .filter((l): l is string => !!l);
      return labels.length === 0 ? [] : [formatSentence(copy.composition.capabilities, { operations: joinList(labels, copy) }, nounSlotsOf(workflow, locale))];
    });
    return lines.length === 0
      ? { status: 'unsupported', basis: { source: 'operations', recordIds }, text: copy.composition.nothingOnOffer }
      : { status: 'answered', basis: { source: 'operations', recordIds }, text: lines.join(' ') };
  }
  if (question.kind === 'status') {
    if (records.length === 0) {
      return { status: 'unsupported', basis: { source: 'none', recordIds }, text: copy.composition.nothingInView };
    }
    return { status: 'answered', basis: { source: 'record', recordIds }, text: statusText(records, ask, workflows, copy, locale) };
  }
  if (question.kind === 'field_values' && question.field !== undefined) {
    const keys = records.length > 0 ? [...new Set(records.map((r) => r.workflow))] : [...workflows.keys()];
    const found = keys.flatMap((key) => {
      const workflow = workflows.get(key);
      const values = workflow && fieldValuesOf(workflow, question.field!, locale);
      return values ? [values] : [];
    })[0];
    if (found) {
      const values = found.values.map((v) => v.label);
      return {
        status: 'answered',
        basis: { source: 'operations', recordIds },
        text: formatSentence(copy.composition.fieldValues, { field: found.label, values: joinList(values, copy, { alternatives: true }) }),
        values,
      };
    }
  }
  return { status: 'not_written', basis: { source: 'none', recordIds }, text: null };
}

/**
 * Where each record stands. The reply ends on the ask, so the record the ask is about is said
 * last and without the need the ask asks: its line leads into the ask («Trip “a” still needs
 * something:» then «Who is traveling?»), the need is said once, and with several records in view
 * the ask reads as the last record's.
 */
function statusText(
  records: readonly RecordFacts[],
  ask: Ask | null,
  workflows: ReadonlyMap<string, WorkflowDefinition>,
  copy: CopyTexts,
  locale: string,
): string {
  const asked = ask ? records.findIndex((r) => r.id === ask.recordId && r.needs.some((n) => asks(ask, n))) : -1;
  const ordered = asked < 0 ? records : [...records.slice(0, asked), ...records.slice(asked + 1), records[asked]!];
  return ordered
    .map((r, i) => {
      const noun = capitalise(r.noun);
      const workflow = workflows.get(r.workflow);
      const slots = workflow && nounSlotsOf(workflow, locale);
      if (r.needs.length === 0) return formatSentence(copy.composition.statusComplete, { noun, record: r.id }, slots);
      const needs = asked >= 0 && i === ordered.length - 1 ? withoutFirst(r.needs, (n) => asks(ask!, n)) : r.needs;
      return formatSentence(copy.composition.statusOwes, { noun, record: r.id, needs: needs.join(' ') }, slots).trimEnd();
    })
    .join(' ');
}

/** Whether `ask` asks the need `sentence`: the obligation's own sentence, or the next record's ask ending on it. */
function asks(ask: Ask, sentence: string): boolean {
  return (ask.kind === 'obligation' && ask.text === sentence) || (ask.kind === 'next_record' && ask.text.endsWith(sentence));
}

function withoutFirst(items: readonly string[], match: (item: string) => boolean): string[] {
  const at = items.findIndex(match);
  return at < 0 ? [...items] : [...items.slice(0, at), ...items.slice(at + 1)];
}

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}
