import type { ReplyEffect } from './reply-effect.js';

/**
 * What a relay (the channel that delivers the reply) receives: the selected body and nothing
 * else. The relay never sees the contract or the verdicts, so it cannot reinterpret them.
 */
export function relayBody(effect: ReplyEffect): string {
  return effect.body;
}
