import type { GateRecord } from '../evidence/gate-record.js';
import type { StepFailure, SuggestStep } from './stop-copy.js';

/**
 * Why Warrant itself could not decide, beside a stop state that is not the match's situation: no
 * model is configured (a `hold` saying generation or a boundary needs a model), a model step
 * failed, or fewer than three drafts survived the audits. The result stays the four-property
 * union; this is how an app tells "wait for her" from "try again".
 */
export interface Unavailable {
  readonly reason: 'no_model' | 'step_failed' | 'too_few_survived';
  /** The step that failed (`step_failed`); `null` otherwise. */
  readonly step: SuggestStep | null;
  /** The step's failure (`timeout`, `malformed`, `unruled_suspicions`, …); `null` otherwise. */
  readonly failure: StepFailure | null;
  /** Seconds after which the same request may succeed; `null` when retrying cannot help (no model, a refusal, a cancelled request). */
  readonly retryAfterSeconds: number | null;
}

/**
 * How long a caller should wait before retrying a request Warrant could not decide: 30 s. A model
 * timing out, a provider failing or an answer that did not parse are usually passing; a fresh
 * drafting round draws new candidates.
 */
export const RETRY_AFTER_SECONDS = 30;

const RETRYABLE: ReadonlySet<StepFailure> = new Set(['timeout', 'provider_error', 'malformed', 'unruled_suspicions']);

/** A step's failure as {@link Unavailable}: retryable when the failure is one a later attempt can cure. */
export function stepFailed(step: SuggestStep, failure: StepFailure): Unavailable {
  return { reason: 'step_failed', step, failure, retryAfterSeconds: RETRYABLE.has(failure) ? RETRY_AFTER_SECONDS : null };
}

/** No model configured: retrying the same deployment cannot help. */
export const NO_MODEL: Unavailable = { reason: 'no_model', step: null, failure: null, retryAfterSeconds: null };

/** Fewer than three drafts survived: a new round may do better. */
export const TOO_FEW_SURVIVED: Unavailable = { reason: 'too_few_survived', step: null, failure: null, retryAfterSeconds: RETRY_AFTER_SECONDS };

/** Whether the gate that stopped stopped because Warrant could not decide, and why. */
export function unavailableOfGate(stopped: GateRecord | undefined): Unavailable | null {
  if (stopped?.decision !== 'stop') return null;
  const failure = stopped.detail.outcome as StepFailure | undefined;
  if (stopped.reason === 'burst_reading_failed' && failure) return stepFailed('burst', failure);
  if (stopped.reason === 'strategy_failed' && failure) return stepFailed('strategy', failure);
  if (stopped.reason === 'boundary_needs_reading') return NO_MODEL;
  return null;
}
