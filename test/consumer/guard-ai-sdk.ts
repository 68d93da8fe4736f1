// The same one-line guard, type-checked against the package's published .d.mts files.
import { type LanguageModel, generateText, wrapLanguageModel } from 'ai';
import { warrantMiddleware, type WarrantEffectContext } from 'warrant/ai-sdk';
import { readContract, type ReplyEffect } from 'warrant/contract';

export async function answer(provider: Exclude<LanguageModel, string>, contractJson: unknown): Promise<string> {
  const { contract } = readContract(contractJson);
  const onEffect = (effect: ReplyEffect, context: WarrantEffectContext): void => void [effect.status, context.json.body];
  const model = wrapLanguageModel({ model: provider as Parameters<typeof wrapLanguageModel>[0]['model'], middleware: warrantMiddleware({ contract, onEffect }) });
  return (await generateText({ model, prompt: 'x' })).text;
}
