import type { Models, PromptSource } from '../../model/index.js';

/** What the model-backed turn tasks run with. */
export interface TurnModelOptions {
  /** The deployment's models, per task (see `createModels`). With none configured every task reports `no_model`. */
  models: Models;
  /** The deployment's prompts, consulted (`task.locale`, then `task`) before the built-in English ones. */
  prompts?: PromptSource;
  /**
   * Milliseconds all the words of one turn written after its commit may take together (answers,
   * acknowledgement, review, rewrite). Default 60 000: the answers run side by side, so this leaves
   * room for the acknowledgement's write, review, rewrite and second review at a slow model's pace.
   * Past it, calls end as `aborted` and code's own words stand.
   */
  turnDeadlineMs?: number;
}

/** Default {@link TurnModelOptions.turnDeadlineMs}. */
export const DEFAULT_TURN_DEADLINE_MS = 60_000;
