import { accidentalFallbackTermCheck } from './accidental-fallback-term.js';
import { blocksDenialCheck } from './blocks-denial.js';
import { disguiseCheck } from './disguise.js';
import { duplicateTermsCheck } from './duplicate-terms.js';
import { genericRequiredTermCheck } from './generic-required-term.js';
import { overlappingTermsCheck } from './overlapping-terms.js';
import type { ProbeCheck } from './probe-check.js';

export type { ProbeCheck } from './probe-check.js';

/** Every check the probe runs, in the order their findings are reported. */
export const PROBE_CHECKS: readonly ProbeCheck[] = [
  disguiseCheck,
  blocksDenialCheck,
  genericRequiredTermCheck,
  duplicateTermsCheck,
  overlappingTermsCheck,
  accidentalFallbackTermCheck,
];
