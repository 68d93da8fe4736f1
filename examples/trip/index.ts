/**
 * The business-trip example: a workflow module as `warrant turn --workflow examples/trip` loads
 * it (it exports `workflows` and `locales`), and a scripted conversation.
 */
import { tripWorkflow } from './trip-workflow.js';

export type { TripState } from './trip-workflow.js';
export { tripWorkflow } from './trip-workflow.js';
export { englishConversation, italianConversation } from './conversation.js';

/** The workflows this module defines. */
export const workflows = [tripWorkflow];

/** The locales it serves. */
export const locales = ['en', 'it'];
