import type { CompiledContract } from '../../contract/compile-contract.js';
import { governReply } from '../../contract/govern-reply.js';
import type { ReplyEffect } from '../../contract/reply-effect.js';
import type { HostProviderMetadata, HostStreamPart } from './host-sdk-types.js';

type FinishPart = Extract<HostStreamPart, { type: 'finish' }>;
type TextStartPart = Extract<HostStreamPart, { type: 'text-start' }>;

/** What {@link governStream} needs besides the provider's stream. */
export interface GovernStreamOptions {
  /** The call's contract, compiled. */
  readonly compiled: CompiledContract;
  /**
   * Stops the provider: aborts the signal its request was given, so the tokens it would still
   * generate are never generated (or paid for). Called once, at the first forbidden term or when
   * the caller cancels the governed stream.
   */
  readonly stopProvider: (reason: unknown) => void;
  /**
   * Called once with the decision, before any governed text is emitted (W6: the evidence
   * exists before the reply is shown); returns the provider metadata to put on the finish part.
   * `stoppedEarly` is true when a forbidden term ended the provider's stream.
   */
  readonly decide: (effect: ReplyEffect, stoppedEarly: boolean) => Promise<HostProviderMetadata>;
}

/**
 * Governs a provider's stream so that no unverified text reaches the caller (W2):
 *
 * - Text parts are held. Each delta is scanned as it arrives, and at the first forbidden term
 *   the provider is stopped and the contract's fallback is emitted: a candidate that holds a
 *   forbidden term can only be refused, however it would have gone on.
 * - When the provider finishes, the whole text is governed (`governReply`) and the governed
 *   body — the text itself, or the fallback — is emitted as one text part before `finish`,
 *   which carries the effect in its provider metadata.
 * - Tool calls and the other parts pass through as they arrive, untouched, except `raw`
 *   chunks (only there when the caller asked for them): they carry the provider's unverified
 *   text, so they are withheld.
 * - A step that only calls tools (its text parts, if any, empty) says nothing to the user, so it
 *   is passed on ungoverned.
 *
 * The provider's stream is read on demand: when nobody reads the governed stream, nothing is
 * read from the provider either.
 */
export function governStream(source: ReadableStream<HostStreamPart>, { compiled, stopProvider, decide }: GovernStreamOptions): ReadableStream<HostStreamPart> {
  const reader = source.getReader();
  const hasForbidden = forbiddenScanner(compiled);
  const deltas: string[] = [];
  let textStart: TextStartPart | undefined;
  let finish: FinishPart | undefined;
  let sawToolCall = false;

  const settle = async (controller: ReadableStreamDefaultController<HostStreamPart>, stoppedEarly: boolean) => {
    const text = deltas.join('');
    // An empty text part beside the call says nothing either (providers open one before a tool
    // call); governing it would emit the fallback next to a call the host is about to run.
    if (!stoppedEarly && text === '' && sawToolCall) {
      if (finish) controller.enqueue(finish);
      controller.close();
      return;
    }
    const effect = governReply(compiled, [text]);
    const metadata = await decide(effect, stoppedEarly);
    if (effect.body !== '') {
      const id = textStart?.id ?? 'warrant-text';
      controller.enqueue({ type: 'text-start', id });
      controller.enqueue({ type: 'text-delta', id, delta: effect.body });
      controller.enqueue({ type: 'text-end', id });
    }
    controller.enqueue({
      type: 'finish',
      // Stopped early, the provider never said how it finished or what it used: say nothing false.
      finishReason: finish?.finishReason ?? { unified: 'stop', raw: undefined },
      usage: finish?.usage ?? UNKNOWN_USAGE,
      providerMetadata: { ...finish?.providerMetadata, ...metadata },
    });
    controller.close();
  };

  return new ReadableStream<HostStreamPart>(
    {
      async pull(controller) {
        for (;;) {
          const next = await reader.read();
          if (next.done) return settle(controller, false);
          const part = next.value;
          switch (part.type) {
            case 'text-start':
              textStart ??= part;
              continue;
            case 'text-end':
            case 'raw':
              continue;
            case 'text-delta':
              deltas.push(part.delta);
              if (hasForbidden(part.delta)) {
                stopProvider(new Error('warrant: a forbidden term was generated; the approved fallback is shown'));
                // The provider's stream may reject once aborted; nothing more is wanted from it.
                reader.cancel().catch(() => {});
                return settle(controller, true);
              }
              continue;
            case 'finish':
              finish = part;
              continue;
            default:
              if (part.type === 'tool-call') sawToolCall = true;
              controller.enqueue(part);
              return;
          }
        }
      },
      async cancel(reason) {
        stopProvider(reason);
        await reader.cancel(reason).catch(() => {});
      },
    },
    // Pull from the provider only when the caller reads.
    { highWaterMark: 0 },
  );
}

const UNKNOWN_USAGE: FinishPart['usage'] = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/**
 * A function told each delta in turn, answering whether a forbidden term has now appeared.
 * v0 matching is exact, so an occurrence that ends in the new delta starts at most
 * (longest term − 1) code units before it: only that tail and the delta are scanned, so the
 * cost per delta does not grow with the reply (slicing the whole text would flatten it each
 * time). Any other contract version (whose matching may see through disguises of any length)
 * rescans the whole text, which is always correct.
 */
function forbiddenScanner(compiled: CompiledContract): (delta: string) => boolean {
  const terms = compiled.contract.forbiddenTerms;
  if (terms.length === 0) return () => false;
  const present = (text: string) => compiled.verify(text).forbiddenTermsPresent.length > 0;
  if (compiled.contract.contractVersion !== 'v0') {
    let text = '';
    return (delta) => present((text += delta));
  }
  const overlap = Math.max(...terms.map((term) => term.length)) - 1;
  let tail = '';
  return (delta) => {
    const window = tail + delta;
    tail = window.length > overlap ? window.slice(window.length - overlap) : window;
    return present(window);
  };
}
