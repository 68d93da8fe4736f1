/**
 * The versions the consumer tests (packed-tarball.test.ts, and .ci/run's runs on newer Node)
 * install beside the packed tarball. Each is in the README's compatibility table, which
 * compatibility-table.test.ts keeps equal to these and to package.json.
 */
export { NODE_22, NODE_24 } from './registry-node.mjs';

/** `ai` 6 (language-model specification v3) and the OpenAI provider of its line. */
export const AI_6 = ['ai@6.0.325', '@ai-sdk/openai@3.0.139'] as const;
/** `ai` 7 (specification v4) and the OpenAI provider of its line; both require Node ≥ 22. */
export const AI_7 = ['ai@7.0.173', '@ai-sdk/openai@4.0.118'] as const;
/** The lowest version of each optional peer's range. */
export const PEERS_LOWEST = ['@openai/agents@0.4.0', '@langchain/core@1.0.0'] as const;
/** The newest version of each optional peer's range (also the devDependencies). */
export const PEERS_NEWEST = ['@openai/agents@0.20.0', '@langchain/core@1.4.0'] as const;
