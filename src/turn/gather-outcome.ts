import { formatSentence } from '../copy/index.js';
import type { RecordTurnIsOn } from './choose-ask.js';
import { workflowOf, type CompositionScope } from './composition-scope.js';
import type { CardOnScreen, NotDoneEntry, OutcomeDocument, StartingEntry } from './outcome-document.js';
import { cardShown } from './record-facts.js';
import type { TurnReceipts } from './render-receipts.js';
import type { TurnCommit } from './turn-commit.js';
import { nounOf, pick } from './workflow.js';

/** The outcome document before the ask is chosen (the ask depends on the card it holds). */
export type OutcomeBeforeAsk = Omit<OutcomeDocument, 'ask'>;

/**
 * The outcome document phase: gathers what the turn did into the one document a writer is shown —
 * done (each receipt, in its own words), not done (submissions not accepted, acts that did not
 * happen, declined cards and other refusals, parts of the message not understood, in that
 * order), disputes, workflows being started, and the card on screen on the record the turn is on.
 */
export function gatherOutcome(
  commit: TurnCommit,
  { receipts, submissionsNotDone }: Pick<TurnReceipts, 'receipts' | 'submissionsNotDone'>,
  on: RecordTurnIsOn | null,
  scope: CompositionScope,
): OutcomeBeforeAsk {
  return {
    done: receipts.map((r) => ({ receiptId: r.id, title: r.title, body: r.body })),
    notDone: [
      ...submissionsNotDone,
      ...commit.acts.flatMap((a): NotDoneEntry[] =>
        a.status === 'not_done' ? [{ code: a.code, text: a.text, ...(a.recordId ? { recordId: a.recordId } : {}) }] : [],
      ),
      ...commit.otherNotDone,
      ...commit.understanding.unread.map(
        (part): NotDoneEntry => ({
          code: 'not_understood',
          text: formatSentence(scope.copy.notice.notUnderstood, { part }),
        }),
      ),
    ],
    disputes: commit.disputes,
    starting: startingOf(commit, scope),
    card: cardOnScreen(commit, on, scope),
  };
}

/** Workflows an act is waiting to start: it would create its record once it has its value. */
function startingOf(commit: TurnCommit, { workflows, locale }: CompositionScope): StartingEntry[] {
  return commit.acts.flatMap((a) => {
    if (a.status !== 'awaiting' || !a.starting) return [];
    const workflow = workflows.get(a.awaiting.workflow);
    return workflow ? [{ workflow: workflow.key, noun: nounOf(workflow, locale) }] : [];
  });
}

/** The card the record the turn is on shows in its state, unless the user declined it this turn. */
export function cardOnScreen(commit: TurnCommit, on: RecordTurnIsOn | null, scope: CompositionScope): CardOnScreen | null {
  const record = on ? scope.records.get(on.recordId) : undefined;
  const workflow = on ? workflowOf(scope, on.recordId) : undefined;
  if (!record || !workflow) return null;
  const shown = cardShown(workflow, record.state);
  if (!shown || commit.declinedCards.some((d) => d.recordId === record.id && d.card === shown.key)) return null;
  return {
    recordId: record.id,
    card: shown.key,
    title: pick(shown.title, scope.locale) ?? shown.key,
    buttons: shown.buttons.map((b) => ({ key: b.key, label: pick(b.label, scope.locale) ?? b.key })),
  };
}
