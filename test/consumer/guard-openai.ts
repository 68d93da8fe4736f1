// The same one-line guard, type-checked in strict mode against the published .d.mts files and
// the host's own `ai` (6 or 7) and `@ai-sdk/openai` (3 or 4).
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, streamText, wrapLanguageModel, type LanguageModelMiddleware } from 'ai';
import { warrantMiddleware, type WarrantEffectContext } from 'warrant/ai-sdk';
import { readContract, type ReplyEffect } from 'warrant/contract';

export async function answer(contractJson: unknown, baseURL: string): Promise<string[]> {
  const { contract } = readContract(contractJson);
  const onEffect = (effect: ReplyEffect, context: WarrantEffectContext): void => void [effect.status, context.json.body, context.params.prompt];
  const middleware: LanguageModelMiddleware = warrantMiddleware({ contract, onEffect });
  const model = wrapLanguageModel({
    model: createOpenAI({ baseURL }).chat('gpt-4o-mini'),
    middleware: warrantMiddleware({ contract: (params) => (params.providerOptions?.warrant ? undefined : contract) }),
  });
  const guarded = wrapLanguageModel({ model: createOpenAI({ baseURL }).chat('gpt-4o-mini'), middleware });
  const streamed = streamText({ model: guarded, prompt: 'x' });
  return [(await generateText({ model, prompt: 'x' })).text, await streamed.text];
}
