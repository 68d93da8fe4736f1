import { formatSentence, type CopyTexts } from '../copy/index.js';
import { joinList } from './join-list.js';
import type { Ask, CardOnScreen, OutcomeDocument } from './outcome-document.js';
import type { AnswerBlock, NoticeBlock } from './turn-result.js';

/**
 * The reply in code's own words: what was done, the answers, what the notices say, then the ask
 * (or, with no ask, a pointer to the card on screen). A turn that says nothing else says it noted
 * the message. This is also what stands in whenever a writer fails.
 */
export function codeTransition({
  outcome,
  answers,
  notices,
  ask,
  card,
  copy,
}: {
  readonly outcome: OutcomeDocument;
  readonly answers: readonly AnswerBlock[];
  readonly notices: readonly NoticeBlock[];
  readonly ask: Ask | null;
  readonly card: CardOnScreen | null;
  readonly copy: CopyTexts;
}): string {
  const lines = [
    ...outcome.done.map((d) => formatSentence(copy.composition.done, { title: d.title, body: d.body })),
    ...outcome.starting.map((s) => formatSentence(copy.composition.starting, { noun: s.noun })),
    ...answers.map((a) => a.text ?? formatSentence(copy.composition.notWritten, { question: a.question })),
    ...notices.map((n) => n.text),
  ];
  if (ask) lines.push(ask.text);
  else if (card) {
    const buttons = card.buttons.map((b) => formatSentence(copy.confirmation.button, { label: b.label }));
    lines.push(formatSentence(copy.confirmation.cardOnScreen, { card: card.title, buttons: joinList(buttons, copy, { alternatives: true }) }));
  }
  return lines.length > 0 ? lines.join('\n') : copy.composition.acknowledged;
}
