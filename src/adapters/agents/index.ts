/**
 * `warrant/agents`: a Reply Contract as an output guardrail of the OpenAI Agents SDK
 * (`@openai/agents`, an optional peer dependency: only this subpath loads it).
 */
export type { ContractSource } from '../contract-source.js';
export type { GovernedRun, RunWithFallbackOptions } from './run-with-fallback.js';
export { runWithFallback } from './run-with-fallback.js';
export type { WarrantOutputGuardrailOptions } from './warrant-output-guardrail.js';
export { warrantOutputGuardrail } from './warrant-output-guardrail.js';
