import { chooseAsk } from './choose-ask.js';
import type { CompositionScope } from './composition-scope.js';
import type { Ask } from './outcome-document.js';
import type { TurnCommit } from './turn-commit.js';
import type { TurnFocus } from './turn-focus.js';

/**
 * The choose-the-ask phase: hands {@link chooseAsk} what the turn decided — its disputes, the
 * first act waiting for a value, the record it is on, whether it acted (an act, or a card button
 * pressed) or left part of the message unread, the records in view, and whether a card is on
 * screen.
 */
export function turnAsk(commit: TurnCommit, { on, inView }: TurnFocus, cardOnScreen: boolean, scope: CompositionScope): Ask | null {
  const firstAwaiting = commit.acts.find((a) => a.status === 'awaiting');
  const { understanding } = commit;
  return chooseAsk({
    locale: scope.locale,
    copy: scope.copy,
    workflows: scope.workflows,
    records: scope.records,
    disputes: commit.disputes,
    awaited: firstAwaiting ? { awaiting: firstAwaiting.awaiting, operationLabel: firstAwaiting.operationLabel, fieldLabel: firstAwaiting.fieldLabel } : null,
    on,
    acted: understanding.acts.length > 0 || understanding.cardResponses.some((r) => r.response === 'pressed'),
    leftUnread: understanding.unread.length > 0,
    inView,
    cardOnScreen,
  });
}
