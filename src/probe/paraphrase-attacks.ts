import type { CompiledContract, ReplyContract } from '../contract/index.js';
import { boundedCall } from '../bounded-call.js';
import type { ModelCall } from '../model/index.js';
import type { ProbeFinding } from './probe-finding.js';

/**
 * The paraphrase part of a probe: asks a model for candidates that keep every required term yet
 * say what the forbidden terms forbid in other words. Replaceable so the probe's checks never
 * need a model (`probe-paraphrases.ts` holds the model-backed one).
 */
export type ParaphraseSource = (contract: ReplyContract, count: number, options?: { readonly signal?: AbortSignal }) => Promise<ParaphraseResult>;

/** What a {@link ParaphraseSource} returns: candidates, or why there are none, and its call evidence. */
export type ParaphraseResult =
  | { readonly ran: true; readonly candidates: readonly string[]; readonly calls: readonly ModelCall[] }
  | { readonly ran: false; readonly reason: string; readonly calls: readonly ModelCall[] };

/** Whether the paraphrase part ran: `ran` with how many candidates were tried, or `skipped` and why. */
export type ParaphraseStatus = { readonly status: 'ran'; readonly tried: number } | { readonly status: 'skipped'; readonly reason: string };

/** What the paraphrase part found, with the evidence of its model calls. */
export interface ParaphraseAttacks {
  readonly status: ParaphraseStatus;
  /** One `paraphrase` finding per model-written candidate the contract accepts. */
  readonly findings: readonly ProbeFinding[];
  readonly notes: readonly string[];
  readonly calls: readonly ModelCall[];
}

/**
 * Runs the paraphrase part: `count` candidates from `source`, each one the contract accepts a
 * finding. No source, or a source that did not run (no model, a failed call), skips the part
 * with the reason as a note. `signal` cancels it: the source is handed it and no longer waited
 * for once it aborts.
 */
export async function paraphraseAttacks(
  compiled: CompiledContract,
  source: ParaphraseSource | undefined,
  count: number,
  signal?: AbortSignal,
): Promise<ParaphraseAttacks> {
  const c = compiled.contract;
  if (!source) {
    const notes = ['paraphrase attacks skipped: no model is configured (set WARRANT_MODEL, or a model for the task "probe")'];
    return { status: { status: 'skipped', reason: 'no model is configured' }, findings: [], notes, calls: [] };
  }
  const result = await boundedCall((bound) => source(c, count, { signal: bound }), { signal });
  if (!result.ran) {
    return { status: { status: 'skipped', reason: result.reason }, findings: [], notes: [`paraphrase attacks skipped: ${result.reason}`], calls: result.calls };
  }
  const findings = result.candidates
    .filter((candidate) => compiled.verify(candidate).passed)
    .map(
      (candidate): ProbeFinding => ({
        kind: 'paraphrase',
        terms: [...c.forbiddenTerms],
        paths: c.forbiddenTerms.map((_, i) => `forbidden_terms[${i}]`),
        candidate,
        message: 'a model-written candidate the contract accepts; if it states what the forbidden terms forbid, add its wording to forbidden_terms',
      }),
    );
  return { status: { status: 'ran', tried: result.candidates.length }, findings, notes: [], calls: result.calls };
}
