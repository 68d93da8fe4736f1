import { InputError } from '../errors.js';
import type { ListenOptions } from './listen.js';

/** The sidecar's resource limits as the environment sets them; each absent variable keeps its default. */
export interface EnvLimits {
  /** For `listen`: timeouts, connection cap, drain. */
  readonly listen: Pick<ListenOptions, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections' | 'drainTimeoutMs'>;
  /** For `createServer`. */
  readonly server: { readonly contractCacheBytes?: number };
}

const VARIABLES = {
  WARRANT_HEADERS_TIMEOUT_MS: ['listen', 'headersTimeoutMs'],
  WARRANT_REQUEST_TIMEOUT_MS: ['listen', 'requestTimeoutMs'],
  WARRANT_KEEP_ALIVE_TIMEOUT_MS: ['listen', 'keepAliveTimeoutMs'],
  WARRANT_MAX_CONNECTIONS: ['listen', 'maxConnections'],
  WARRANT_DRAIN_TIMEOUT_MS: ['listen', 'drainTimeoutMs'],
  WARRANT_CONTRACT_CACHE_BYTES: ['server', 'contractCacheBytes'],
} as const;

/**
 * Reads the limits of `warrant serve` from `env` (the only place they are read):
 * `WARRANT_HEADERS_TIMEOUT_MS`, `WARRANT_REQUEST_TIMEOUT_MS`, `WARRANT_KEEP_ALIVE_TIMEOUT_MS`,
 * `WARRANT_MAX_CONNECTIONS`, `WARRANT_DRAIN_TIMEOUT_MS`, `WARRANT_CONTRACT_CACHE_BYTES`, each a
 * whole number (the contract cache may be 0: no cache). Anything else is refused, naming the
 * variable, before the server starts.
 */
export function limitsFromEnv(env: Record<string, string | undefined>): EnvLimits {
  const listen: Record<string, number> = {};
  const server: Record<string, number> = {};
  for (const [name, [target, option]] of Object.entries(VARIABLES)) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const value = Number(raw);
    const least = option === 'contractCacheBytes' ? 0 : 1;
    if (!/^\d{1,15}$/.test(raw) || value < least) {
      throw new InputError(name, [{ path: '$', message: `${JSON.stringify(raw)} is not a whole number of at least ${least}` }]);
    }
    (target === 'listen' ? listen : server)[option] = value;
  }
  return { listen, server };
}
