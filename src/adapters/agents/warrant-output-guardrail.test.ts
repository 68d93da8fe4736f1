import {
  Agent,
  OutputGuardrailTripwireTriggered,
  Runner,
  Usage,
  run,
  setTracingDisabled,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents';
import { beforeAll, describe, expect, it } from 'vitest';
import { replyEffectJsonSchema, type ReplyEffect } from '../../contract/reply-effect.js';
import { InputError } from '../../errors.js';
import { TICKET_FALLBACK, TICKET_SAFE_REPLY, TICKET_UNSAFE_REPLY, ticketContractJson } from '../adapter-test-contracts.js';
import { runWithFallback } from './run-with-fallback.js';
import { warrantOutputGuardrail } from './warrant-output-guardrail.js';

/**
 * The Agents SDK ships no fake model, so this implements its `Model` interface: every request
 * gets `reply` as one assistant message. No network, no key.
 */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly reply: string) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    return {
      usage: new Usage(),
      output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: this.reply }] }],
    };
  }
  getStreamedResponse(): AsyncIterable<StreamEvent> {
    throw new Error('ScriptedModel does not stream');
  }
}

function deskAgent(reply: string, extra: Partial<ConstructorParameters<typeof Agent>[0]> = {}) {
  return new Agent({
    name: 'ticket desk',
    instructions: 'Answer about tickets.',
    model: new ScriptedModel(reply),
    outputGuardrails: [warrantOutputGuardrail({ contract: ticketContractJson() })],
    ...extra,
  });
}

beforeAll(() => {
  // The SDK would otherwise try to export traces to OpenAI.
  setTracingDisabled(true);
});

describe('warrantOutputGuardrail', () => {
  it('W2: an accepted final output passes, with the effect as the guardrail output info', async () => {
    const result = await run(deskAgent(TICKET_SAFE_REPLY), 'Are two seats free?');
    expect(result.finalOutput).toBe(TICKET_SAFE_REPLY);
    const [guard] = result.outputGuardrailResults;
    expect(guard?.guardrail.name).toBe('warrant');
    expect(guard?.output.tripwireTriggered).toBe(false);
    expect(replyEffectJsonSchema.parse(guard?.output.outputInfo)).toMatchObject({ status: 'accepted', selected_candidate: 0, body: TICKET_SAFE_REPLY });
  });

  it('W2: a refused final output trips the wire; the effect in the error names the forbidden term', async () => {
    const error = await run(deskAgent(TICKET_UNSAFE_REPLY), 'Book two tickets').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutputGuardrailTripwireTriggered);
    const effect = replyEffectJsonSchema.parse((error as OutputGuardrailTripwireTriggered<never>).result.output.outputInfo);
    expect(effect.status).toBe('fallback');
    expect(effect.body).toBe(TICKET_FALLBACK);
    expect(effect.candidates[0]!.forbidden_terms_present).toEqual(['reserved two tickets']);
  });

  it('W6: onEffect receives each decision before the run returns', async () => {
    const seen: ReplyEffect[] = [];
    const agent = deskAgent(TICKET_SAFE_REPLY, {
      outputGuardrails: [warrantOutputGuardrail({ contract: ticketContractJson(), onEffect: (effect) => void seen.push(effect) })],
    });
    await run(agent, 'x');
    expect(seen.map((e) => e.status)).toEqual(['accepted']);
  });

  it('W9: a malformed contract is refused when the guardrail is made, naming the path', () => {
    const { fallback_body, ...rest } = ticketContractJson();
    expect(() => warrantOutputGuardrail({ contract: { ...rest, fallback_body: `${fallback_body} We reserved two tickets.` } })).toThrow(InputError);
  });
});

describe('runWithFallback', () => {
  it('returns the accepted output and the run result', async () => {
    const governed = await runWithFallback(deskAgent(TICKET_SAFE_REPLY), 'Are two seats free?');
    expect(governed.output).toBe(TICKET_SAFE_REPLY);
    expect(governed.effect.status).toBe('accepted');
    expect(governed.result?.finalOutput).toBe(TICKET_SAFE_REPLY);
  });

  it('W2: returns the approved fallback instead of throwing the tripwire', async () => {
    const governed = await runWithFallback(deskAgent(TICKET_UNSAFE_REPLY), 'Book two tickets', { runner: new Runner() });
    expect(governed.output).toBe(TICKET_FALLBACK);
    expect(governed.effect.status).toBe('fallback');
    expect(governed.result).toBeUndefined();
  });

  it("another guardrail's tripwire is thrown as it is", async () => {
    const agent = deskAgent(TICKET_SAFE_REPLY, {
      outputGuardrails: [{ name: 'house rule', execute: async () => ({ tripwireTriggered: true, outputInfo: 'no' }) }],
    });
    await expect(runWithFallback(agent, 'x')).rejects.toBeInstanceOf(OutputGuardrailTripwireTriggered);
  });

  it('W2: an output no Warrant guardrail checked is never returned', async () => {
    const agent = deskAgent(TICKET_UNSAFE_REPLY, { outputGuardrails: [] });
    await expect(runWithFallback(agent, 'x')).rejects.toThrow('no Warrant output guardrail checked');
  });
});
