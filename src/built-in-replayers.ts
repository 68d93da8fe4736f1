import type { Replayer } from './replay/index.js';

/**
 * Every built-in replayer, one per fixture kind: what `warrant replay` runs the recorded
 * scenarios with. It lives at the composition root, beside the CLI and the package's index, so
 * the replay runner (`src/replay`) depends on no layer and each layer's replayer depends on the
 * runner, never the other way round. Each layer is loaded only when replaying.
 */
export async function builtInReplayers(): Promise<Replayer[]> {
  return [
    (await import('./testing/replay-contract-fixture.js')).replyContractReplayer,
    (await import('./testing/replay-probe-fixture.js')).contractProbeReplayer,
    (await import('./suggest/match-replayer.js')).matchReplayer,
    (await import('./turn/model/model-turn-replayer.js')).modelTurnReplayer,
    (await import('./turn/replay-turn-fixture.js')).turnReplayer,
  ];
}
