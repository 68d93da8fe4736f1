export type { ApiKeyGrant, ApiKeyring, ApiKeyringOptions } from './api-keys.js';
export {
  MIN_API_KEY_LENGTH,
  apiKeysFileSchema,
  apiKeysFromEnv,
  generateApiKey,
  hashApiKey,
  openApiKeyring,
  parseApiKeysFile,
  provisionApiKeys,
  replaceApiKeys,
} from './api-keys.js';
export type { ServerOptions, WarrantServer } from './create-server.js';
export { createServer } from './create-server.js';
export type { ContractCacheOptions } from './contract-cache.js';
export { contractCacheCost } from './contract-cache.js';
export type { EnvLimits } from './limits-from-env.js';
export { limitsFromEnv } from './limits-from-env.js';
export type { ListenOptions, RunningServer } from './listen.js';
export { listen } from './listen.js';
export type { ProblemDocument } from './problem.js';
export { HttpProblem, problemOf, problemSchema } from './problem.js';
export type { ReadinessCheck } from './routes/health.js';
export { MAX_CANDIDATES, verifyRequestSchema, verifyResponseSchema } from './routes/reply-contracts.js';
export type { ServerEnv } from './server-env.js';
export type { Fault, InputIssue } from '../errors.js';
export { ConfigurationError, InputError, WarrantError } from '../errors.js';
export { StoreError } from '../store/index.js';
