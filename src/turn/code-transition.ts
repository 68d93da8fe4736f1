import { formatSentence, type CopyTexts, type NounSlots } from '../copy/index.js';
import { joinList } from './join-list.js';
import type { Ask, CardOnScreen, OutcomeDocument } from './outcome-document.js';
import type { AnswerBlock, NoticeBlock } from './turn-result.js';

/** Everything code's own reply is assembled from. */
export interface CodeTransitionInput {
  readonly outcome: OutcomeDocument;
  readonly answers: readonly AnswerBlock[];
  readonly notices: readonly NoticeBlock[];
  readonly ask: Ask | null;
  readonly card: CardOnScreen | null;
  readonly copy: CopyTexts;
  /**
   * True when the turn only asked questions: the reply is then the answers as written, and the
   * ask where a rule set one, never a pointer to the card, which is already on screen and which
   * nothing in the turn touched. Default false.
   */
  readonly answersOnly?: boolean;
  /**
   * A workflow's noun with its gender and number in the turn's language, so «starting» agrees with
   * it («Inizio una nuova pratica»). Default: the outcome's noun alone, read as the language's
   * default gender.
   */
  readonly nounOf?: (workflow: string) => NounSlots | undefined;
}

/**
 * The reply in code's own words: what was done, the answers, what the notices say, then the ask
 * (or, with no ask, a pointer to the card on screen). A turn that says nothing else says it noted
 * the message. This is also what stands in whenever a writer fails.
 *
 * Each thing is said once: a line identical to one already said is left out (two acts refused
 * in one sentence). The ask is always the last line, so the reply ends on what the user's next
 * message answers; code's status answer leaves the ask's own need to it (see `codeAnswer`), so a
 * status line never holds the ask's words, and a line that is the ask itself moves to the end.
 */
export function codeTransition({ outcome, answers, notices, ask, card, copy, answersOnly = false, nounOf }: CodeTransitionInput): string {
  const lines: string[] = [];
  const say = (line: string) => {
    if (!lines.includes(line)) lines.push(line);
  };
  for (const d of outcome.done) say(formatSentence(copy.composition.done, { title: d.title, body: d.body }));
  for (const s of outcome.starting) say(formatSentence(copy.composition.starting, { noun: s.noun }, nounOf?.(s.workflow)));
  for (const a of answers) say(a.text ?? formatSentence(copy.composition.notWritten, { question: a.question }));
  for (const n of notices) say(n.text);
  if (ask) {
    // The reply ends on the ask, whatever came before: the user's next message answers it.
    const earlier = lines.indexOf(ask.text);
    if (earlier >= 0) lines.splice(earlier, 1);
    lines.push(ask.text);
  } else if (card && !answersOnly) {
    const buttons = card.buttons.map((b) => formatSentence(copy.confirmation.button, { label: b.label }));
    say(formatSentence(copy.confirmation.cardOnScreen, { card: card.title, buttons: joinList(buttons, copy, { alternatives: true }) }));
  }
  return lines.length > 0 ? lines.join('\n') : copy.composition.acknowledged;
}
