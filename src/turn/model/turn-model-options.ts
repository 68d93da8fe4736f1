import type { Models, PromptSource } from '../../model/index.js';

/** What the model-backed turn tasks run with. */
export interface TurnModelOptions {
  /** The deployment's models, per task (see `createModels`). With none configured every task reports `no_model`. */
  models: Models;
  /** The deployment's prompts, consulted (`task.locale`, then `task`) before the built-in English ones. */
  prompts?: PromptSource;
}
