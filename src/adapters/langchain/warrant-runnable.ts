import { isBaseMessage, type BaseMessage } from '@langchain/core/messages';
import { Runnable, type RunnableConfig } from '@langchain/core/runnables';
import type { CompiledContract } from '../../contract/compile-contract.js';
import { governReply } from '../../contract/govern-reply.js';
import { effectToJson, type ReplyEffect, type ReplyEffectJson } from '../../contract/reply-effect.js';
import { compileContractSource, type ContractSource } from '../contract-source.js';

/** What a {@link WarrantRunnable} governs: a chain's text, as a string or a chat model's message. */
export type WarrantRunnableInput = string | BaseMessage;

/** Options of {@link warrantRunnable}. */
export interface WarrantRunnableOptions {
  /**
   * Receives every decision before the governed text is returned, and is awaited (W6: evidence
   * first), so a host can persist it. If it throws, the chain fails and nothing is returned.
   */
  readonly onEffect?: (effect: ReplyEffect, json: ReplyEffectJson) => void | Promise<void>;
}

/**
 * The last step of a LangChain chain that governs its text under a Reply Contract: its output
 * is the text when the contract accepts it and the approved fallback otherwise. Streaming the
 * chain yields that one governed text, once, after the step before it finished: no unverified
 * chunk passes (LangChain hands a step that streams nothing of its own the whole input).
 */
export class WarrantRunnable extends Runnable<WarrantRunnableInput, string> {
  static override lc_name(): string {
    return 'WarrantRunnable';
  }
  lc_namespace = ['warrant', 'langchain'];
  readonly #compiled: CompiledContract;
  readonly #onEffect: WarrantRunnableOptions['onEffect'];

  constructor(contract: ContractSource, { onEffect }: WarrantRunnableOptions = {}) {
    super();
    this.#compiled = compileContractSource(contract, 'warrantRunnable contract');
    this.#onEffect = onEffect;
  }

  /** Governs `input`; see the class. */
  override invoke(input: WarrantRunnableInput, options?: Partial<RunnableConfig>): Promise<string> {
    return this._callWithConfig((text: WarrantRunnableInput) => this.#govern(text), input, options);
  }

  async #govern(input: WarrantRunnableInput): Promise<string> {
    const effect = governReply(this.#compiled, [textOf(input)]);
    await this.#onEffect?.(effect, effectToJson(effect));
    return effect.body;
  }
}

/**
 * A runnable that governs a chain's text output under `contract`, for
 * `chain.pipe(warrantRunnable(contract))`. A refused contract throws `InputError` here, when the
 * chain is built.
 */
export function warrantRunnable(contract: ContractSource, options: WarrantRunnableOptions = {}): WarrantRunnable {
  return new WarrantRunnable(contract, options);
}

function textOf(input: WarrantRunnableInput): string {
  if (typeof input === 'string') return input;
  if (isBaseMessage(input)) return input.text;
  // Only reachable from untyped chains; a contract governs words, so anything else is a mistake.
  throw new TypeError(`warrantRunnable governs text: a string or a message, not ${typeof input}`);
}
