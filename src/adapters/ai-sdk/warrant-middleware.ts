import type { LanguageModelMiddleware } from 'ai';
import type { CompiledContract } from '../../contract/compile-contract.js';
import { governReply } from '../../contract/govern-reply.js';
import { effectToJson, type ReplyEffect, type ReplyEffectJson } from '../../contract/reply-effect.js';
import { InputError, jsonPath } from '../../errors.js';
import { compileContractSource, type ContractSource } from '../contract-source.js';
import { governStream } from './govern-stream.js';
import type { HostCallOptions, HostContent, HostProviderMetadata } from './host-sdk-types.js';

/** Where in `providerOptions` a call may carry its own contract: `providerOptions.warrant.contract`. */
export const WARRANT_PROVIDER_KEY = 'warrant';

/** What {@link WarrantMiddlewareOptions.onEffect} is told besides the effect. */
export interface WarrantEffectContext {
  /** `generate` for `generateText` (and other non-streaming calls), `stream` for `streamText`. */
  readonly type: 'generate' | 'stream';
  /** The effect in its wire form, exactly as `warrant verify --json` prints it. */
  readonly json: ReplyEffectJson;
  /** True when a forbidden term stopped the provider's stream before it finished. */
  readonly stoppedEarly: boolean;
  /** The model call's parameters, e.g. to tell which conversation the effect belongs to. */
  readonly params: HostCallOptions;
}

/** Options of {@link warrantMiddleware}. */
export interface WarrantMiddlewareOptions {
  /**
   * The contract every call is governed by, or a function choosing it from the call's
   * parameters (return `undefined` to require a per-call contract). A contract given in a
   * call's `providerOptions.warrant.contract` (wire JSON) takes precedence. Contracts are
   * compiled once per object, so pass the same object rather than a fresh copy per call, and
   * do not change it after its first use. A call with no contract anywhere is refused
   * (`InputError`) before the provider is called: an ungoverned reply is never the default.
   */
  readonly contract?: ContractSource | ((params: HostCallOptions) => ContractSource | undefined);
  /**
   * Receives every decision before its reply is returned or emitted, and is awaited (W6:
   * evidence first), so a host can persist it — through its store or the sidecar. If it throws,
   * the call fails and the reply is not shown. Default: none; the effect is still in
   * `providerMetadata.warrant`.
   */
  readonly onEffect?: (effect: ReplyEffect, context: WarrantEffectContext) => void | Promise<void>;
}

/**
 * A language-model middleware that puts a Reply Contract in front of a model, for the AI SDK's
 * `wrapLanguageModel`:
 *
 * ```ts
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: warrantMiddleware({ contract }) });
 * ```
 *
 * - `generateText`: the reply's text is verified; a refused text is replaced by the contract's
 *   approved fallback.
 * - `streamText`: no unverified text reaches the caller. Text is held and scanned as it arrives;
 *   at the first forbidden term the provider's request is aborted and the fallback is emitted;
 *   otherwise the governed text is emitted when the provider finishes.
 * - Either way the effect (snake_case, as `warrant verify --json`) is in
 *   `providerMetadata.warrant` and is handed to `onEffect`. Tool calls and other parts pass
 *   through untouched; a step that only calls tools is not governed (it says nothing).
 *
 * A malformed per-call contract is refused with an `InputError` naming its JSON path, before
 * the provider is called.
 */
export function warrantMiddleware(options: WarrantMiddlewareOptions = {}): LanguageModelMiddleware {
  const { contract, onEffect } = options;

  const contractFor = (params: HostCallOptions): CompiledContract => {
    const perCall = perCallContract(params);
    if (perCall !== undefined) return compileContractSource(perCall, `providerOptions.${WARRANT_PROVIDER_KEY}.contract`);
    const chosen = typeof contract === 'function' ? contract(params) : contract;
    if (chosen === undefined) {
      throw new InputError('warrantMiddleware', [
        {
          path: '$.contract',
          message: `no contract for this call: give one in the options, return one from the options' contract function, or pass providerOptions.${WARRANT_PROVIDER_KEY}.contract`,
        },
      ]);
    }
    return compileContractSource(chosen, 'warrantMiddleware contract');
  };

  const decide = async (effect: ReplyEffect, type: 'generate' | 'stream', stoppedEarly: boolean, params: HostCallOptions) => {
    const json = effectToJson(effect);
    await onEffect?.(effect, { type, json, stoppedEarly, params });
    // The effect is plain JSON (strings, numbers, null, arrays, objects), as the provider metadata wants.
    return { [WARRANT_PROVIDER_KEY]: json as unknown as HostProviderMetadata[string] } satisfies HostProviderMetadata;
  };

  return {
    // `ai` 6 requires the middleware to say v3; `ai` 7 accepts any version here and hands every
    // middleware v4 models and parts, whose text, tool-call and finish parts read the same.
    specificationVersion: 'v3',

    async wrapGenerate({ doGenerate, params }) {
      const compiled = contractFor(params);
      const result = await doGenerate();
      const texts = result.content.filter((part) => part.type === 'text');
      if (texts.every((part) => part.text === '') && result.content.some((part) => part.type === 'tool-call')) return result;
      const effect = governReply(compiled, [texts.map((part) => part.text).join('')]);
      const metadata = await decide(effect, 'generate', false, params);
      return {
        ...result,
        content: effect.status === 'accepted' ? result.content : withText(result.content, effect.body),
        providerMetadata: { ...result.providerMetadata, ...metadata },
      };
    },

    async wrapStream({ params, model }) {
      const compiled = contractFor(params);
      // The provider gets a signal of our own, so a forbidden term can stop it; the caller's
      // signal still stops it too.
      const stop = new AbortController();
      const callerSignal = params.abortSignal;
      const onCallerAbort = () => stop.abort(callerSignal?.reason);
      if (callerSignal?.aborted) stop.abort(callerSignal.reason);
      else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
      const stopProvider = (reason: unknown) => {
        callerSignal?.removeEventListener('abort', onCallerAbort);
        if (!stop.signal.aborted) stop.abort(reason);
      };
      const { stream, ...rest } = await model.doStream({ ...params, abortSignal: stop.signal });
      return {
        ...rest,
        stream: governStream(stream, {
          compiled,
          stopProvider,
          decide: (effect, stoppedEarly) => {
            callerSignal?.removeEventListener('abort', onCallerAbort);
            return decide(effect, 'stream', stoppedEarly, params);
          },
        }),
      };
    },
  };
}

/**
 * The call's own contract, from `providerOptions.warrant`. Its keys are checked like a
 * contract's: a misspelt `contrct` must not silently leave the call to another contract.
 */
function perCallContract(params: HostCallOptions): unknown {
  const options: unknown = params.providerOptions?.[WARRANT_PROVIDER_KEY];
  if (options === undefined) return undefined;
  const subject = `providerOptions.${WARRANT_PROVIDER_KEY}`;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InputError(subject, [{ path: '$', message: 'must be an object: { contract }' }]);
  }
  const unknown = Object.keys(options).filter((key) => key !== 'contract');
  if (unknown.length > 0)
    throw new InputError(
      subject,
      unknown.map((key) => ({ path: jsonPath([key]), message: 'unknown key' })),
    );
  return (options as { contract?: unknown }).contract;
}

/** The content with its text replaced by `body`: one text part where the first one was. */
function withText(content: readonly HostContent[], body: string): HostContent[] {
  const first = content.findIndex((part) => part.type === 'text');
  const others = content.filter((part) => part.type !== 'text');
  const text: HostContent = { type: 'text', text: body };
  if (first < 0) return [...others, text];
  const before = content.slice(0, first).filter((part) => part.type !== 'text').length;
  return [...others.slice(0, before), text, ...others.slice(before)];
}
