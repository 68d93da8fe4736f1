import { StringOutputParser } from '@langchain/core/output_parsers';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import type { ReplyEffectJson } from '../../contract/reply-effect.js';
import { InputError } from '../../errors.js';
import { TICKET_FALLBACK, TICKET_SAFE_REPLY, TICKET_UNSAFE_REPLY, ticketContractJson } from '../adapter-test-contracts.js';
import { warrantRunnable } from './warrant-runnable.js';

const prompt = ChatPromptTemplate.fromMessages([['human', '{question}']]);

describe('warrantRunnable', () => {
  it('W2: a chat model chain piped into it returns the accepted text', async () => {
    const chain = prompt.pipe(new FakeListChatModel({ responses: [TICKET_SAFE_REPLY] })).pipe(warrantRunnable(ticketContractJson()));
    expect(await chain.invoke({ question: 'Two seats?' })).toBe(TICKET_SAFE_REPLY);
  });

  it('W2: a refused text becomes the approved fallback, and onEffect gets the effect first', async () => {
    const effects: ReplyEffectJson[] = [];
    const guard = warrantRunnable(ticketContractJson(), { onEffect: (_, json) => void effects.push(json) });
    const chain = prompt
      .pipe(new FakeListChatModel({ responses: [TICKET_UNSAFE_REPLY] }))
      .pipe(new StringOutputParser())
      .pipe(guard);
    expect(await chain.invoke({ question: 'Book two' })).toBe(TICKET_FALLBACK);
    expect(effects.map((e) => [e.status, e.candidates[0]!.forbidden_terms_present])).toEqual([['fallback', ['reserved two tickets']]]);
  });

  it('W2: streaming the chain yields only the governed text, once, never the model chunks', async () => {
    const model = new FakeListChatModel({ responses: [TICKET_UNSAFE_REPLY] });
    const chain = prompt.pipe(model).pipe(warrantRunnable(ticketContractJson()));
    const chunks: string[] = [];
    for await (const chunk of await chain.stream({ question: 'Book two' })) chunks.push(chunk);
    expect(chunks).toEqual([TICKET_FALLBACK]);
  });

  it('W9: a malformed contract is refused when the chain is built, naming the path', () => {
    const error = (() => {
      try {
        warrantRunnable({ ...ticketContractJson(), must_ask: 'none' as unknown as string[] });
      } catch (e) {
        return e;
      }
    })();
    expect(InputError.isInstance(error)).toBe(true);
    expect((error as InputError).issues[0]!.path).toBe('$.must_ask');
  });
});
