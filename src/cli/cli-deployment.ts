import { deploymentFromEnv, type Deployment } from '../deployment/deployment.js';
import type { CliIo } from './io.js';

/**
 * The one deployment a command runs with: the models of `io.env` (`WARRANT_MODEL…`) and the
 * prompts of `--prompts`, built once per command by {@link deploymentFromEnv}. A model variable
 * spelt the deprecated way is a warning on stderr.
 */
export function cliDeployment(io: CliIo, promptsDir?: string): Deployment {
  return deploymentFromEnv(io.env, {
    cwd: io.cwd,
    ...(promptsDir === undefined ? {} : { promptsDir }),
    onDeprecated: (message) => io.err(`warrant: warning: ${message}`),
  });
}
