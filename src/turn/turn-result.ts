import { z } from 'zod';
import { parseInput } from '../errors.js';
import { modelCallSchema } from '../evidence/model-call.js';
import { renameBySchema, type Camelized } from '../wire-case.js';
import { askSchema, cardButtonsSchema, outcomeDocumentSchema } from './outcome-document.js';

/*
 * The composed turn's one schema: its wire form (snake_case), field by field. The camelCase types
 * below derive from it, `turnResultToJson` and `turnResultFromJson` convert by it, and the OpenAPI
 * document shows it. Objects are not strict — a client must ignore members it does not know, so
 * the server may add one without breaking it — but `turn-result.test.ts` checks that every member
 * the runtime writes is listed here.
 */

const QUESTION_KINDS = ['capability', 'field_values', 'status', 'other'] as const;
const ANSWER_STATUSES = ['answered', 'unsupported', 'source_unavailable', 'withheld', 'not_written'] as const;
const WRITERS = ['code', 'writer'] as const;

const receiptBlockSchema = z
  .object({
    kind: z.literal('receipt'),
    id: z.string().describe("`receipt:{record}:{revision}`: an event's revision is unique per record, so is this id"),
    record_id: z.string(),
    workflow: z.string(),
    event_type: z.string(),
    revision: z.number().int().describe('the revision the committed event produced'),
    title: z.string(),
    body: z.string(),
  })
  .meta({ id: 'ReceiptBlock', description: 'One committed event, rendered by its workflow (W1).' });

const noticeBlockSchema = z
  .object({
    kind: z.literal('notice'),
    id: z.string().describe("`notice:{n}` in the turn's order"),
    code: z.string().describe('why something did not happen (`refused`, `conflict`, …), `disputed`, `attachment_not_shown` or `attachment_received`'),
    text: z.string(),
    record_id: z.string().nullable(),
  })
  .meta({ id: 'NoticeBlock', description: 'What the server says about what did not happen, a dispute, or a file.' });

const cardBlockSchema = z
  .object({
    kind: z.literal('card'),
    id: z.string().describe('`card:{record}:{card}`'),
    record_id: z.string(),
    card: z.string(),
    title: z.string(),
    buttons: cardButtonsSchema,
  })
  .meta({ id: 'CardBlock', description: 'The card on screen.' });

const answerBasisSchema = z.object({
  source: z
    .enum(['operations', 'record', 'knowledge', 'none'])
    .describe("what the answer rests on: what can be done, a record's facts, a knowledge source, nothing"),
  record_ids: z.array(z.string()),
});

const answerBlockSchema = z
  .object({
    kind: z.literal('answer'),
    id: z.string().describe('`answer:{question index}`'),
    question_index: z.number().int(),
    question: z.string(),
    question_kind: z.enum(QUESTION_KINDS),
    status: z.enum(ANSWER_STATUSES).describe('how the answer came to be (W3)'),
    basis: answerBasisSchema,
    text: z.string().nullable().describe('null when nobody wrote one (`not_written`)'),
    written_by: z.enum(WRITERS).nullable(),
  })
  .meta({ id: 'AnswerBlock', description: 'Exactly one per question the user asked (W3).' });

const transitionBlockSchema = z
  .object({
    kind: z.literal('transition'),
    id: z.literal('transition'),
    text: z.string().describe('the reply the user reads'),
    written_by: z.enum(WRITERS).describe("`writer` when a written acknowledgement passed; `code` for code's own words"),
    fallback_reason: z.string().nullable().describe("why code's words stand in for a writer's, when a writer was given (`writer_failed: timeout`, …)"),
  })
  .meta({ id: 'TransitionBlock', description: "The turn's one reply." });

const turnEvidenceSchema = z.object({
  model_calls: z.array(modelCallSchema).describe('every model call the turn made (understanding, answers, acknowledgement, review), in order'),
  understanding_failure: z.string().nullable().describe('why the understanding was not produced by the injected function, when it was not'),
  events_committed: z.number().int(),
});

const turnResultWire = z
  .object({
    turn_id: z.string(),
    conversation_id: z.string(),
    locale: z.string().describe("the locale the turn was composed in (resolved from the input's)"),
    blocks: z
      .array(z.discriminatedUnion('kind', [receiptBlockSchema, noticeBlockSchema, cardBlockSchema, answerBlockSchema, transitionBlockSchema]))
      .describe('in reply order: receipts, notices, answers, card, then the transition'),
    outcome: outcomeDocumentSchema,
    ask: askSchema.nullable(),
    about_record: z.string().nullable().describe('the record the reply is about, which the next turn falls back to'),
    in_view: z.array(z.string()).describe('records the conversation has touched, oldest first'),
    evidence: turnEvidenceSchema,
  })
  .meta({ id: 'TurnResult', description: 'A committed, composed turn (snake_case). A retried turn id returns it unchanged.' });

/** A receipt: one committed event, rendered through its workflow's receipts (W1). */
export type ReceiptBlock = Camelized<z.output<typeof receiptBlockSchema>>;
/** Something the server says about what did not happen, a dispute, or a file. */
export type NoticeBlock = Camelized<z.output<typeof noticeBlockSchema>>;
/** The card on screen. */
export type CardBlock = Camelized<z.output<typeof cardBlockSchema>>;
/** How an answer came to be (W3). */
export type AnswerStatus = (typeof ANSWER_STATUSES)[number];
/** What an answer rests on. */
export type AnswerBasis = Camelized<z.output<typeof answerBasisSchema>>;
/** Exactly one per question (W3). */
export type AnswerBlock = Camelized<z.output<typeof answerBlockSchema>>;
/** The turn's one reply: what the user reads. */
export type TransitionBlock = Camelized<z.output<typeof transitionBlockSchema>>;
/** Any block of a turn. */
export type TurnBlock = ReceiptBlock | NoticeBlock | CardBlock | AnswerBlock | TransitionBlock;
/** The evidence a turn leaves beside its blocks (W6). */
export type TurnEvidence = Camelized<z.output<typeof turnEvidenceSchema>>;
/**
 * A committed, composed turn. Persisted with the turn; a retried turn id returns it unchanged.
 * Blocks come in reply order: receipts, notices, answers, card, then the transition last.
 */
export type TurnResult = Camelized<z.output<typeof turnResultWire>>;
/** The wire form of a {@link TurnResult}: what is stored with the turn, printed by `warrant turn --json` and served by the sidecar. */
export type TurnResultJson = z.output<typeof turnResultWire>;

/**
 * The turn result's one schema: its wire form, decoded to the camelCase {@link TurnResult} and
 * encoded back. `.in` is the wire form's own schema (for documents and responses).
 */
export const turnResultSchema = z.codec(
  turnResultWire,
  z.custom<TurnResult>((v) => typeof v === 'object' && v !== null),
  {
    decode: (json) => renameBySchema(turnResultWire, json, 'decode') as TurnResult,
    encode: (result) => renameBySchema(turnResultWire, result, 'encode') as TurnResultJson,
  },
);

/**
 * The turn result as its snake_case JSON: what is persisted with the turn, printed by
 * `warrant turn --json` and served by the sidecar. Converted by the schema, not validated: the
 * type already holds what the schema would check, and composing stays cheap.
 */
export function turnResultToJson(result: TurnResult): TurnResultJson {
  return renameBySchema(turnResultWire, result, 'encode') as TurnResultJson;
}

/** Reads a turn result from its JSON (a stored one, a response), checked against the schema. */
export function turnResultFromJson(json: unknown): TurnResult {
  return parseInput(turnResultSchema, json, 'turn result');
}

/** The reply text of a result. */
export function transitionOf(result: TurnResult): TransitionBlock {
  const block = result.blocks.find((b): b is TransitionBlock => b.kind === 'transition');
  if (!block) throw new Error(`turn ${result.turnId} has no transition block`);
  return block;
}
