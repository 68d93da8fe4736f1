/** Shared by the evidence tests and benchmarks (not exported from the package). */
import { tripWorkflow } from '../../examples/trip/index.js';
import { insertSuggestion } from './suggestion-queries.js';
import type { Database } from '../store/index.js';
import { createTurnRuntime } from '../turn/turn-runtime.js';
import { createEffectStore, type StoredEffect } from '../evidence/effect-store.js';
import { newRecordId } from '../evidence/record-id.js';
import { parseTurnInput } from '../turn/turn-input.js';
import { recordTurnTrace } from '../turn/turn-queries.js';

/** A Reply Effect row of `tenantId` whose body and candidates hold `text`. */
export function testEffect(tenantId: string, text: string, at = new Date()): StoredEffect {
  return {
    tenantId,
    id: newRecordId('eff_'),
    createdAt: at,
    status: 'accepted',
    interactionKind: 'chat',
    effect: { body: text, status: 'accepted', nested: { b: 1.5, a: [1, 'x'] } },
    contract: { contract_version: 'v0', must_ask: ['估車'] },
    candidates: [text, `${text} 2`],
  };
}

/**
 * Writes evidence of every kind for `tenantId` through Warrant's own writers: six effects, one
 * suggestion result of Match `conversation`, and two turns (with their results and events) of
 * conversation `conversation` — 13 sealed rows. With `traceId`, every one of them is made by that
 * request, as the sidecar records it — the first turn's trace is then a 14th sealed row.
 */
export async function writeTestEvidence(
  db: Database,
  tenantId: string,
  conversation = 'c1',
  traceId: string | null = null,
): Promise<{ effects: StoredEffect[]; suggestion: string }> {
  const effects = createEffectStore(db);
  const written = Array.from({ length: 6 }, (_, i) => ({ ...testEffect(tenantId, `reply ${i} of ${tenantId}`), traceId }));
  await Promise.all(written.map((e) => effects.insert(e)));
  const suggestion = newRecordId('sug_');
  await insertSuggestion(db, tenantId, {
    id: suggestion,
    createdAt: new Date(),
    matchId: conversation,
    resultType: 'hold',
    result: { resultType: 'hold', z: 1, a: 'x' },
    evidence: { gates: [{ name: 'g', passed: true }] },
    traceId,
  });
  const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId });
  const record = `r-${conversation}`;
  await runtime.run(
    parseTurnInput({
      turn_id: `${conversation}-t1`,
      conversation_id: conversation,
      locale: 'en',
      understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record, values: { destination: 'Oslo' } }] },
    }),
  );
  if (traceId !== null) await recordTurnTrace(db, tenantId, `${conversation}-t1`, traceId);
  await runtime.run(
    parseTurnInput({
      turn_id: `${conversation}-t2`,
      conversation_id: conversation,
      locale: 'en',
      understanding: { acts: [{ operation: 'add_traveler', record, values: { name: 'Ada' } }] },
    }),
  );
  return { effects: written, suggestion };
}
