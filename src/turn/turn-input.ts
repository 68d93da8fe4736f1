import { z } from 'zod';
import { InputError, inputIssuesFromZod, parseInput } from '../errors.js';
import { wireJson, wireRecord, wireString } from '../wire-string.js';

/** What a question asks about, which decides who may answer it and whether it sets an ask. */
export type QuestionKind = 'capability' | 'field_values' | 'status' | 'other';

/** One thing the user asked to be done. */
export interface Act {
  /** The operation; absent only on a reply to the previous ask (`answersAsk`). */
  readonly operation?: string;
  /** The workflow, needed when the act creates a record. */
  readonly workflow?: string;
  /** The record acted on. For a creating act, the new record's id (default `{workflow}-{turn id}`). */
  readonly record?: string;
  /** The act's values, checked against the operation's input schema. */
  readonly values: Readonly<Record<string, unknown>>;
  /** True when this act is the user's reply to the previous turn's awaited act («the company»). */
  readonly answersAsk: boolean;
}

/** A question in the message. */
export interface Question {
  readonly text: string;
  readonly kind: QuestionKind;
  /** The records it is about; none means the records in view. */
  readonly records: readonly string[];
  /** For `field_values`: the field asked about. */
  readonly field?: string;
}

/** The user says a receipt is wrong. */
export interface Dispute {
  /** The contested receipt's block id, e.g. `receipt:trip-1:3`. */
  readonly receipt: string;
  /** What the user said about it. */
  readonly said: string;
}

/** The user's answer to a card. */
export interface CardResponse {
  readonly record: string;
  readonly card: string;
  readonly response: 'declined' | 'pressed';
  /** For `pressed`: which button. */
  readonly button?: string;
}

/** A file that came with the message. */
export interface Attachment {
  readonly name: string;
  readonly mediaType: string;
  /** Whether a model may be shown the file's content. */
  readonly modelMayView: boolean;
}

/** What was understood of a message: the structured part of a turn. */
export interface Understanding {
  readonly acts: readonly Act[];
  readonly questions: readonly Question[];
  readonly disputes: readonly Dispute[];
  readonly cardResponses: readonly CardResponse[];
  readonly attachments: readonly Attachment[];
  /** Parts of the message that were not understood, quoted. */
  readonly unread: readonly string[];
}

/**
 * The host's report that something sent outside (a supplier booking, a payment) changed status.
 * The host decides it; the runtime commits it as an event and says it once.
 */
export interface SubmissionReport {
  readonly record: string;
  /** The submission's key in the record's workflow (`hotel_booking`). */
  readonly submission: string;
  readonly status: 'pending' | 'accepted' | 'refused';
  /** Why it was refused, as the outside answered (shown as given). */
  readonly reason?: string;
}

/** One turn as the host hands it over. */
export interface TurnInput {
  /** Idempotency key: a turn id commits once per tenant. */
  readonly turnId: string;
  readonly conversationId: string;
  /** BCP 47 tag, e.g. `en` or `it-IT`. */
  readonly locale: string;
  /** How the writer should sound, e.g. `warm`. Default `neutral`. */
  readonly tone: string;
  /** The user's words. Required when no understanding is given. */
  readonly message?: string;
  /** What was understood; absent means an injected `understand` function produces it from `message`. */
  readonly understanding?: Understanding;
  /** Status reports on submissions, from the host (not the user). Default none. */
  readonly submissions: readonly SubmissionReport[];
}

const id = wireString().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const values = wireRecord(wireJson());

/**
 * A turn id is the host's idempotency key and the `{id}` of `GET /v0/turns/{id}`, so it is taken
 * exactly as sent — never trimmed, or `' a '` and `'a'` would share one key and a read by the id
 * sent would miss — and refused when a URL path cannot carry it back: `.` and `..` are resolved
 * away by every URL parser, and a `/` splits the path (an encoded `%2F` is rejected or decoded
 * early by many proxies). An id of spaces only is refused as empty, as it was before.
 */
const turnIdSchema = wireString()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine((v) => v.trim().length > 0, 'must not be empty or blank')
  .refine((v) => v !== '.' && v !== '..', 'must not be . or .., which a URL path cannot carry')
  .refine((v) => !v.includes('/'), 'must not contain /, which a URL path cannot carry');

const actWire = z
  .strictObject({
    operation: id.optional(),
    workflow: id.optional(),
    record: id.optional(),
    values: values.default({}),
    answers_ask: z.boolean().default(false),
  })
  .superRefine((act, ctx) => {
    if (!act.answers_ask && act.operation === undefined) {
      ctx.addIssue({ code: 'custom', path: ['operation'], message: 'required unless answers_ask is true' });
    }
    if (!act.answers_ask && act.record === undefined && act.workflow === undefined) {
      ctx.addIssue({ code: 'custom', path: ['record'], message: 'give the record acted on, or the workflow of a new one' });
    }
  });

const questionWire = z
  .strictObject({
    text: wireString().trim().min(1, 'must not be empty'),
    kind: z.enum(['capability', 'field_values', 'status', 'other']),
    records: z.array(id).default([]),
    field: id.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.kind === 'field_values' && q.field === undefined) {
      ctx.addIssue({ code: 'custom', path: ['field'], message: 'required for a field_values question' });
    }
  });

const cardResponseWire = z
  .strictObject({
    record: id,
    card: id,
    response: z.enum(['declined', 'pressed']),
    button: id.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.response === 'pressed' && r.button === undefined) {
      ctx.addIssue({ code: 'custom', path: ['button'], message: 'required when response is pressed' });
    }
  });

const understandingWire = z.strictObject({
  acts: z.array(actWire).default([]),
  questions: z.array(questionWire).default([]),
  disputes: z.array(z.strictObject({ receipt: id, said: wireString() })).default([]),
  card_responses: z.array(cardResponseWire).default([]),
  attachments: z.array(z.strictObject({ name: wireString().min(1), media_type: wireString().min(1), model_may_view: z.boolean() })).default([]),
  unread: z.array(wireString().trim().min(1, 'must not be empty')).default([]),
});

const submissionWire = z.strictObject({
  record: id,
  submission: id,
  status: z.enum(['pending', 'accepted', 'refused']),
  reason: z.string().trim().min(1).max(500).optional(),
});

/** The turn input's wire format: snake_case JSON, unknown keys refused. */
const turnInputWire = z
  .strictObject({
    turn_id: turnIdSchema,
    conversation_id: id,
    locale: wireString().regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 tag such as en or it-IT'),
    tone: wireString().trim().min(1).default('neutral'),
    message: wireString().optional(),
    understanding: understandingWire.optional(),
    submissions: z.array(submissionWire).default([]),
  })
  .superRefine((t, ctx) => {
    if (t.message === undefined && t.understanding === undefined && t.submissions.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['understanding'], message: 'required when no message and no submissions are given' });
    }
  });

type Wire = z.output<typeof turnInputWire>;

/**
 * The turn input's one schema: its snake_case wire form (what the sidecar, `warrant turn` and the
 * fixtures read, and what the OpenAPI document shows), decoded to the camelCase {@link TurnInput}
 * every layer takes and encoded back for the store. Encoding checks the result against the wire
 * form, so a turn built in code is held to the same rules as one read from outside.
 */
export const turnInputSchema = z.codec(
  turnInputWire,
  z.custom<TurnInput>((v) => typeof v === 'object' && v !== null),
  {
    decode: (t): TurnInput => ({
      turnId: t.turn_id,
      conversationId: t.conversation_id,
      locale: t.locale,
      tone: t.tone,
      ...(t.message === undefined ? {} : { message: t.message }),
      submissions: t.submissions.map((r) => ({
        record: r.record,
        submission: r.submission,
        status: r.status,
        ...(r.reason === undefined ? {} : { reason: r.reason }),
      })),
      ...(t.understanding === undefined ? {} : { understanding: understandingOf(t.understanding) }),
    }),
    encode: (t): Wire => ({
      turn_id: t.turnId,
      conversation_id: t.conversationId,
      locale: t.locale,
      tone: t.tone,
      ...(t.message === undefined ? {} : { message: t.message }),
      ...(t.understanding === undefined ? {} : { understanding: understandingJsonOf(t.understanding) }),
      submissions: t.submissions.map((r) => ({
        record: r.record,
        submission: r.submission,
        status: r.status,
        ...(r.reason === undefined ? {} : { reason: r.reason }),
      })),
    }),
  },
);

function understandingOf(u: Wire['understanding'] & {}): Understanding {
  return {
    acts: u.acts.map((a) => ({
      ...(a.operation === undefined ? {} : { operation: a.operation }),
      ...(a.workflow === undefined ? {} : { workflow: a.workflow }),
      ...(a.record === undefined ? {} : { record: a.record }),
      values: a.values,
      answersAsk: a.answers_ask,
    })),
    questions: u.questions.map((q) => ({ text: q.text, kind: q.kind, records: q.records, ...(q.field === undefined ? {} : { field: q.field }) })),
    disputes: u.disputes,
    cardResponses: u.card_responses.map((r) => ({
      record: r.record,
      card: r.card,
      response: r.response,
      ...(r.button === undefined ? {} : { button: r.button }),
    })),
    attachments: u.attachments.map((a) => ({ name: a.name, mediaType: a.media_type, modelMayView: a.model_may_view })),
    unread: u.unread,
  };
}

function understandingJsonOf(u: Understanding): Wire['understanding'] & {} {
  return {
    acts: u.acts.map((a) => ({
      ...(a.operation === undefined ? {} : { operation: a.operation }),
      ...(a.workflow === undefined ? {} : { workflow: a.workflow }),
      ...(a.record === undefined ? {} : { record: a.record }),
      values: { ...a.values },
      answers_ask: a.answersAsk,
    })),
    questions: u.questions.map((q) => ({ text: q.text, kind: q.kind, records: [...q.records], ...(q.field === undefined ? {} : { field: q.field }) })),
    disputes: u.disputes.map((d) => ({ receipt: d.receipt, said: d.said })),
    card_responses: u.cardResponses.map((r) => ({
      record: r.record,
      card: r.card,
      response: r.response,
      ...(r.button === undefined ? {} : { button: r.button }),
    })),
    attachments: u.attachments.map((a) => ({ name: a.name, media_type: a.mediaType, model_may_view: a.modelMayView })),
    unread: [...u.unread],
  };
}

/** The wire form of a turn input, as JSON (before parsing; defaults may be left out). */
export type TurnInputJson = z.input<typeof turnInputSchema>;

/** Parses a wire turn input; refuses it with an `InputError` naming every wrong path (W9). */
export function parseTurnInput(value: unknown): TurnInput {
  return parseInput(turnInputSchema, value, 'turn input');
}

/**
 * The wire form of a turn input (snake_case, every default written out): what is stored with
 * the turn and returned by `GET /v0/turns/{id}`. Refuses an input the wire form would refuse
 * (an empty id, a locale that is no BCP 47 tag, …) with an `InputError` naming each wire path.
 */
export function turnInputToJson(input: TurnInput): TurnInputJson {
  let result: ReturnType<typeof turnInputSchema.safeEncode>;
  try {
    result = turnInputSchema.safeEncode(input);
  } catch (error) {
    // The codec's encoder met a value not shaped as a TurnInput at all (a JavaScript caller's
    // missing list): the caller's mistake, not a crash.
    throw new InputError('turn input', [{ path: '$', message: `not a turn input: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  if (result.success) return result.data;
  throw new InputError('turn input', inputIssuesFromZod(result.error));
}

/** An understanding with nothing in it: a message nothing was read from. */
export function emptyUnderstanding(): Understanding {
  return { acts: [], questions: [], disputes: [], cardResponses: [], attachments: [], unread: [] };
}
