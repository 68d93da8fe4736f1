import type { RecordPhase } from './workflow.js';

/**
 * The facts of one record, as code gathered them after the turn committed: the whole of what an
 * answer about that record may rest on.
 */
export interface RecordFacts {
  readonly id: string;
  readonly workflow: string;
  /** The workflow's word for one record, in the turn's language. */
  readonly noun: string;
  readonly revision: number;
  /** Where it stands. */
  readonly phase: RecordPhase;
  /** What it holds: the record's state as stored. */
  readonly holds: unknown;
  /** What it still needs: each open obligation in the workflow's sentence. */
  readonly needs: readonly string[];
  /** What can be done on it: operation key and label in the turn's language. */
  readonly canDo: readonly { readonly operation: string; readonly label: string }[];
}
