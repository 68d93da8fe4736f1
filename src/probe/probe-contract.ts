import { compileContract, type DisguiseClass, type ReplyContract } from '../contract/index.js';
import type { ModelCall } from '../model/index.js';
import { PROBE_CHECKS } from './checks/index.js';
import { disguiseAdvice } from './disguise-advice.js';
import { paraphraseAttacks, type ParaphraseSource, type ParaphraseStatus } from './paraphrase-attacks.js';
import type { ProbeFinding } from './probe-finding.js';

/** What {@link probeContract} found. */
export interface ProbeReport {
  readonly contractVersion: ReplyContract['contractVersion'];
  /** The checks' findings in the order of `PROBE_CHECKS`, then the paraphrase part's. */
  readonly findings: readonly ProbeFinding[];
  /** Sentences for the reader: what a v0 contract should do about its disguise holes, what was skipped. */
  readonly notes: readonly string[];
  /**
   * The disguise classes some accepted candidate used (every class a finding names), in the
   * order of `DISGUISE_CLASSES`: what the contract's forbidden_terms matching leaves open.
   */
  readonly openDisguises: readonly DisguiseClass[];
  /**
   * Of {@link openDisguises}, the classes whose every candidate the same contract with
   * `matching.forbidden_terms: "loose"` rejects; empty when that contract is refused (its fallback
   * or a required term holds a forbidden term loosely) or is not v1.
   */
  readonly closedByLoose: readonly DisguiseClass[];
  /** The paraphrase part: `ran` with how many candidates were tried, or `skipped` and why. */
  readonly paraphrase: ParaphraseStatus;
  /** Evidence of the model calls the paraphrase part made. */
  readonly calls: readonly ModelCall[];
}

/** Options of {@link probeContract}. */
export interface ProbeOptions {
  /** The paraphrase part. Absent: skipped, and the report says so. */
  readonly paraphrase?: ParaphraseSource;
  /** How many paraphrase candidates to ask for. Default 8. */
  readonly paraphraseCount?: number;
  /**
   * Cancels the probe (the sidecar passes its request's signal): the paraphrase source is handed
   * it and no longer waited for once it aborts, and the probe rejects with the signal's reason.
   */
  readonly signal?: AbortSignal;
}

/**
 * Probes a contract for holes before users find them: every check of `PROBE_CHECKS` (disguised
 * forbidden terms the contract would accept, a forbidden term that blocks its own denial, a
 * required term almost any reply holds, duplicate or overlapping terms, a required term the
 * fallback holds only inside a longer word), what would close the disguise holes, and, with a
 * paraphrase source, model-written candidates that say the forbidden thing in other words yet
 * pass. Every finding carries a candidate that demonstrates it.
 */
export async function probeContract(contract: ReplyContract, { paraphrase, paraphraseCount = 8, signal }: ProbeOptions = {}): Promise<ProbeReport> {
  signal?.throwIfAborted();
  const compiled = compileContract(contract);
  const c = compiled.contract;
  const findings = PROBE_CHECKS.flatMap((check) => check.run(compiled));
  const advice = disguiseAdvice(c, findings);
  const attacks = await paraphraseAttacks(compiled, paraphrase, paraphraseCount, signal);
  return {
    contractVersion: c.contractVersion,
    findings: [...findings, ...attacks.findings],
    notes: [...advice.notes, ...attacks.notes],
    openDisguises: advice.openDisguises,
    closedByLoose: advice.closedByLoose,
    paraphrase: attacks.status,
    calls: attacks.calls,
  };
}
