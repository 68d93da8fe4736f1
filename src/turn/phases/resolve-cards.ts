import { formatSentence, type CopyTexts } from '../../copy/index.js';
import type { NotDoneEntry } from '../outcome-document.js';
import { cardShown } from '../record-facts.js';
import type { StoredRecord } from '../stored-record.js';
import type { Act, CardResponse } from '../turn-input.js';
import { pick, type WorkflowDefinition } from '../workflow.js';

/** What the user's answers to cards come to. */
export interface ResolvedCards {
  /** The acts of the buttons pressed, run with the turn's own acts. */
  readonly pressed: readonly Act[];
  /** The cards declined (or answered with a button that does nothing), by record. */
  readonly declinedCards: readonly { readonly recordId: string; readonly card: string }[];
  /** One entry per card declined, and per card that is not the one on its record's screen. */
  readonly notDone: readonly NotDoneEntry[];
}

/** Everything {@link resolveCards} reads besides the responses. */
export interface ResolveCardsOptions {
  /** The records as stored before the turn, by id. */
  readonly records: ReadonlyMap<string, StoredRecord>;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  readonly locale: string;
  readonly texts: CopyTexts;
}

/**
 * The second phase: each card response is checked against the card its record shows now. A
 * pressed button with an act becomes that act; a declined card (or a button with no act) is noted
 * as declined; a response to a card the record does not show is `unknown_card`. Pure.
 */
export function resolveCards(responses: readonly CardResponse[], { records, workflows, locale, texts }: ResolveCardsOptions): ResolvedCards {
  const pressed: Act[] = [];
  const declinedCards: { recordId: string; card: string }[] = [];
  const notDone: NotDoneEntry[] = [];
  const unknown = (response: CardResponse): NotDoneEntry => ({
    code: 'unknown_card',
    text: formatSentence(texts.notice.unknownCard, { card: response.card }),
    recordId: response.record,
  });
  for (const response of responses) {
    const record = records.get(response.record);
    const workflow = record && workflows.get(record.workflow);
    const shown = workflow && cardShown(workflow, record.state);
    if (!shown || shown.key !== response.card) {
      notDone.push(unknown(response));
      continue;
    }
    const button = shown.buttons.find((b) => b.key === response.button);
    if (response.response === 'declined' || (button && !button.act)) {
      const title = pick(shown.title, locale) ?? shown.key;
      declinedCards.push({ recordId: response.record, card: shown.key });
      notDone.push({ code: 'card_declined', text: formatSentence(texts.notice.cardDeclined, { card: title }), recordId: response.record });
    } else if (button?.act) {
      pressed.push({ operation: button.act.operation, record: response.record, values: button.act.values ?? {}, answersAsk: false });
    } else {
      notDone.push(unknown(response));
    }
  }
  return { pressed, declinedCards, notDone };
}
