import type { StoredRecord } from './stored-record.js';
import { nounOf, pick, type CardDefinition, type RecordPhase, type SubmissionStatus, type WorkflowDefinition } from './workflow.js';

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
  /**
   * What it sent outside and where each stands (`pending` is not done, `refused` was not done),
   * by label in the turn's language. Optional so facts built before submissions existed still read.
   */
  readonly sentOutside?: readonly { readonly submission: string; readonly label: string; readonly status: SubmissionStatus }[];
}

/** The first open obligation of a record, with what asking it needs. */
export interface OpenObligationOf {
  readonly key: string;
  /** Position among the obligation's open instances. */
  readonly index: number;
  readonly sentence: string;
  readonly act?: { readonly operation: string; readonly answers: string };
  readonly fixes: Readonly<Record<string, unknown>>;
}

/** Every open obligation of `state`, in the workflow's order, each in the workflow's sentence. */
export function openObligations(workflow: WorkflowDefinition, state: unknown, locale: string): OpenObligationOf[] {
  return (workflow.obligations ?? []).flatMap((obligation) =>
    obligation.open(state).map((instance, index) => {
      const sentence = pick(obligation.sentence, locale);
      return {
        key: obligation.key,
        index,
        sentence: sentence ? sentence(instance.params ?? {}) : obligation.key,
        ...(obligation.act ? { act: obligation.act } : {}),
        fixes: instance.fixes ?? {},
      };
    }),
  );
}

/** The card a record in `state` shows, if any. */
export function cardShown(workflow: WorkflowDefinition, state: unknown): CardDefinition<unknown> | undefined {
  return (workflow.cards ?? []).find((card) => card.shows(state));
}

/** Gathers the facts of `record` in `locale`. */
export function factsOf(record: StoredRecord, workflow: WorkflowDefinition, locale: string): RecordFacts {
  const needs = openObligations(workflow, record.state, locale).map((o) => o.sentence);
  const phase: RecordPhase = needs.length > 0 ? 'collecting' : cardShown(workflow, record.state) ? 'confirming' : 'settled';
  return {
    id: record.id,
    workflow: workflow.key,
    noun: nounOf(workflow, locale),
    revision: record.revision,
    phase,
    holds: record.state,
    needs,
    canDo: Object.entries(workflow.operations)
      .filter(([, op]) => op.creates !== true)
      .map(([operation, op]) => ({ operation, label: pick(op.label, locale) ?? operation })),
    sentOutside: (workflow.submissions ?? []).flatMap((d) => {
      const status = d.status(record.state);
      return status ? [{ submission: d.key, label: pick(d.label, locale) ?? d.key, status }] : [];
    }),
  };
}
