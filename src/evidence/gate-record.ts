import { z } from 'zod';
import type { Camelized } from '../wire-case.js';

/** The seven gates of the suggestion pipeline, in the order they run. */
export const GATE_NAMES = ['match', 'property', 'timeline', 'event', 'profile', 'router', 'strategy'] as const;
/** One gate's name. */
export type GateName = (typeof GATE_NAMES)[number];

/** What a gate decided: go on, go on without the part that needs a model, or stop with a stop state. */
export const GATE_DECISIONS = ['pass', 'needs_model', 'stop'] as const;

/**
 * The record a gate's run leaves, on the wire (snake_case): its name, its decision, a stable
 * reason code and what it saw. `detail` holds the gate's own members (ids, states, counts), never
 * private text; its keys are member names, so they are snake_case on the wire and camelCase in
 * code like every other member (the suggestion evidence's codec converts them).
 */
export const gateRecordSchema = z
  .object({
    gate: z.enum(GATE_NAMES),
    decision: z.enum(GATE_DECISIONS),
    reason: z.string().describe('stable snake_case reason code'),
    detail: z.record(z.string(), z.unknown()).describe("what the gate saw: each gate's own members (ids, states, counts), snake_case, never private text"),
  })
  .meta({ id: 'GateRecord', description: 'The record one gate run leaves: which gate, what it decided, a stable reason code and what it saw.' });

/** The record a gate's run leaves (camelCase; see {@link gateRecordSchema}). */
export type GateRecord = Camelized<z.output<typeof gateRecordSchema>>;
