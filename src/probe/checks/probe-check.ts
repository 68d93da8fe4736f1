import type { CompiledContract } from '../../contract/index.js';
import type { ProbeFinding, ProbeFindingKind } from '../probe-finding.js';

/**
 * One of the probe's checks of a contract, a named definition: `id` is the kind of finding it
 * reports, `describe` the hole it looks for in a sentence, and `run` the findings it makes of one
 * compiled contract, each with a candidate that demonstrates the hole. Checks are pure and
 * synchronous (the model-written paraphrase attacks are the probe's other, asynchronous part).
 */
export interface ProbeCheck {
  readonly id: Exclude<ProbeFindingKind, 'paraphrase'>;
  readonly describe: string;
  run(compiled: CompiledContract): ProbeFinding[];
}
