import { recordTurnIsOn, type RecordTurnIsOn } from './choose-ask.js';
import type { CompositionScope } from './composition-scope.js';
import type { TurnCommit } from './turn-commit.js';

/** Where a turn stands: the records in view after it and the record it is on. */
export interface TurnFocus {
  /** Records in view after the turn, oldest first: before it, then those its acts and questions reached. */
  readonly inView: readonly string[];
  /** The record the turn is on (see {@link recordTurnIsOn}), or `null` when it reached none. */
  readonly on: RecordTurnIsOn | null;
}

/**
 * Finds where the turn stands: the records its acts reached (in act order), the records in view
 * after it, and from those the record it is on — what the card, the ask and the reply are about.
 * Only records the commit holds count.
 */
export function turnFocus(commit: TurnCommit, scope: CompositionScope): TurnFocus {
  const { records, workflows, locale } = scope;
  const held = (id: string | null): id is string => !!id && records.has(id);
  const actedRecords = unique(commit.acts.map((a) => (a.status === 'awaiting' ? a.awaiting.record : a.recordId)).filter(held));
  const questions = commit.understanding.questions;
  const inView = unique([...commit.context.inView.filter(held), ...actedRecords, ...questions.flatMap((q) => q.records.filter(held))]);
  const on = recordTurnIsOn({ actedRecords, questions, previousAbout: commit.context.aboutRecord, records, workflows, inView, locale });
  return { inView, on };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
