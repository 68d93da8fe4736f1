import { runObjectTask, runTextTask } from '../../model/run-task.js';
import type { AcknowledgeRequest, ModelCall, WrittenAcknowledgement } from '../writer.js';
import { acknowledgeMaterial } from './acknowledge-material.js';
import { reviewChecks, reviewSchema } from './review-checks.js';
import { turnPrompts } from './turn-prompts.js';
import type { TurnModelOptions } from './turn-model-options.js';

/** Rewrites after a failed review: one, then code's own words stand. */
const MAX_REWRITES = 1;

/**
 * Writes the turn's reply with the `acknowledge` task and, unless the acknowledgement's profile
 * switches it off, has the `review` task judge it against the same material. A reply that fails
 * is written once more with the review's findings and judged again; failing twice, it is dropped.
 * A reply that could not be reviewed (the review's call failed) is dropped too: nothing
 * unverified is shown. At most four calls: write, review, rewrite, review.
 *
 * Every failure is `ok: false` with a reason (`timeout`, `review_failed`, `review_malformed`, …),
 * and the runtime shows code's own words instead.
 */
export async function writeAcknowledgement(request: AcknowledgeRequest, { models, prompts }: TurnModelOptions): Promise<WrittenAcknowledgement> {
  const calls: ModelCall[] = [];
  const material = acknowledgeMaterial(request);
  const common = {
    models,
    locale: request.locale,
    ...(prompts ? { prompts } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  };

  const write = async (revision?: { previous_reply: string; review_findings: string[] }) => {
    const result = await runTextTask({
      ...common,
      task: 'acknowledge',
      instructions: turnPrompts.acknowledge,
      input: revision ? { ...material, ...revision } : material,
    });
    calls.push(result.call);
    return result;
  };

  let written = await write();
  if (!written.ok) return { ok: false, reason: written.reason, calls };
  if (!models.forTask('acknowledge').review) return { ok: true, text: written.value, calls };

  const checks = reviewChecks(request);
  const checklist = Object.fromEntries(checks.map((c) => [c.key, c.question]));
  for (let rewrites = 0; ; rewrites++) {
    request.reportPhase('reviewing');
    const review = await runObjectTask({
      ...common,
      task: 'review',
      schema: reviewSchema(checks),
      instructions: turnPrompts.review,
      input: { reply: written.value, checklist, material },
    });
    calls.push(review.call);
    if (!review.ok) return { ok: false, reason: `review_${review.reason}`, calls };
    const findings = checks.filter((c) => review.value[c.key]?.passes !== true).map((c) => `${c.key}: ${review.value[c.key]?.finding.trim() || 'failed'}`);
    if (findings.length === 0) return { ok: true, text: written.value, calls };
    if (rewrites >= MAX_REWRITES) return { ok: false, reason: 'review_failed', calls };
    request.reportPhase('rewriting');
    written = await write({ previous_reply: written.value, review_findings: findings });
    if (!written.ok) return { ok: false, reason: `rewrite_${written.reason}`, calls };
  }
}
