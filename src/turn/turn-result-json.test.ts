import { describe, expect, it } from 'vitest';
import type { TurnResult } from './turn-result.js';
import { turnResultFromJson, turnResultToJson } from './turn-result-json.js';

const result: TurnResult = {
  turnId: 't',
  conversationId: 'c',
  locale: 'en',
  blocks: [{ kind: 'transition', id: 'transition', text: 'Hi', writtenBy: 'code', fallbackReason: null }],
  outcome: { done: [], notDone: [], disputes: [], starting: [], ask: null, card: null },
  ask: {
    id: 'ask:obligation:r:payer:0',
    kind: 'obligation',
    text: 'Who pays?',
    recordId: 'r',
    awaiting: { operation: 'set_payer', record: 'r', workflow: 'trip', values: { extra_name: 'hotel', roomType: 'double' }, answers: 'payer' },
  },
  aboutRecord: 'r',
  inView: ['r'],
  evidence: { modelCalls: [{ task: 'answer', outcome: 'ok', promptHash: 'sha256:1', latencyMs: 3 }], understandingFailure: null, eventsCommitted: 0 },
};

describe('turn result JSON', () => {
  it('is snake_case on the wire, keeps the host’s own value keys, and reads back unchanged', () => {
    const json = turnResultToJson(result);
    expect(json).toMatchObject({
      turn_id: 't',
      about_record: 'r',
      in_view: ['r'],
      ask: { record_id: 'r', awaiting: { values: { extra_name: 'hotel', roomType: 'double' } } },
      evidence: { model_calls: [{ prompt_hash: 'sha256:1', latency_ms: 3 }], events_committed: 0 },
      blocks: [{ written_by: 'code', fallback_reason: null }],
    });
    expect(turnResultFromJson(JSON.parse(JSON.stringify(json)))).toEqual(result);
  });
});
