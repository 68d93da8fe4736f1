// A host already on the AI SDK, as it would be after `npm install warrant ai`: plain Node, no
// TypeScript loader. Each model gains its guard in one line (`wrapLanguageModel(...)` below).
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
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
const unsafe = 'Great news, we reserved two tickets for you!';
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } };
const provider = new MockLanguageModelV3({
  doGenerate: async () => ({ content: [{ type: 'text', text: unsafe }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] }),
  doStream: async () => ({
    stream: convertArrayToReadableStream([
      { type: 'text-start', id: 't' },
      ...unsafe.split(' ').map((word) => ({ type: 'text-delta', id: 't', delta: `${word} ` })),
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ]),
  }),
});

const model = wrapLanguageModel({ model: provider, middleware: warrantMiddleware({ contract }) });

const generated = await generateText({ model, prompt: 'Book two tickets' });
const streamed = streamText({ model, prompt: 'Book two tickets' });
const chunks = [];
for await (const chunk of streamed.textStream) chunks.push(chunk);
console.log(
  JSON.stringify({
    generate: generated.text,
    generate_status: generated.providerMetadata?.warrant?.status,
    stream: chunks,
    stream_status: (await streamed.providerMetadata)?.warrant?.status,
  }),
);
