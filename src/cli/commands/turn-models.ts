import { transitionOf, type TurnResult } from '../../turn/turn-result.js';

/** Sentences for stderr saying what no model could do in `result`, and why. */
export function modelNotes(result: TurnResult): string[] {
  const notes: string[] = [];
  const why = (reason: string) => (reason === 'no_model' ? 'no model is configured; set WARRANT_MODEL' : reason);
  const failure = result.evidence.understandingFailure;
  if (failure) notes.push(`warrant: the message could not be read (${why(failure)}), so nothing in it was acted on`);
  const { fallbackReason } = transitionOf(result);
  if (fallbackReason) notes.push(`warrant: the reply is in code's own words (${why(fallbackReason)})`);
  return notes;
}
