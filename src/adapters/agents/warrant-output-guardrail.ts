import type { OutputGuardrail, TextOutput } from '@openai/agents';
import { governReply } from '../../contract/govern-reply.js';
import { effectToJson, type ReplyEffect, type ReplyEffectJson } from '../../contract/reply-effect.js';
import { compileContractSource, type ContractSource } from '../contract-source.js';

/** Options of {@link warrantOutputGuardrail}. */
export interface WarrantOutputGuardrailOptions {
  /** The contract the agent's final output must obey (compiled once, when the guardrail is made). */
  readonly contract: ContractSource;
  /** The guardrail's name in the run's results and traces. Default `warrant`. */
  readonly name?: string;
  /**
   * Receives every decision before the run goes on, and is awaited (W6: evidence first), so a
   * host can persist it. If it throws, the guardrail fails and the run fails with it.
   */
  readonly onEffect?: (effect: ReplyEffect, json: ReplyEffectJson) => void | Promise<void>;
}

/**
 * An output guardrail for the OpenAI Agents SDK that verifies an agent's final text output
 * against a Reply Contract:
 *
 * ```ts
 * const agent = new Agent({ name: 'desk', instructions, outputGuardrails: [warrantOutputGuardrail({ contract })] });
 * ```
 *
 * Its output info is the Reply Effect in its wire form (snake_case, as `warrant verify --json`);
 * the tripwire fires when the output is refused, so the SDK throws
 * `OutputGuardrailTripwireTriggered` — or use {@link runWithFallback}, which returns the
 * contract's approved fallback instead. A refused contract throws `InputError` here, when the
 * guardrail is made, not in the middle of a run.
 */
export function warrantOutputGuardrail(options: WarrantOutputGuardrailOptions): OutputGuardrail<TextOutput> {
  const { name = 'warrant', onEffect } = options;
  const compiled = compileContractSource(options.contract, 'warrantOutputGuardrail contract');
  return {
    name,
    async execute({ agentOutput }) {
      if (typeof agentOutput !== 'string') {
        // Structured outputs are objects; a contract governs words, so this is a misconfiguration.
        throw new TypeError(`warrantOutputGuardrail governs text output; the agent's final output is ${typeof agentOutput}`);
      }
      const effect = governReply(compiled, [agentOutput]);
      const json = effectToJson(effect);
      await onEffect?.(effect, json);
      return { tripwireTriggered: effect.status !== 'accepted', outputInfo: json };
    },
  };
}
