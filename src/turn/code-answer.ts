import { formatSentence, type CopyTexts } from '../copy/index.js';
import { fieldValuesOf } from './field-values.js';
import { joinList } from './join-list.js';
import type { RecordFacts } from './record-facts.js';
import type { AnswerBasis, AnswerStatus } from './turn-result.js';
import type { Question } from './turn-input.js';
import { nounOf, pick, type WorkflowDefinition } from './workflow.js';

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
 * - status questions, from the records' facts;
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
      return labels.length === 0
        ? []
        : [formatSentence(copy.composition.capabilities, { noun: nounOf(workflow, locale), operations: joinList(labels, copy) })];
    });
    return lines.length === 0
      ? { status: 'unsupported', basis: { source: 'operations', recordIds }, text: copy.composition.nothingOnOffer }
      : { status: 'answered', basis: { source: 'operations', recordIds }, text: lines.join(' ') };
  }
  if (question.kind === 'status') {
    if (records.length === 0) {
      return { status: 'unsupported', basis: { source: 'none', recordIds }, text: copy.composition.nothingInView };
    }
    const text = records
      .map((r) =>
        r.needs.length > 0
          ? formatSentence(copy.composition.statusOwes, { noun: capitalise(r.noun), record: r.id, needs: r.needs.join(' ') })
          : formatSentence(copy.composition.statusComplete, { noun: capitalise(r.noun), record: r.id }),
      )
      .join(' ');
    return { status: 'answered', basis: { source: 'record', recordIds }, text };
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

function capitalise(word: string): string {
  return word.charAt(0).toLocaleUpperCase() + word.slice(1);
}
