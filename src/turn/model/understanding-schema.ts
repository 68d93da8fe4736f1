import { z } from 'zod';
import type { Act, CardResponse, Dispute, Question, Understanding } from '../turn-input.js';
import type { UnderstandRequest } from '../understand.js';

/** An act as the model reports it (snake_case, like the turn input's wire format). */
export type ModelAct =
  | { operation: string; workflow: string; record?: string; values: Record<string, unknown> }
  | { answers_ask: true; values: Record<string, unknown> };

/** What the `understand` task answers: the turn input's understanding, snake_case, without attachments (the host gives those). */
export interface ModelUnderstanding {
  acts: ModelAct[];
  questions: { text: string; kind: Question['kind']; records: string[]; field?: string }[];
  disputes: { receipt: string; said: string }[];
  card_responses: { record: string; card: string; response: 'declined' | 'pressed'; button?: string }[];
  unread: string[];
}

/**
 * The structured-output schema of `understand` for one turn, built from what is on offer: an act
 * may only be an operation of a workflow with a record in view (on one of those records) or an
 * operation that creates its record; a question or card response may only name records in view;
 * an answer to the previous ask exists only when there was one. Values are each operation's own
 * input schema made partial, because a missing value is the server's to ask for, not the model's
 * to invent.
 */
export function understandingSchema(request: UnderstandRequest): z.ZodType<ModelUnderstanding> {
  const idsOf = (workflow: string) => request.records.filter((r) => r.workflow === workflow).map((r) => r.id);
  const allIds = request.records.map((r) => r.id);
  const variants: z.ZodType<ModelAct>[] = [];
  for (const op of request.operations) {
    const ids = idsOf(op.workflow);
    if (!op.creates && ids.length === 0) continue;
    variants.push(
      z.strictObject({
        operation: z.literal(op.operation),
        workflow: z.literal(op.workflow),
        ...(op.creates ? { record: z.string().min(1).optional() } : { record: oneOf(ids) }),
        values: partialValues(op.input),
      }) as z.ZodType<ModelAct>,
    );
  }
  if (request.previousAsk !== null) {
    variants.push(z.strictObject({ answers_ask: z.literal(true), values: z.record(z.string(), z.unknown()) }));
  }
  const act: z.ZodType<ModelAct> =
    variants.length === 0 ? z.never() : variants.length === 1 ? variants[0]! : z.union(variants as [z.ZodType<ModelAct>, ...z.ZodType<ModelAct>[]]);
  const recordIds = allIds.length === 0 ? z.array(z.string()).max(0) : z.array(oneOf(allIds));

  return z.strictObject({
    acts: variants.length === 0 ? z.array(act).max(0) : z.array(act),
    questions: z.array(
      z.strictObject({
        text: z.string().min(1),
        kind: z.enum(['capability', 'field_values', 'status', 'other']),
        records: recordIds,
        field: z.string().min(1).optional(),
      }),
    ),
    // A dispute names a receipt the user was shown, by id; with none shown there is nothing to contest.
    disputes:
      request.receipts.length === 0
        ? z.array(z.never()).max(0)
        : z.array(z.strictObject({ receipt: oneOf(request.receipts.map((r) => r.id)), said: z.string() })),
    card_responses:
      allIds.length === 0
        ? z.array(z.never()).max(0)
        : z.array(
            z.strictObject({
              record: oneOf(allIds),
              card: z.string().min(1),
              response: z.enum(['declined', 'pressed']),
              button: z.string().min(1).optional(),
            }),
          ),
    unread: z.array(z.string().min(1)),
  }) as z.ZodType<ModelUnderstanding>;
}

/** Converts the model's snake_case understanding to the turn's own (camelCase) at this one boundary. */
export function understandingFromModel(model: ModelUnderstanding): Understanding {
  return {
    acts: model.acts.map(
      (a): Act =>
        'answers_ask' in a
          ? { values: a.values, answersAsk: true }
          : {
              operation: a.operation,
              workflow: a.workflow,
              ...(a.record === undefined ? {} : { record: a.record }),
              values: a.values,
              answersAsk: false,
            },
    ),
    questions: model.questions.map((q): Question => ({ text: q.text, kind: q.kind, records: q.records, ...(q.field === undefined ? {} : { field: q.field }) })),
    disputes: model.disputes.map((d): Dispute => ({ receipt: d.receipt, said: d.said })),
    cardResponses: model.card_responses.map(
      (r): CardResponse => ({ record: r.record, card: r.card, response: r.response, ...(r.button === undefined ? {} : { button: r.button }) }),
    ),
    attachments: [],
    unread: model.unread,
  };
}

function oneOf(ids: readonly string[]): z.ZodType<string> {
  return ids.length === 1 ? z.literal(ids[0]!) : z.enum(ids as [string, ...string[]]);
}

function partialValues(input: z.ZodType): z.ZodType<Record<string, unknown>> {
  if (input instanceof z.ZodObject) {
    try {
      return input.partial() as unknown as z.ZodType<Record<string, unknown>>;
    } catch {
      // An object with refinements cannot be made partial; the runtime validates the values anyway.
    }
  }
  return z.record(z.string(), z.unknown());
}
