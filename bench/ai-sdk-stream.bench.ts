/**
 * `ai-sdk-stream`: what `warrantMiddleware` costs and saves on a streamed reply, from one run.
 *
 * A scripted provider streams 400 tokens. In the refused script the forbidden term is whole at
 * token 40; in the accepted script it never appears.
 * - `tokens_consumed_before_decision` of `tokens_total`: how far the provider was read before the
 *   middleware aborted it. Every token after that is one a real provider never generates.
 * - `overhead_ns_per_token`: the middleware's own cost per token, reading the wrapped model's
 *   stream against the unwrapped model's on the accepted script (the AI SDK's model interface,
 *   no `streamText` around it). `streamtext_ms` is the accepted script through `streamText` both
 *   ways: there the guarded reply is cheaper, since `streamText` processes one delta (the governed
 *   body) instead of 400.
 * - `speedup`: the baseline — the unwrapped model streamed through `streamText` to its end, then
 *   the whole text verified — over the governed stream of the refused script through `streamText`
 *   (aborted at token 40, fallback emitted). With a real provider each token also costs its
 *   generation time, so the saving grows with it; this counts only the CPU of this process.
 */
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { ticketContractJson } from '../src/adapters/adapter-test-contracts.js';
import { warrantMiddleware } from '../src/adapters/ai-sdk/index.js';
import { scriptedTokenStream, type ScriptedTokenStream } from '../src/adapters/ai-sdk/scripted-token-stream.js';
import { compileContract, governReply, readContract } from '../src/contract/index.js';
import { median, report, round } from './measure.js';

const TOKENS = 400;
const FORBIDDEN_AT = 40;

const accepted = Array.from({ length: TOKENS }, (_, i) => `word${i} `);
accepted.splice(10, 4, 'nothing ', 'is ', 'reserved ', 'yet. ');
const refused = [...accepted];
refused.splice(FORBIDDEN_AT - 3, 3, 'we reserved ', 'two ', 'tickets ');

const contract = compileContract(readContract(ticketContractJson()).contract);
let last: ScriptedTokenStream | undefined;
/** A provider that plays `script` afresh on every call. */
const provider = (script: readonly string[]): LanguageModelV3 =>
  new MockLanguageModelV3({
    doStream: async () => {
      last = scriptedTokenStream(script);
      return { stream: last.stream };
    },
  });
const guarded = (model: LanguageModelV3) => wrapLanguageModel({ model, middleware: warrantMiddleware({ contract }) });

const PROMPT = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'x' }] }];
async function drain(stream: ReadableStream<LanguageModelV3StreamPart>): Promise<void> {
  const reader = stream.getReader();
  while (!(await reader.read()).done);
}
async function viaModel(model: LanguageModelV3): Promise<void> {
  await drain((await model.doStream({ prompt: PROMPT })).stream);
}
async function viaStreamText(model: LanguageModelV3): Promise<string> {
  let text = '';
  for await (const delta of streamText({ model, prompt: 'x' }).textStream) text += delta;
  return text;
}

// Tokens read before the decision (deterministic: counted, not timed).
const decided = await viaStreamText(guarded(provider(refused)));
const consumed = last!.pulledTokens();
if (decided !== contract.contract.fallbackBody) throw new Error('the refused script did not end in the fallback');

/**
 * Times each contender in alternating rounds, keeping each one's best median (ms per call):
 * load on a shared machine comes in bursts, and alternating gives each the same chances.
 */
async function contest<K extends string>(contenders: Record<K, () => Promise<unknown>>): Promise<Record<K, number>> {
  const entries = Object.entries(contenders) as [K, () => Promise<unknown>][];
  const best = Object.fromEntries(entries.map(([name]) => [name, Infinity])) as Record<K, number>;
  for (const [, fn] of entries) for (let i = 0; i < 20; i++) await fn(); // warm-up
  for (let round = 0; round < 5; round++) {
    for (const [name, fn] of entries) {
      const samples: number[] = [];
      const until = performance.now() + 200;
      while (performance.now() < until || samples.length < 5) {
        const t0 = performance.now();
        await fn();
        samples.push(performance.now() - t0);
      }
      best[name] = Math.min(best[name], median(samples));
    }
  }
  return best;
}

const bareAccepted = provider(accepted);
const guardedAccepted = guarded(provider(accepted));
const bareRefused = provider(refused);
const guardedRefused = guarded(provider(refused));
const ms = await contest({
  modelBare: () => viaModel(bareAccepted),
  modelGuarded: () => viaModel(guardedAccepted),
  streamTextBare: () => viaStreamText(bareAccepted),
  streamTextGuarded: () => viaStreamText(guardedAccepted),
  baseline: async () => governReply(contract, [await viaStreamText(bareRefused)]),
  refusedGuarded: () => viaStreamText(guardedRefused),
});

report('ai-sdk-stream', {
  tokens_total: TOKENS,
  forbidden_term_at_token: FORBIDDEN_AT,
  tokens_consumed_before_decision: consumed,
  tokens_never_generated: TOKENS - consumed,
  overhead_ns_per_token: round(((ms.modelGuarded - ms.modelBare) * 1e6) / TOKENS, 0),
  model_stream_ms: { unwrapped: round(ms.modelBare, 3), guarded: round(ms.modelGuarded, 3) },
  streamtext_ms: { unwrapped: round(ms.streamTextBare, 3), guarded: round(ms.streamTextGuarded, 3) },
  baseline_ms: round(ms.baseline, 3),
  warrant_ms: round(ms.refusedGuarded, 3),
  speedup: round(ms.baseline / ms.refusedGuarded, 2),
});
