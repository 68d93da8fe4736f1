// The two framework adapters as a host on a given version of each peer uses them (installed
// beside the packed tarball: the lowest and the newest of each peer range). Plain Node.
// Prints what each check saw; the test compares it with what the adapters promise.
import { Agent, Runner, Usage, setTracingDisabled } from '@openai/agents';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { ChatPromptTemplate } from '@langchain/core/prompts';
import { runWithFallback, warrantOutputGuardrail } from 'warrant/agents';
import { warrantRunnable } from 'warrant/langchain';

const contract = {
  contract_version: 'v0',
  interaction_kind: 'ticket_inventory',
  entity_roles: { customer: 'buyer' },
  authority_status: 'payment_authoritative',
  fallback_body: 'Two tickets are shown as available; nothing is reserved yet.',
  must_include: ['nothing is reserved'],
  must_ask: [],
  canonical_terms: [],
  forbidden_terms: ['reserved two tickets'],
};
const SAFE = 'Two seats are free; nothing is reserved yet.';
const UNSAFE = 'Great news, we reserved two tickets for you!';

/** The Agents SDK's `Model` interface, scripted: every request gets `reply` as one assistant message. */
const scripted = (reply) => ({
  async getResponse() {
    return { usage: new Usage(), output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply }] }] };
  },
  getStreamedResponse() {
    throw new Error('not streamed');
  },
});
setTracingDisabled(true);
const desk = (reply) => new Agent({ name: 'desk', instructions: 'Answer.', model: scripted(reply), outputGuardrails: [warrantOutputGuardrail({ contract })] });
const runner = new Runner({ tracingDisabled: true });
const agentsSafe = await runWithFallback(desk(SAFE), 'Two seats?', { runner });
const agentsUnsafe = await runWithFallback(desk(UNSAFE), 'Book two', { runner });

const prompt = ChatPromptTemplate.fromMessages([['human', '{question}']]);
const chain = (reply) => prompt.pipe(new FakeListChatModel({ responses: [reply] })).pipe(warrantRunnable(contract));
const streamed = [];
for await (const chunk of await chain(UNSAFE).stream({ question: 'Book two' })) streamed.push(chunk);

console.log(
  JSON.stringify({
    agents: [
      [agentsSafe.output, agentsSafe.effect.status, agentsSafe.result !== undefined],
      [agentsUnsafe.output, agentsUnsafe.effect.status, agentsUnsafe.result !== undefined],
    ],
    langchain: [await chain(SAFE).invoke({ question: 'Two seats?' }), await chain(UNSAFE).invoke({ question: 'Book two' }), streamed],
  }),
);
