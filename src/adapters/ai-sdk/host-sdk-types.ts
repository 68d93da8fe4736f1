import type { LanguageModelMiddleware } from 'ai';

/*
 * The AI SDK's model types, taken from the host's own `ai` (a peer dependency: 6, whose
 * middleware speaks language-model specification v3, or 7, which speaks v4) rather than from one
 * `@ai-sdk/provider` major. The published declarations therefore name the types of whichever
 * major the host installed, so `wrapLanguageModel({ model, middleware: warrantMiddleware(…) })`
 * type-checks against each. The parts the middleware reads and writes (text, tool calls,
 * finish, provider metadata) have the same shape in v3 and v4; `tsconfig.ai-sdk-7.json` checks
 * these sources against `ai` 7 as `tsc --noEmit` does against the installed `ai` 6.
 */

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;

/** A language-model call's parameters (`LanguageModelV3CallOptions` or `LanguageModelV4CallOptions`). */
export type HostCallOptions = Parameters<WrapGenerate>[0]['params'];
/** What a language model's `doGenerate` returns. */
export type HostGenerateResult = Awaited<ReturnType<WrapGenerate>>;
/** One part of a generated response's content. */
export type HostContent = HostGenerateResult['content'][number];
/** What a language model's `doStream` returns. */
export type HostStreamResult = Awaited<ReturnType<WrapStream>>;
/** One part of a language model's stream. */
export type HostStreamPart = HostStreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
/** Provider metadata: per provider key, a JSON object. */
export type HostProviderMetadata = NonNullable<HostGenerateResult['providerMetadata']>;
