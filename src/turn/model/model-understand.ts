import { z } from 'zod';
import { runObjectTask } from '../../model/run-task.js';
import type { Understanding } from '../turn-input.js';
import type { Understand } from '../understand.js';
import type { ModelCall } from '../../evidence/model-call.js';
import { turnPrompts } from './turn-prompts.js';
import type { TurnModelOptions } from './turn-model-options.js';
import { understandingFromModel, understandingSchema, type ModelUnderstanding } from './understanding-schema.js';

/** One item of an understanding, as `understand.verify` is asked about it. */
interface Item {
  readonly key: string;
  readonly describe: string;
}

/**
 * The `understand` step backed by a model: the message becomes a structured understanding
 * constrained to what is on offer, then `understand.verify` checks each item against the message.
 * An item the message does not support is never acted on: it is dropped and its words are
 * reported as not understood. Each item kept is reported as an understanding step once decided.
 *
 * Any failure of either call (no model, timeout, provider error, malformed output) leaves no
 * understanding at all, so the runtime treats the message as unread and acts on nothing: an act
 * nobody could check is not run. A verifier with no model of its own configured is skipped.
 */
export function createModelUnderstand({ models, prompts }: TurnModelOptions): Understand {
  return async (request) => {
    const calls: ModelCall[] = [];
    const material = {
      message: request.message,
      previous_ask: request.previousAsk,
      history: request.history,
      receipts_last_shown: request.receipts,
      records_in_view: request.records.map((r) => ({
        id: r.id,
        workflow: r.workflow,
        noun: r.noun,
        phase: r.phase,
        holds: r.holds,
        needs: r.needs,
      })),
      operations_on_offer: request.operations.map((o) => ({
        workflow: o.workflow,
        operation: o.operation,
        label: o.label,
        creates_its_record: o.creates,
      })),
    };
    const read = await runObjectTask({
      models,
      task: 'understand',
      locale: request.locale,
      schema: understandingSchema(request),
      instructions: turnPrompts.understand,
      input: material,
      ...(prompts ? { prompts } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
    calls.push(read.call);
    if (!read.ok) return { ok: false, reason: read.reason, calls };

    const items = itemsOf(read.value);
    let understood = read.value;
    if (items.length > 0) {
      const checkSchema = z.strictObject(
        Object.fromEntries(items.map((item) => [item.key, z.strictObject({ faithful: z.boolean(), note: z.string(), quote: z.string() })])),
      );
      const verify = await runObjectTask({
        models,
        task: 'understand.verify',
        locale: request.locale,
        schema: checkSchema,
        instructions: turnPrompts['understand.verify'],
        input: {
          message: request.message,
          previous_ask: request.previousAsk,
          history: request.history,
          understanding: Object.fromEntries(items.map((item) => [item.key, item.describe])),
        },
        ...(prompts ? { prompts } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      calls.push(verify.call);
      if (!verify.ok && verify.reason !== 'no_model') return { ok: false, reason: `verify_${verify.reason}`, calls };
      if (verify.ok) understood = keepFaithful(read.value, verify.value);
    }

    const understanding = understandingFromModel(understood);
    for (const step of stepsOf(understanding)) request.reportStep(step);
    return { ok: true, understanding, calls };
  };
}

/** The items an understanding holds, keyed as the verifier answers them. */
function itemsOf(u: ModelUnderstanding): Item[] {
  return [
    ...u.acts.map((a, i) => ({ key: `act_${i}`, describe: JSON.stringify(a) })),
    ...u.questions.map((q, i) => ({ key: `question_${i}`, describe: JSON.stringify(q) })),
    ...u.disputes.map((d, i) => ({ key: `dispute_${i}`, describe: JSON.stringify(d) })),
    ...u.card_responses.map((c, i) => ({ key: `card_response_${i}`, describe: JSON.stringify(c) })),
  ];
}

function keepFaithful(u: ModelUnderstanding, checks: Record<string, { faithful: boolean; note: string; quote: string }>): ModelUnderstanding {
  const unread = [...u.unread];
  const keep = <T>(list: readonly T[], prefix: string): T[] =>
    list.filter((_, i) => {
      const check = checks[`${prefix}_${i}`];
      if (!check || check.faithful) return true;
      const words = check.quote.trim() || check.note.trim();
      if (words && !unread.includes(words)) unread.push(words);
      return false;
    });
  return {
    acts: keep(u.acts, 'act'),
    questions: keep(u.questions, 'question'),
    disputes: keep(u.disputes, 'dispute'),
    card_responses: keep(u.card_responses, 'card_response'),
    unread,
  };
}

/** One step per item: what was read, never what happened. */
function stepsOf(u: Understanding): string[] {
  return [
    ...u.acts.map((a) =>
      a.answersAsk
        ? `read an answer to the last question: ${JSON.stringify(a.values)}`
        : `read a request: ${a.operation} on ${a.record ?? `a new ${a.workflow}`}${Object.keys(a.values).length > 0 ? ` with ${JSON.stringify(a.values)}` : ''}`,
    ),
    ...u.questions.map((q) => `read a ${q.kind.replace('_', ' ')} question: ${JSON.stringify(q.text)}`),
    ...u.disputes.map((d) => `read a dispute of ${d.receipt}`),
    ...u.cardResponses.map((c) => `read a card response: ${c.response} ${c.card}${c.button ? ` (${c.button})` : ''} on ${c.record}`),
    ...u.unread.map((text) => `could not read: ${JSON.stringify(text)}`),
  ];
}
