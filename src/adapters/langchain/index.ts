/**
 * `warrant/langchain`: a Reply Contract as the last step of a LangChain chain
 * (`@langchain/core`, an optional peer dependency: only this subpath loads it).
 */
export type { ContractSource } from '../contract-source.js';
export type { WarrantRunnableInput, WarrantRunnableOptions } from './warrant-runnable.js';
export { WarrantRunnable, warrantRunnable } from './warrant-runnable.js';
