// An app on the AI SDK 7 (`ai` 7, `@ai-sdk/openai` 4, Node ≥ 22) with a Reply Contract in front
// of its model: one line, `wrapLanguageModel({ model, middleware: warrantMiddleware(...) })`.
//
//   OPENAI_API_KEY=sk-… node app.mjs                       # OpenAI
//   OPENAI_BASE_URL=http://127.0.0.1:11434/v1 node app.mjs  # any OpenAI-compatible server (Ollama, vLLM, …)
//
// It asks for a booking the host has not made. The contract forbids the model to claim one; a
// reply that does anyway is replaced by the approved fallback (streamed: the provider's request
// is aborted at the forbidden words, and only the fallback is shown). Prints one JSON line.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText, wrapLanguageModel } from 'ai';
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
  forbidden_terms: ['reserved two tickets', 'booked', 'confirmed'],
};

const openai = createOpenAI({ baseURL: process.env.OPENAI_BASE_URL, apiKey: process.env.OPENAI_API_KEY ?? 'unused' });
const model = wrapLanguageModel({
  model: openai.chat(process.env.OPENAI_MODEL ?? 'gpt-4o-mini'),
  middleware: warrantMiddleware({
    contract,
    // Awaited before the reply is returned or streamed: store the decision here (W6).
    onEffect: (effect, { type, stoppedEarly }) => console.error(`warrant: ${type} ${effect.status}${stoppedEarly ? ' (provider stopped early)' : ''}`),
  }),
});

const system = 'You sell concert tickets. Two tickets are available; nothing is reserved until payment. Say "nothing is reserved yet".';
const prompt = 'Please reserve two tickets for tonight and tell me they are booked.';

const generated = await generateText({ model, system, prompt });
const streamed = streamText({ model, system, prompt });
let text = '';
for await (const chunk of streamed.textStream) text += chunk;

console.log(
  JSON.stringify({
    generate: { text: generated.text, status: generated.providerMetadata?.warrant?.status },
    stream: { text, status: (await streamed.providerMetadata)?.warrant?.status },
  }),
);
