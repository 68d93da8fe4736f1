import type { CliIo } from './io.js';

/** What the AI SDK hands a warnings logger (its `LogWarningsFunction` options). */
interface SdkWarnings {
  readonly warnings: readonly unknown[];
  readonly provider: string;
  readonly model: string;
}

/**
 * Routes the AI SDK's model warnings to stderr. Left alone, the SDK prints its first-warning
 * banner with `console.info`, i.e. on stdout, so `warrant suggest --json` would print a line
 * before the JSON with some providers (an OpenAI-compatible model warns about structured
 * output). Set once per CLI run, before any command may call a model; the SDK reads the global
 * at every warning.
 */
export function routeModelWarnings(io: CliIo): void {
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }: SdkWarnings) => {
    for (const warning of warnings) io.err(`warrant: model warning (${provider} ${model}): ${JSON.stringify(warning)}`);
  };
}
