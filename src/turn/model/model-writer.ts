import type { TurnWriter } from '../writer.js';
import { DEFAULT_TURN_DEADLINE_MS, type TurnModelOptions } from './turn-model-options.js';
import { writeAcknowledgement } from './write-acknowledgement.js';
import { writeAnswer } from './write-answer.js';

/**
 * The turn's writer backed by models: `answer` per question (the runtime starts them all before
 * the acknowledgement, concurrently), `acknowledge` with its review and at most one rewrite.
 * All of one turn's calls share one deadline (`turnDeadlineMs`, declared as the writer's
 * `deadlineMs`: the runtime makes one signal per composition and hands it to each call). Pass it to the turn runtime as
 * its writer; with no model configured every call reports `no_model` and the runtime answers in
 * code's own words, saying so in the turn's evidence.
 */
export function createModelWriter(options: TurnModelOptions): TurnWriter {
  return {
    deadlineMs: options.turnDeadlineMs ?? DEFAULT_TURN_DEADLINE_MS,
    answer: (request) => writeAnswer(request, options),
    acknowledge: (request) => writeAcknowledgement(request, options),
  };
}
