import type { LanguageModelV3GenerateResult, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { governReply } from '../../contract/govern-reply.js';
import { readContract } from '../../contract/read-contract.js';
import { effectToJson, replyEffectJsonSchema, type ReplyEffect } from '../../contract/reply-effect.js';
import { automotiveContractJson, UNSAFE_AUTOMOTIVE_CANDIDATE } from '../../contract/testing-contracts.js';
import { InputError } from '../../errors.js';
import { TICKET_FALLBACK, TICKET_SAFE_REPLY, TICKET_UNSAFE_REPLY, ticketContractJson } from '../adapter-test-contracts.js';
import { scriptedTokenStream } from './scripted-token-stream.js';
import { warrantMiddleware, type WarrantEffectContext } from './warrant-middleware.js';

const USAGE: LanguageModelV3GenerateResult['usage'] = {
  inputTokens: { total: 5, noCache: 5, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 7, text: 7, reasoning: 0 },
};

/** A mock provider answering `text` to every non-streaming call. */
function replying(text: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE,
      warnings: [],
    }),
  });
}

/** Splits text into word tokens, keeping the spaces, as a provider's deltas come. */
function tokens(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** What `warrant verify --json` prints for this contract and candidate. */
function verifyJson(contractJson: unknown, candidate: string) {
  return effectToJson(governReply(readContract(contractJson).contract, [candidate]));
}

function recordEffects() {
  const seen: { effect: ReplyEffect; context: WarrantEffectContext }[] = [];
  return { seen, onEffect: (effect: ReplyEffect, context: WarrantEffectContext) => void seen.push({ effect, context }) };
}

describe('warrantMiddleware with generateText', () => {
  it('W2: an accepted text is returned as the model wrote it, the effect in providerMetadata.warrant and given to onEffect', async () => {
    const effects = recordEffects();
    const model = wrapLanguageModel({ model: replying(TICKET_SAFE_REPLY), middleware: warrantMiddleware({ contract: ticketContractJson(), ...effects }) });
    const result = await generateText({ model, prompt: 'Are there two tickets?' });
    expect(result.text).toBe(TICKET_SAFE_REPLY);
    expect(result.providerMetadata?.warrant).toEqual(verifyJson(ticketContractJson(), TICKET_SAFE_REPLY));
    expect(replyEffectJsonSchema.parse(result.providerMetadata?.warrant).status).toBe('accepted');
    expect(effects.seen).toHaveLength(1);
    expect(effects.seen[0]!.effect.status).toBe('accepted');
    expect(effects.seen[0]!.context).toMatchObject({ type: 'generate', stoppedEarly: false, json: result.providerMetadata?.warrant });
  });

  it('W2: a refused text is replaced by the approved fallback; the effect lists the forbidden term at its offsets', async () => {
    const effects = recordEffects();
    const model = wrapLanguageModel({ model: replying(TICKET_UNSAFE_REPLY), middleware: warrantMiddleware({ contract: ticketContractJson(), ...effects }) });
    const result = await generateText({ model, prompt: 'Book two tickets' });
    expect(result.text).toBe(TICKET_FALLBACK);
    const json = replyEffectJsonSchema.parse(result.providerMetadata?.warrant);
    expect(json).toEqual(verifyJson(ticketContractJson(), TICKET_UNSAFE_REPLY));
    expect(json.status).toBe('fallback');
    expect(json.candidates[0]!.forbidden_matches).toEqual([{ term: 'reserved two tickets', start: 15, end: 35 }]);
    expect(effects.seen.map((e) => e.effect.status)).toEqual(['fallback']);
  });

  it('a contract in providerOptions.warrant.contract governs that call instead of the options one', async () => {
    const mock = replying(UNSAFE_AUTOMOTIVE_CANDIDATE);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const result = await generateText({ model, prompt: '明天看車', providerOptions: { warrant: { contract: automotiveContractJson() } } });
    expect(result.text).toBe(automotiveContractJson().fallback_body);
    expect(replyEffectJsonSchema.parse(result.providerMetadata?.warrant).interaction_kind).toBe('seller_home_valuation');
  });

  it('a contract function chooses each call its contract from the call parameters', async () => {
    const mock = replying(UNSAFE_AUTOMOTIVE_CANDIDATE);
    const automotive = automotiveContractJson();
    const ticket = ticketContractJson();
    const chooser = vi.fn((params: { providerOptions?: Record<string, Record<string, unknown>> }) =>
      params.providerOptions?.app?.desk === 'cars' ? automotive : ticket,
    );
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: chooser }) });
    const cars = await generateText({ model, prompt: 'x', providerOptions: { app: { desk: 'cars' } } });
    const tickets = await generateText({ model, prompt: 'x', providerOptions: { app: { desk: 'tickets' } } });
    expect(cars.text).toBe(automotive.fallback_body);
    expect(tickets.text).toBe(TICKET_FALLBACK);
    expect(chooser).toHaveBeenCalledTimes(2);
  });

  it('W9: a malformed per-call contract is refused naming its path, and nothing is generated', async () => {
    const mock = replying(TICKET_SAFE_REPLY);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const { forbidden_terms, ...rest } = ticketContractJson();
    const malformed = { ...rest, forbiden_terms: forbidden_terms };
    const error = await generateText({ model, prompt: 'x', maxRetries: 0, providerOptions: { warrant: { contract: malformed } } }).catch((e: unknown) => e);
    expect(InputError.isInstance(error)).toBe(true);
    expect((error as InputError).subject).toContain('providerOptions.warrant.contract');
    expect((error as InputError).issues.map((i) => i.path)).toEqual(expect.arrayContaining(['$.forbiden_terms', '$.forbidden_terms']));
    expect(mock.doGenerateCalls).toHaveLength(0);
  });

  it('W9: a misspelt key beside the per-call contract is refused, not ignored', async () => {
    const mock = replying(TICKET_SAFE_REPLY);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const error = await generateText({ model, prompt: 'x', maxRetries: 0, providerOptions: { warrant: { contrct: ticketContractJson() } } }).catch(
      (e: unknown) => e,
    );
    expect((error as InputError).issues).toEqual([{ path: '$.contrct', message: 'unknown key' }]);
    expect(mock.doGenerateCalls).toHaveLength(0);
  });

  it('W2: a call with no contract anywhere is refused before the provider is called, never passed through ungoverned', async () => {
    const mock = replying(TICKET_UNSAFE_REPLY);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: () => undefined }) });
    const error = await generateText({ model, prompt: 'x', maxRetries: 0 }).catch((e: unknown) => e);
    expect((error as InputError).issues[0]!.path).toBe('$.contract');
    expect(mock.doGenerateCalls).toHaveLength(0);
  });

  it('W6: when onEffect fails, the call fails and no reply is returned', async () => {
    const model = wrapLanguageModel({
      model: replying(TICKET_SAFE_REPLY),
      middleware: warrantMiddleware({ contract: ticketContractJson(), onEffect: async () => Promise.reject(new Error('store down')) }),
    });
    await expect(generateText({ model, prompt: 'x', maxRetries: 0 })).rejects.toThrow('store down');
  });

  it('a step that only calls tools passes through untouched and ungoverned; tool calls beside refused text are kept', async () => {
    const toolCall = { type: 'tool-call' as const, toolCallId: 'c1', toolName: 'lookup', input: '{"q":"F"}' };
    const toolsOnly = new MockLanguageModelV3({
      doGenerate: async () => ({ content: [toolCall], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: USAGE, warnings: [] }),
    });
    const tools = { lookup: tool({ inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }) }) };
    const middleware = warrantMiddleware({ contract: ticketContractJson() });
    const bare = await generateText({ model: wrapLanguageModel({ model: toolsOnly, middleware }), prompt: 'x', tools });
    expect(bare.toolCalls.map((c) => c.toolName)).toEqual(['lookup']);
    expect(bare.text).toBe('');
    expect(bare.providerMetadata?.warrant).toBeUndefined();

    const mixed = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: TICKET_UNSAFE_REPLY }, toolCall],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: USAGE,
        warnings: [],
      }),
    });
    const both = await generateText({ model: wrapLanguageModel({ model: mixed, middleware }), prompt: 'x', tools });
    expect(both.text).toBe(TICKET_FALLBACK);
    expect(both.toolCalls.map((c) => c.toolCallId)).toEqual(['c1']);
  });
});

/** A mock provider streaming `script`, remembering the abort signal it was given. */
function streaming(script: ReturnType<typeof scriptedTokenStream>) {
  let signal: AbortSignal | undefined;
  const mock = new MockLanguageModelV3({
    doStream: async (options) => {
      signal = options.abortSignal;
      return { stream: script.stream };
    },
  });
  return { mock, signal: () => signal };
}

describe('warrantMiddleware with streamText', () => {
  it('W2: an accepted stream is emitted only after the provider finished, as the governed body, with the effect on finish', async () => {
    const script = scriptedTokenStream(tokens(TICKET_SAFE_REPLY));
    const { mock } = streaming(script);
    const effects = recordEffects();
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson(), ...effects }) });
    const result = streamText({ model, prompt: 'x' });
    const pulledAtFirstText: number[] = [];
    let text = '';
    for await (const delta of result.textStream) {
      pulledAtFirstText.push(script.pulledTokens());
      text += delta;
    }
    expect(text).toBe(TICKET_SAFE_REPLY);
    // Nothing was shown while the provider was still writing.
    expect(pulledAtFirstText[0]).toBe(tokens(TICKET_SAFE_REPLY).length);
    expect(await result.providerMetadata).toMatchObject({ warrant: verifyJson(ticketContractJson(), TICKET_SAFE_REPLY) });
    expect(effects.seen.map((e) => [e.effect.status, e.context.type, e.context.stoppedEarly])).toEqual([['accepted', 'stream', false]]);
  });

  it('W2: at the first forbidden term the provider is aborted and stops being read, and only the fallback is emitted', async () => {
    // 400 tokens; the forbidden term is split over tokens 38–40, so it is whole only at token 40.
    const script = Array.from({ length: 400 }, (_, i) => `word${i} `);
    script.splice(37, 3, 'we reserved ', 'two ', 'tickets ');
    const scripted = scriptedTokenStream(script);
    const { mock, signal } = streaming(scripted);
    const effects = recordEffects();
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson(), ...effects }) });
    const result = streamText({ model, prompt: 'x' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas).toEqual([TICKET_FALLBACK]);
    expect(signal()?.aborted).toBe(true);
    expect(scripted.cancelled()).toBe(true);
    expect(scripted.pulledTokens()).toBe(40);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scripted.pulledTokens()).toBe(40);
    const warrant = replyEffectJsonSchema.parse((await result.providerMetadata)?.warrant);
    expect(warrant.status).toBe('fallback');
    expect(warrant.candidates[0]!.forbidden_terms_present).toEqual(['reserved two tickets']);
    expect(effects.seen.map((e) => e.context.stoppedEarly)).toEqual([true]);
  });

  it('W2: a stream that ends without a required phrase is read to its end, then replaced by the fallback', async () => {
    const reply = 'Two seats are free in row F.';
    const scripted = scriptedTokenStream(tokens(reply));
    const { mock, signal } = streaming(scripted);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const result = streamText({ model, prompt: 'x' });
    expect(await result.text).toBe(TICKET_FALLBACK);
    expect(signal()?.aborted).toBe(false);
    expect(scripted.pulledTokens()).toBe(tokens(reply).length);
    expect(replyEffectJsonSchema.parse((await result.providerMetadata)?.warrant).candidates[0]!.missing_must_include).toEqual(['nothing is reserved']);
  });

  it('a per-call contract governs a stream too', async () => {
    const scripted = scriptedTokenStream([...UNSAFE_AUTOMOTIVE_CANDIDATE]);
    const { mock, signal } = streaming(scripted);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const result = streamText({ model, prompt: 'x', providerOptions: { warrant: { contract: automotiveContractJson() } } });
    expect(await result.text).toBe(automotiveContractJson().fallback_body);
    // 已經幫您預約 ends at the 10th character: the rest was never read.
    expect(scripted.pulledTokens()).toBe(UNSAFE_AUTOMOTIVE_CANDIDATE.indexOf('已經幫您預約') + '已經幫您預約'.length);
    expect(signal()?.aborted).toBe(true);
  });

  it('W9: a malformed per-call contract fails the stream naming its path, and the provider is never called', async () => {
    const scripted = scriptedTokenStream(tokens(TICKET_SAFE_REPLY));
    const { mock } = streaming(scripted);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const errors: unknown[] = [];
    const result = streamText({
      model,
      prompt: 'x',
      providerOptions: { warrant: { contract: { ...ticketContractJson(), must_include: [''] } } },
      onError: ({ error }) => void errors.push(error),
    });
    const parts: LanguageModelV3StreamPart['type'][] = [];
    for await (const part of result.fullStream) parts.push(part.type as LanguageModelV3StreamPart['type']);
    expect(parts).not.toContain('text-delta');
    expect(errors).toHaveLength(1);
    expect((errors[0] as InputError).issues[0]!.path).toBe('$.must_include[0]');
    expect(mock.doStreamCalls).toHaveLength(0);
  });

  it('tool calls pass through as they arrive, before the held text is emitted', async () => {
    const toolCall: LanguageModelV3StreamPart = { type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input: '{"q":"F"}' };
    const scripted = scriptedTokenStream(tokens(TICKET_SAFE_REPLY), [toolCall]);
    const { mock } = streaming(scripted);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const tools = { lookup: tool({ inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }) }) };
    const result = streamText({ model, prompt: 'x', tools });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'tool-call') seen.push(`tool-call ${part.toolCallId}`);
      if (part.type === 'text-delta') seen.push(`text ${part.text}`);
    }
    expect(seen).toEqual(['tool-call c1', `text ${TICKET_SAFE_REPLY}`]);

    // At the model's own interface: the tool call comes out before any token was read.
    const again = scriptedTokenStream(tokens(TICKET_SAFE_REPLY), [toolCall]);
    const direct = wrapLanguageModel({ model: streaming(again).mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const reader = (await direct.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] })).stream.getReader();
    expect((await reader.read()).value?.type).toBe('stream-start');
    expect((await reader.read()).value).toEqual(toolCall);
    expect(again.pulledTokens()).toBe(0);
    await reader.cancel();
  });

  it('a step whose only text part is empty (opened before a tool call, as some providers do) passes through ungoverned, generated or streamed', async () => {
    const toolCall = { type: 'tool-call' as const, toolCallId: 'c1', toolName: 'lookup', input: '{"q":"F"}' };
    const effects: ReplyEffect[] = [];
    const middleware = warrantMiddleware({ contract: ticketContractJson(), onEffect: (effect) => void effects.push(effect) });
    const mock = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: 'text', text: '' }, toolCall],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: USAGE,
        warnings: [],
      }),
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: '' },
              toolCall,
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: USAGE },
            ] satisfies LanguageModelV3StreamPart[])
              controller.enqueue(part);
            controller.close();
          },
        }),
      }),
    });
    const model = wrapLanguageModel({ model: mock, middleware });
    const tools = { lookup: tool({ inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }) }) };
    const generated = await generateText({ model, prompt: 'x', tools });
    expect([generated.text, generated.toolCalls.map((c) => c.toolCallId), generated.providerMetadata?.warrant]).toEqual(['', ['c1'], undefined]);
    const streamed = streamText({ model, prompt: 'x', tools });
    expect([await streamed.text, (await streamed.toolCalls).map((c) => c.toolCallId), (await streamed.providerMetadata)?.warrant]).toEqual([
      '',
      ['c1'],
      undefined,
    ]);
    expect(effects).toEqual([]);
  });

  it('the caller cancelling the governed stream aborts the provider', async () => {
    const scripted = scriptedTokenStream(tokens(TICKET_SAFE_REPLY));
    const { mock, signal } = streaming(scripted);
    const model = wrapLanguageModel({ model: mock, middleware: warrantMiddleware({ contract: ticketContractJson() }) });
    const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
    const reader = stream.getReader();
    await reader.read(); // stream-start passes through
    await reader.cancel('user left');
    expect(signal()?.aborted).toBe(true);
    expect(scripted.cancelled()).toBe(true);
  });
});
