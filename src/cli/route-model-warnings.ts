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
 * at every warning. They are the SDK's diagnostics, not a command's output, so they go to the
 * process's stderr as `console.warn` sent them (a command's own `io.err` stays its own), each
 * distinct warning once per run rather than once per call.
 */
export function routeModelWarnings(write: (line: string) => void = (line) => void process.stderr.write(`${line}\n`)): void {
  const seen = new Set<string>();
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }: SdkWarnings) => {
    for (const warning of warnings) {
      const line = `warrant: model warning (${provider} ${model}): ${JSON.stringify(warning)}`;
      if (seen.has(line)) continue;
      seen.add(line);
      write(line);
    }
  };
}
