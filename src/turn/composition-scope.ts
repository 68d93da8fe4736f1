import type { CopyTexts } from '../copy/index.js';
import type { StoredRecord } from './stored-record.js';
import type { WorkflowDefinition } from './workflow.js';

/**
 * What every phase of composing a turn reads: the turn's language, the server's sentences in it,
 * the workflows, and the records as they stood after the commit. Read-only: a phase is a function
 * of its inputs and this scope, never of another phase's leftovers.
 */
export interface CompositionScope {
  readonly locale: string;
  readonly copy: CopyTexts;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  /** The records the commit holds (in view after it, and any the turn named), by id. */
  readonly records: ReadonlyMap<string, StoredRecord>;
}

/** The workflow of a record the commit holds; `undefined` for a record it does not hold. */
export function workflowOf(scope: CompositionScope, recordId: string): WorkflowDefinition | undefined {
  const record = scope.records.get(recordId);
  return record && scope.workflows.get(record.workflow);
}
