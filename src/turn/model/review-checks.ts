import { z } from 'zod';
import type { AcknowledgeRequest } from '../writer.js';

/** A check the review may ask, as a stable key. */
export type ReviewCheckKey = 'asks_the_ask' | 'holds_to_material' | 'agrees_with_card' | 'keeps_answers_and_notices';

/** One yes-or-no question of the review's checklist: "yes" passes. */
export interface ReviewCheck {
  readonly key: ReviewCheckKey;
  readonly question: string;
}

/** One check's verdict as the review answers it. */
export interface ReviewVerdict {
  passes: boolean;
  finding: string;
}

/**
 * The checks that apply to this turn, and only those: asking the ask (when there is one), holding
 * to the material (always), agreeing with the card (when one is on screen), keeping what the
 * answers and notices say (when there are any).
 */
export function reviewChecks(request: AcknowledgeRequest): ReviewCheck[] {
  const checks: ReviewCheck[] = [];
  if (request.ask) {
    checks.push({ key: 'asks_the_ask', question: `Does the reply ask "${request.ask.text}" (in its own words), and ask nothing else?` });
  }
  checks.push({
    key: 'holds_to_material',
    question: 'Does the reply state only actions, values and promises the material holds (nothing done that is not in "done")?',
  });
  if (request.card) {
    checks.push({ key: 'agrees_with_card', question: 'Does the reply agree with the card on screen (contradicting neither its title nor its buttons)?' });
  }
  if (request.answers.some((a) => a.text !== null) || request.notices.length > 0) {
    checks.push({ key: 'keeps_answers_and_notices', question: 'Does the reply keep everything each answer and each notice says?' });
  }
  return checks;
}

/** The structured answer the review gives for `checks`: one verdict per check, every one required. */
export function reviewSchema(checks: readonly ReviewCheck[]): z.ZodType<Record<string, ReviewVerdict>> {
  return z.strictObject(Object.fromEntries(checks.map((c) => [c.key, z.strictObject({ passes: z.boolean(), finding: z.string() })]))) as unknown as z.ZodType<
    Record<string, ReviewVerdict>
  >;
}
