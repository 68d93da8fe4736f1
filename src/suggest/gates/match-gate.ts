import { defineGate } from '../gate.js';

/**
 * Match gate: one root Match with a non-empty id, every message its own. `parseMatch` refuses
 * what is malformed before the pipeline starts (W9); this gate records what was accepted and
 * that summary and prior generations are kept only as non-authoritative, private context.
 */
export const matchGate = defineGate('match', ({ match, state }) => {
  if (match.id.trim() === '' || state.matchId !== match.id) {
    throw new Error(`pipeline state carries match ${JSON.stringify(state.matchId)} for match ${JSON.stringify(match.id)}`);
  }
  return {
    decision: 'pass',
    reason: 'one_root_match',
    detail: {
      matchId: match.id,
      messages: match.messages.length,
      nonAuthoritative: { summary: match.summary !== '', aiGenerations: match.aiGenerations.length },
    },
  };
});
