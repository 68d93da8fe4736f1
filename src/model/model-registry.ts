import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { NoSuchModelError, type LanguageModelV3, type ProviderV3 } from '@ai-sdk/provider';
import { createProviderRegistry } from 'ai';
import type { ModelApiKeys } from './model-settings.js';

/** What resolves a model configuration string (`provider:model`) to a model: the AI SDK's provider registry, or a host's own. */
export interface ModelRegistry {
  languageModel(id: string): LanguageModelV3;
}

/** The providers the built-in registry knows, as a configuration string begins. */
export const MODEL_PROVIDERS = ['openai-compatible', 'openai', 'anthropic'] as const;

/**
 * The AI SDK provider registry Warrant resolves configuration strings with when the host hands in
 * none: `openai:<model>`, `anthropic:<model>` (each needs its API key), and
 * `openai-compatible:<baseURL>#<model>` for any server speaking OpenAI's chat-completions API
 * (Ollama, vLLM, llama.cpp's server), whose base URL travels in the id because it differs per
 * deployment. Providers are built on first use, so a key is needed only for a provider named.
 */
export function builtInModelRegistry(apiKeys: ModelApiKeys = {}): ModelRegistry {
  return createProviderRegistry({
    'openai-compatible': languageOnly('openai-compatible', (id) => openAICompatibleModel(id, apiKeys.openaiCompatible)),
    openai: languageOnly('openai', (id) => {
      if (!apiKeys.openai) throw new Error('an openai: model needs an API key (apiKeys.openai, or OPENAI_API_KEY in the environment)');
      return createOpenAI({ apiKey: apiKeys.openai })(id);
    }),
    anthropic: languageOnly('anthropic', (id) => {
      if (!apiKeys.anthropic) throw new Error('an anthropic: model needs an API key (apiKeys.anthropic, or ANTHROPIC_API_KEY in the environment)');
      return createAnthropic({ apiKey: apiKeys.anthropic })(id);
    }),
  });
}

/** `<baseURL>#<model>` → a chat-completions model at that base URL. */
function openAICompatibleModel(id: string, apiKey: string | undefined): LanguageModelV3 {
  const hash = id.lastIndexOf('#');
  const baseURL = hash < 0 ? '' : id.slice(0, hash).trim();
  const modelName = hash < 0 ? '' : id.slice(hash + 1).trim();
  if (!baseURL || !modelName) throw new Error(`"openai-compatible:${id}" must read openai-compatible:<baseURL>#<model>`);
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    throw new Error(`"${baseURL}" is not an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`"${baseURL}" is not an http(s) URL`);
  return createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: baseURL.replace(/\/+$/, ''),
    ...(apiKey ? { apiKey } : {}),
    includeUsage: true,
  })(modelName);
}

/** A provider for the registry that serves language models only; Warrant asks for nothing else. */
function languageOnly(name: string, languageModel: (id: string) => LanguageModelV3): ProviderV3 {
  const none =
    (modelType: 'embeddingModel' | 'imageModel') =>
    (modelId: string): never => {
      throw new NoSuchModelError({ modelId, modelType, message: `${name} serves language models only here` });
    };
  return { specificationVersion: 'v3', languageModel, embeddingModel: none('embeddingModel'), imageModel: none('imageModel') };
}
