import { OutputGuardrailTripwireTriggered, run, type Agent, type AgentInputItem, type NonStreamRunOptions, type RunResult, type Runner } from '@openai/agents';
import { effectFromJson, replyEffectJsonSchema, type ReplyEffect } from '../../contract/reply-effect.js';

/** What {@link runWithFallback} returns: the words to show and the decision behind them. */
export interface GovernedRun<TAgent extends Agent<any, any>> {
  /** What the user may see: the agent's final output when accepted, the approved fallback otherwise. */
  readonly output: string;
  /** The Warrant guardrail's decision. */
  readonly effect: ReplyEffect;
  /** The run's result when the output was accepted; `undefined` when the tripwire ended the run. */
  readonly result: RunResult<unknown, TAgent> | undefined;
}

/** Options of {@link runWithFallback}: the SDK's own run options, and optionally the runner to use. */
export type RunWithFallbackOptions<TAgent extends Agent<any, any>> = NonStreamRunOptions<undefined, TAgent> & {
  /** Runs through this runner (and its configuration) instead of the SDK's default one. */
  readonly runner?: Runner;
};

/**
 * Runs an agent whose output is guarded by {@link warrantOutputGuardrail} and returns what may be
 * shown: the output when the contract accepted it, and the contract's approved fallback when the
 * guardrail's tripwire fired — instead of the SDK's `OutputGuardrailTripwireTriggered`. Any
 * other error, including another guardrail's tripwire, is thrown as it is.
 *
 * A run whose final output no Warrant guardrail checked (e.g. a handoff to an agent without one)
 * throws instead of returning it: this helper never returns ungoverned words (W2).
 */
export async function runWithFallback<TAgent extends Agent<any, any>>(
  agent: TAgent,
  input: string | AgentInputItem[],
  { runner, ...options }: RunWithFallbackOptions<TAgent> = {},
): Promise<GovernedRun<TAgent>> {
  let result: RunResult<unknown, TAgent>;
  try {
    result = (runner ? await runner.run(agent, input, options) : await run(agent, input, options)) as RunResult<unknown, TAgent>;
  } catch (error) {
    const effect = error instanceof OutputGuardrailTripwireTriggered ? warrantEffect(error.result.output.outputInfo) : undefined;
    if (!effect) throw error;
    return { output: effect.body, effect, result: undefined };
  }
  const effect = result.outputGuardrailResults.map((r) => warrantEffect(r.output.outputInfo)).find((e) => e !== undefined);
  if (!effect) {
    throw new Error(`runWithFallback: no Warrant output guardrail checked the final output of agent "${result.lastAgent?.name ?? agent.name}"`);
  }
  return { output: effect.body, effect, result };
}

/** The effect when `outputInfo` is a Warrant guardrail's (a Reply Effect's wire form). */
function warrantEffect(outputInfo: unknown): ReplyEffect | undefined {
  const parsed = replyEffectJsonSchema.safeParse(outputInfo);
  return parsed.success ? effectFromJson(parsed.data) : undefined;
}
