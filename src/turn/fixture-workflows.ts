import { packageRoot } from '../package-root.js';
import { loadWorkflowModule, type WorkflowModule, workflowModuleOf } from './load-workflow-module.js';

/**
 * The package's own example workflow modules, imported as code so the build bundles them: the
 * package ships no TypeScript sources, and an installed Warrant must replay its recorded turns on
 * any Node, with or without tsx. A dynamic import, so nothing loads them until a fixture asks.
 */
const BUNDLED_WORKFLOW_MODULES: Readonly<Record<string, () => Promise<unknown>>> = {
  'examples/trip': () => import('../../examples/trip/index.js'),
  'examples/trip/without-next-steps.ts': () => import('../../examples/trip/without-next-steps.js'),
};

/**
 * Loads the workflow module a recorded turn fixture names (`workflows`, relative to the package
 * root): one of the package's bundled examples when it names one, otherwise the module at that
 * path, as `loadWorkflowModule` loads a host's.
 */
export async function loadFixtureWorkflows(path: string): Promise<WorkflowModule> {
  const bundled = Object.hasOwn(BUNDLED_WORKFLOW_MODULES, path) ? BUNDLED_WORKFLOW_MODULES[path] : undefined;
  return bundled ? workflowModuleOf(await bundled(), path) : loadWorkflowModule(path, packageRoot());
}
