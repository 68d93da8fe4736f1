/**
 * A model configuration string, parsed. One string names a provider and a model:
 * - `openai-compatible:<baseURL>#<model>`: any server speaking OpenAI's chat-completions API
 *   (Ollama, vLLM, llama.cpp's server), e.g. `openai-compatible:http://127.0.0.1:11434/v1#llama3.1`;
 * - `openai:<model>`, e.g. `openai:gpt-4o-mini`;
 * - `anthropic:<model>`, e.g. `anthropic:claude-sonnet-4-5`.
 */
export type ModelConfig =
  | { readonly provider: 'openai-compatible'; readonly baseURL: string; readonly modelName: string }
  | { readonly provider: 'openai'; readonly modelName: string }
  | { readonly provider: 'anthropic'; readonly modelName: string };

/** The providers a configuration string may name. */
export const MODEL_PROVIDERS = ['openai-compatible', 'openai', 'anthropic'] as const;

/**
 * Parses a model configuration string. Returns a sentence saying what is wrong instead of
 * throwing, so the caller can place it at the right path of its own input.
 */
export function parseModelConfig(text: string): ModelConfig | { readonly problem: string } {
  const colon = text.indexOf(':');
  const provider = colon < 0 ? '' : text.slice(0, colon);
  const rest = text.slice(colon + 1).trim();
  const expected = `expected ${MODEL_PROVIDERS.map((p) => `"${p}:…"`).join(', ')}`;
  switch (provider) {
    case 'openai':
    case 'anthropic':
      return rest ? { provider, modelName: rest } : { problem: `"${text}" names no model after "${provider}:"` };
    case 'openai-compatible': {
      const hash = rest.lastIndexOf('#');
      const baseURL = hash < 0 ? '' : rest.slice(0, hash);
      const modelName = hash < 0 ? '' : rest.slice(hash + 1).trim();
      if (!baseURL || !modelName) {
        return { problem: `"${text}" must read openai-compatible:<baseURL>#<model>` };
      }
      try {
        const url = new URL(baseURL);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
      } catch {
        return { problem: `"${baseURL}" is not an http(s) URL` };
      }
      return { provider, baseURL: baseURL.replace(/\/+$/, ''), modelName };
    }
    default:
      return { problem: `"${text}" names no known provider; ${expected}` };
  }
}
