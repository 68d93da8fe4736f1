import type { AcknowledgeRequest } from '../writer.js';

/**
 * What the `acknowledge` task (and the review of its reply) is shown, exactly as the turn's rules list
 * it: the outcome document (done, not done, disputes, starting, the ask, the card on screen), the
 * answers and notices, the turn's tone, the workflow's guidance for the phase and the earlier
 * replies. The locale travels beside it (the language to write in).
 *
 * Two things are deliberately left out. An answer's question: beside the answer its words would
 * be answered twice, and beside a refusal they read as the thing done. And the user's message
 * whenever the turn left something undone (the runtime then passes none) or gave any answer,
 * since the message holds the words of the questions it answers.
 */
export function acknowledgeMaterial(request: AcknowledgeRequest): Record<string, unknown> {
  const { outcome } = request;
  const answers = request.answers.filter((a) => a.text !== null).map((a) => ({ status: a.status, text: a.text }));
  return {
    tone: request.tone,
    done: outcome.done.map((d) => ({ title: d.title, body: d.body })),
    not_done: outcome.notDone.map((n) => n.text),
    disputes: outcome.disputes.map((d) => ({ receipt: d.title, user_said: d.said })),
    starting: outcome.starting.map((s) => s.noun),
    answers,
    notices: request.notices.map((n) => n.text),
    ask: request.ask?.text ?? null,
    card_on_screen: request.card ? { title: request.card.title, buttons: request.card.buttons.map((b) => b.label) } : null,
    guidance: request.guidance,
    ...(request.message !== null && request.answers.length === 0 ? { user_message: request.message } : {}),
    earlier_replies: request.history,
  };
}
