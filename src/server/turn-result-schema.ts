import { z } from 'zod';
import { MODEL_OUTCOMES } from '../model/model-call-record.js';

/*
 * The composed turn on the wire, field by field (snake_case, as `turnResultToJson` writes it),
 * for the OpenAPI document: generated clients get real types instead of a free-form object.
 * Objects are not strict in the document — a client must ignore members it does not know, so
 * the server may add one without breaking it — but `turn-result-schema.test.ts` checks that
 * every member the runtime writes is listed here.
 */

const basisSchema = z.object({
  source: z.enum(['operations', 'record', 'knowledge', 'none']).describe('what the answer rests on'),
  record_ids: z.array(z.string()),
});

const buttonsSchema = z.array(z.object({ key: z.string(), label: z.string() }));

const receiptBlockSchema = z
  .object({
    kind: z.literal('receipt'),
    id: z.string().describe('`receipt:{record}:{revision}`'),
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
    id: z.string().describe('`notice:{n}`'),
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
    buttons: buttonsSchema,
  })
  .meta({ id: 'CardBlock', description: 'The card on screen.' });

const answerBlockSchema = z
  .object({
    kind: z.literal('answer'),
    id: z.string().describe('`answer:{question index}`'),
    question_index: z.number().int(),
    question: z.string(),
    question_kind: z.enum(['capability', 'field_values', 'status', 'other']),
    status: z.enum(['answered', 'unsupported', 'source_unavailable', 'withheld', 'not_written']),
    basis: basisSchema,
    text: z.string().nullable().describe('null when nobody wrote one (`not_written`)'),
    written_by: z.enum(['code', 'writer']).nullable(),
  })
  .meta({ id: 'AnswerBlock', description: 'Exactly one per question the user asked (W3).' });

const transitionBlockSchema = z
  .object({
    kind: z.literal('transition'),
    id: z.literal('transition'),
    text: z.string().describe('the reply the user reads'),
    written_by: z.enum(['code', 'writer']),
    fallback_reason: z.string().nullable().describe("why code's words stand in for a writer's, when a writer was given"),
  })
  .meta({ id: 'TransitionBlock', description: "The turn's one reply." });

const awaitedActSchema = z.object({
  operation: z.string(),
  record: z.string(),
  workflow: z.string(),
  values: z.record(z.string(), z.unknown()).describe("values already fixed, in the workflow's own keys"),
  answers: z.string().describe("the input field the user's answer gives"),
});

const askSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['contested', 'awaited_value', 'obligation', 'next_record', 'next_steps']),
    text: z.string(),
    record_id: z.string().nullable(),
    awaiting: awaitedActSchema.optional(),
  })
  .meta({ id: 'Ask', description: 'The one thing the reply asks next, chosen by code.' });

const cardOnScreenSchema = z.object({ record_id: z.string(), card: z.string(), title: z.string(), buttons: buttonsSchema });

const outcomeSchema = z
  .object({
    done: z.array(z.object({ receipt_id: z.string(), title: z.string(), body: z.string() })),
    not_done: z.array(z.object({ code: z.string(), text: z.string(), record_id: z.string().optional() })),
    disputes: z.array(z.object({ receipt_id: z.string(), title: z.string(), said: z.string() })),
    starting: z.array(z.object({ workflow: z.string(), noun: z.string() })),
    ask: askSchema.nullable(),
    card: cardOnScreenSchema.nullable(),
  })
  .meta({ id: 'OutcomeDocument', description: 'Everything the turn did, gathered by code before anyone writes a word.' });

/** One model call as recorded in evidence (turns and suggestions alike), snake_case. */
export const modelCallJsonSchema = z
  .object({
    task: z.string().describe('e.g. `acknowledge`, `understand.verify`'),
    outcome: z.enum(MODEL_OUTCOMES),
    prompt_name: z.string().optional(),
    prompt_hash: z.string().optional().describe('`sha256:` and 16 hex digits of the prompt text'),
    model_id: z.string().nullable().optional(),
    started_at: z.string().optional().describe('ISO 8601'),
    latency_ms: z.number().optional(),
    input_tokens: z.number().int().nullable().optional(),
    output_tokens: z.number().int().nullable().optional(),
    error: z.string().optional(),
    raw: z.string().optional().describe('for `malformed`: what the model returned'),
  })
  .meta({ id: 'ModelCall', description: 'The evidence one model call leaves: task, prompt, model, latency, tokens, outcome.' });

/** `TurnResult` on the wire: what `POST /v0/turns` answers and `GET /v0/turns/{id}` returns as `result`. */
export const turnResultJsonSchema = z
  .object({
    turn_id: z.string(),
    conversation_id: z.string(),
    locale: z.string().describe('the locale the turn was composed in'),
    blocks: z
      .array(z.discriminatedUnion('kind', [receiptBlockSchema, noticeBlockSchema, cardBlockSchema, answerBlockSchema, transitionBlockSchema]))
      .describe('in reply order: receipts, notices, answers, card, then the transition'),
    outcome: outcomeSchema,
    ask: askSchema.nullable(),
    about_record: z.string().nullable().describe('the record the reply is about'),
    in_view: z.array(z.string()).describe('records the conversation has touched, oldest first'),
    evidence: z.object({
      model_calls: z.array(modelCallJsonSchema),
      understanding_failure: z.string().nullable(),
      events_committed: z.number().int(),
    }),
  })
  .meta({ id: 'TurnResult', description: 'A committed, composed turn (snake_case). A retried turn id returns it unchanged.' });
