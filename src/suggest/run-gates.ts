import type { GateRecord } from '../evidence/gate-record.js';
import { gateRecord, type GateDefinition, type PipelineContext } from './gate.js';
import type { StopState } from './suggestion-result.js';

/** What the gates decided: each one's record, the stop state if one stopped, and whether generation needs a model. */
export interface GatesOutcome {
  readonly records: readonly GateRecord[];
  /** The first stop state a gate returned; `null` when every gate let the request through. */
  readonly stop: StopState | null;
  /** True when a gate could run only its deterministic part: generation needs a model. */
  readonly needsModel: boolean;
}

/**
 * The gates phase: runs each gate in order on the shared pipeline context (each fills in its part
 * of the pipeline state and records its model calls there) and records its verdict. The first
 * stop ends the phase: no later gate runs, and the stop is never turned into suggestions.
 */
export async function runGates(gates: readonly GateDefinition[], context: PipelineContext): Promise<GatesOutcome> {
  const records: GateRecord[] = [];
  let needsModel = false;
  for (const gate of gates) {
    const verdict = await gate.run(context);
    records.push(gateRecord(gate.name, verdict));
    if (verdict.decision === 'stop') return { records, stop: verdict.stop, needsModel };
    if (verdict.decision === 'needs_model') needsModel = true;
  }
  return { records, stop: null, needsModel };
}
