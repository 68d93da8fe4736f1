/**
 * `warrant/ai-sdk`: a Reply Contract in front of any AI SDK language model, as a middleware for
 * `wrapLanguageModel`. Depends only on what Warrant already depends on (`ai`'s provider types).
 */
export type { ContractSource } from '../contract-source.js';
export type { WarrantEffectContext, WarrantMiddlewareOptions } from './warrant-middleware.js';
export { WARRANT_PROVIDER_KEY, warrantMiddleware } from './warrant-middleware.js';
