import type { Replayer } from './replayer.js';

/**
 * Every replayer `warrant replay` knows, one per fixture kind. A layer that records scenarios
 * adds its replayer here.
 */
export async function loadReplayers(): Promise<Replayer[]> {
  return [
    (await import('../contract/replay-contract-fixture.js')).replyContractReplayer,
    (await import('../contract/replay-probe-fixture.js')).contractProbeReplayer,
    (await import('../suggest/match-replayer.js')).matchReplayer,
    (await import('../turn/model/model-turn-replayer.js')).modelTurnReplayer,
    (await import('../turn/replay-turn-fixture.js')).turnReplayer,
  ];
}
