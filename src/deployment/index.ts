export type { Deployment, DeploymentFromEnvOptions, DeploymentOptions } from './deployment.js';
export { createDeployment, deploymentFromEnv, skillTasksWithoutModel, turnSeamsOf } from './deployment.js';
