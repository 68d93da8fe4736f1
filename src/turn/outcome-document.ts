/**
 * The outcome document: the whole of what a turn did, gathered by code before anyone writes a
 * word. A writer is shown this and nothing more about what happened.
 */

import { z } from 'zod';
import type { Camelized } from '../wire-case.js';

/** Every reason something in the turn did not happen, as stable codes. */
export const NOT_DONE_CODES = [
  'refused',
  'unchanged',
  'invalid_values',
  'unknown_record',
  'unknown_operation',
  'conflict',
  'already_exists',
  'card_declined',
  'unknown_card',
  'not_understood',
  'no_open_ask',
  'unknown_receipt',
  'unknown_submission',
  'submission_pending',
  'submission_refused',
] as const;

/** Why something in the turn did not happen, as a stable code. */
export type NotDoneCode = (typeof NOT_DONE_CODES)[number];

/** Which rule chose the ask (each has its own test). */
export const ASK_KINDS = ['contested', 'awaited_value', 'obligation', 'next_record', 'next_steps'] as const;

/** Which rule chose the ask. */
export type AskKind = (typeof ASK_KINDS)[number];

/*
 * The outcome document's wire form (snake_case), its one schema: the camelCase types below derive
 * from it, and so does the turn result's (turn-result.ts), the stored JSON and the OpenAPI document.
 */

const doneEntrySchema = z.object({ receipt_id: z.string(), title: z.string(), body: z.string() });
const notDoneEntrySchema = z.object({
  code: z.enum(NOT_DONE_CODES),
  text: z.string(),
  record_id: z.string().optional().describe('the record it concerns, when there is one'),
});
const disputeEntrySchema = z.object({
  receipt_id: z.string(),
  title: z.string().describe("the contested receipt's title"),
  said: z.string().describe('what the user said'),
});
const startingEntrySchema = z.object({ workflow: z.string(), noun: z.string() });

const awaitedActSchema = z.object({
  operation: z.string(),
  record: z.string(),
  workflow: z.string().describe('the workflow, for an act that creates its record'),
  values: z.record(z.string(), z.unknown()).describe("values already fixed, in the workflow's own keys"),
  answers: z.string().describe("the input field the user's answer gives"),
});

/** The wire form of {@link Ask}. */
export const askSchema = z
  .object({
    id: z.string().describe('stable, e.g. `ask:obligation:trip-1:payer:0`'),
    kind: z.enum(ASK_KINDS),
    text: z.string().describe("the question in the workflow's or the server's words"),
    record_id: z.string().nullable(),
    awaiting: awaitedActSchema.optional().describe('for an awaited value or an obligation with an act: what the answer completes'),
  })
  .meta({ id: 'Ask', description: 'The one thing the reply asks next, chosen by code.' });

/** The wire form of the buttons of a card. */
export const cardButtonsSchema = z.array(z.object({ key: z.string(), label: z.string() }));

/** The wire form of {@link CardOnScreen}. */
export const cardOnScreenSchema = z.object({ record_id: z.string(), card: z.string(), title: z.string(), buttons: cardButtonsSchema });

/** The wire form of {@link OutcomeDocument}. */
export const outcomeDocumentSchema = z
  .object({
    done: z.array(doneEntrySchema),
    not_done: z.array(notDoneEntrySchema),
    disputes: z.array(disputeEntrySchema),
    starting: z.array(startingEntrySchema),
    ask: askSchema.nullable(),
    card: cardOnScreenSchema.nullable(),
  })
  .meta({ id: 'OutcomeDocument', description: 'Everything the turn did, gathered by code before anyone writes a word.' });

/** One receipt of the turn, in its own title and body. */
export type DoneEntry = Camelized<z.output<typeof doneEntrySchema>>;
/** One thing that did not happen, in the domain's or the server's sentence. */
export type NotDoneEntry = Camelized<z.output<typeof notDoneEntrySchema>>;
/** A receipt the user contested. */
export type DisputeEntry = Camelized<z.output<typeof disputeEntrySchema>>;
/** A workflow the turn began without writing anything yet. */
export type StartingEntry = Camelized<z.output<typeof startingEntrySchema>>;
/** An act the server is waiting for: the user's next answer fills `answers`. */
export type AwaitedAct = Camelized<z.output<typeof awaitedActSchema>>;
/** The one thing the reply asks next, chosen by code. */
export type Ask = Camelized<z.output<typeof askSchema>>;
/** The card on screen, by its title and buttons. */
export type CardOnScreen = Camelized<z.output<typeof cardOnScreenSchema>>;
/** Everything the turn did, in the order a reply says it. */
export type OutcomeDocument = Camelized<z.output<typeof outcomeDocumentSchema>>;
