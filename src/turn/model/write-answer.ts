import { z } from 'zod';
import { runObjectTask } from '../../model/run-task.js';
import type { AnswerRequest, WrittenAnswer } from '../writer.js';
import { turnPrompts } from './turn-prompts.js';
import type { TurnModelOptions } from './turn-model-options.js';

const answerSchema = z.strictObject({
  status: z.enum(['answered', 'unsupported', 'source_unavailable', 'withheld']),
  text: z.string().min(1),
});

/**
 * What the `answer` task is shown for one question: the question (for a field-values question,
 * with the values the field may take), the facts of ITS records only, what the knowledge source
 * returned and the server's own answer. Nothing about the rest of the
 * turn: what happened is the acknowledgement's to say, once.
 */
function answerMaterial(request: AnswerRequest): Record<string, unknown> {
  return {
    tone: request.tone,
    question: {
      text: request.question.text,
      kind: request.question.kind,
      ...(request.question.field ? { field: request.question.field } : {}),
      ...(request.question.values ? { values_the_field_may_take: request.question.values } : {}),
    },
    records: request.records.map((r) => ({
      id: r.id,
      noun: r.noun,
      where_it_stands: r.phase,
      what_it_holds: r.holds,
      what_it_still_needs: r.needs,
      what_can_be_done: r.canDo.map((c) => c.label),
      sent_outside: (r.sentOutside ?? []).map((o) => ({ what: o.label, status: o.status })),
    })),
    knowledge: request.knowledge,
    server_answer: request.codeAnswer,
  };
}

/**
 * Writes one question's answer with the `answer` task. A failure is a value (`ok: false` with the
 * call's reason): the runtime then marks the answer `not_written` and uses the server's own answer
 * where it has one.
 */
export async function writeAnswer(request: AnswerRequest, { models, prompts }: TurnModelOptions): Promise<WrittenAnswer> {
  const result = await runObjectTask({
    models,
    task: 'answer',
    locale: request.locale,
    schema: answerSchema,
    instructions: turnPrompts.answer,
    input: answerMaterial(request),
    ...(prompts ? { prompts } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const calls = [result.call];
  if (!result.ok) return { ok: false, reason: result.reason, calls };
  return { ok: true, text: result.value.text.trim(), status: result.value.status, calls };
}
