// A host on the AI SDK with its real OpenAI provider, as after `npm install warrant ai
// @ai-sdk/openai`: plain Node, no TypeScript loader, the same file for `ai` 6 (with
// @ai-sdk/openai 3) and `ai` 7 (with @ai-sdk/openai 4). The provider talks HTTP to the loopback
// server of openai-wire-server.ts (OPENAI_BASE_URL). Each model gains its guard in one line.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { warrantMiddleware } from 'warrant/ai-sdk';

const contract = {
  contract_version: 'v0',
  interaction_kind: 'ticket_inventory',
  entity_roles: { customer: 'buyer' },
  authority_status: 'payment_authoritative',
  fallback_body: 'Two tickets are shown as available; nothing is reserved yet.',
  must_include: ['nothing is reserved'],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: ['reserved two tickets'],
};
// A stricter contract given per call: it forbids what the first one allows.
const perCall = { ...contract, fallback_body: 'Please ask the box office.', must_include: [], forbidden_terms: ['available'] };

const openai = createOpenAI({ baseURL: process.env.OPENAI_BASE_URL, apiKey: 'sk-loopback' });
const effects = [];
const model = wrapLanguageModel({
  model: openai.chat('gpt-loopback'),
  middleware: warrantMiddleware({ contract, onEffect: (effect, context) => void effects.push([context.type, effect.status, context.stoppedEarly]) }),
});
const lookup = tool({
  description: 'Looks up a city',
  inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
});

async function streamed(options) {
  const result = streamText({ model, ...options });
  const chunks = [];
  for await (const chunk of result.textStream) chunks.push(chunk);
  return { chunks, status: (await result.providerMetadata)?.warrant?.status, toolCalls: (await result.toolCalls).map((c) => [c.toolName, c.input]) };
}

const out = {};
const safe = await generateText({ model, prompt: 'safe' });
out.generate_safe = [safe.text, safe.providerMetadata?.warrant?.status];
const unsafe = await generateText({ model, prompt: 'unsafe' });
out.generate_unsafe = [unsafe.text, unsafe.providerMetadata?.warrant?.status];
out.stream_safe = await streamed({ prompt: 'safe' });
out.stream_unsafe = await streamed({ prompt: 'unsafe' });
const called = await generateText({ model, prompt: 'tool', tools: { lookup } });
out.generate_tool = {
  toolCalls: called.toolCalls.map((c) => [c.toolName, c.input]),
  text: called.text,
  governed: called.providerMetadata?.warrant !== undefined,
};
out.stream_tool = await streamed({ prompt: 'tool', tools: { lookup } });
const strict = await generateText({ model, prompt: 'safe', providerOptions: { warrant: { contract: perCall } } });
out.per_call = [strict.text, strict.providerMetadata?.warrant?.status];
try {
  await generateText({ model, prompt: 'safe', maxRetries: 0, providerOptions: { warrant: { contract: { ...perCall, forbidden_terms: [''] } } } });
  out.per_call_malformed = 'accepted';
} catch (error) {
  out.per_call_malformed = String(error?.message ?? error);
}
out.effects = effects;
console.log(JSON.stringify(out));
