/**
 * The trip workflow for a deployment that says nothing about what may come next: once a trip
 * owes nothing and shows no card, the reply ends on what was done. Load it with
 * `warrant turn --workflow examples/trip/without-next-steps.ts`.
 */
import { tripWorkflow } from './trip-workflow.js';

/** The workflows this module defines. */
export const workflows = [{ ...tripWorkflow, nextSteps: [] }];

/** The locales it serves. */
export const locales = ['en', 'it'];
