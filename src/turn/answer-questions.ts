import { codeAnswer } from './code-answer.js';
import type { CompositionScope } from './composition-scope.js';
import type { Ask } from './outcome-document.js';
import { factsOf, type RecordFacts } from './record-facts.js';
import type { TurnCommit } from './turn-commit.js';
import type { Question } from './turn-input.js';
import type { AnswerBlock } from './turn-result.js';
import { unlessThrown } from './unless-thrown.js';
import type { KnowledgeResult, KnowledgeSource, TurnWriter, ModelCall } from './writer.js';

/** What the answers phase needs. */
export interface AnswerQuestionsInput {
  /** The commit: its turn id, tone and the questions its understanding holds. */
  readonly commit: TurnCommit;
  /** Records in view after the turn: what a question naming no record is about. */
  readonly inView: readonly string[];
  readonly scope: CompositionScope;
  /** Writes each answer; without one, code's own answers stand. */
  readonly writer?: TurnWriter | undefined;
  /** Asked once per question before the writer answers it. */
  readonly knowledge?: KnowledgeSource | undefined;
  readonly signal?: AbortSignal | undefined;
  /** The ask the reply ends on: code's status answer leaves its need to it. Default none. */
  readonly ask?: Ask | null | undefined;
}

/** The answers, one per question in question order, and the writer's calls in the order they returned. */
export interface TurnAnswers {
  readonly answers: readonly AnswerBlock[];
  readonly calls: readonly ModelCall[];
}

const NO_KNOWLEDGE: KnowledgeResult = { status: 'none', passages: [] };

/**
 * The answers phase: exactly one answer block per question (W3), all written concurrently, each
 * resting only on the facts of the records its question is about (the records in view when it
 * names none). Code answers first; a writer's answer replaces code's only when it succeeds, and a
 * writer that fails or throws leaves code's answer standing.
 */
export async function answerQuestions(input: AnswerQuestionsInput): Promise<TurnAnswers> {
  const calls: ModelCall[] = [];
  // Questions about the same records share their facts: gathered once per record per turn.
  const known = new Map<string, RecordFacts>();
  const answers = await Promise.all(
    input.commit.understanding.questions.map(async (question, index) => {
      const answered = await answerQuestion(question, index, input, known);
      calls.push(...answered.calls);
      return answered.answer;
    }),
  );
  return { answers, calls };
}

async function answerQuestion(
  question: Question,
  index: number,
  { commit, inView, scope, writer, knowledge, signal, ask = null }: AnswerQuestionsInput,
  known: Map<string, RecordFacts>,
): Promise<{ answer: AnswerBlock; calls: readonly ModelCall[] }> {
  const facts = factsFor(question.records.length > 0 ? question.records : inView, scope, known);
  const own = codeAnswer(question, facts, scope.workflows, scope.copy, scope.locale, ask);
  const fromCode = answerBlock(index, question, own.status, own.basis, own.text, own.text === null ? null : 'code');
  if (!writer) return { answer: fromCode, calls: [] };
  const found = knowledge ? await lookUp(knowledge, question, facts, signal) : NO_KNOWLEDGE;
  const written = await unlessThrown(() =>
    writer.answer({
      turnId: commit.turnId,
      locale: scope.locale,
      tone: commit.tone,
      questionIndex: index,
      question: {
        text: question.text,
        kind: question.kind,
        ...(question.field ? { field: question.field } : {}),
        ...(own.values ? { values: own.values } : {}),
      },
      records: facts,
      knowledge: found,
      codeAnswer: own.text,
      ...(signal ? { signal } : {}),
    }),
  );
  if (!written.ok) return { answer: fromCode, calls: written.calls };
  const source = found.status === 'found' ? 'knowledge' : own.basis.source === 'none' && facts.length > 0 ? 'record' : own.basis.source;
  const basis = { source, recordIds: facts.map((f) => f.id) };
  return { answer: answerBlock(index, question, written.status, basis, written.text, 'writer'), calls: written.calls };
}

/**
 * One answer block, written out whole: V8 (Node 20) builds `{ ...base, status, … }` through a
 * slow path costing microseconds per object, which made the answers most of a turn's composition.
 */
function answerBlock(
  index: number,
  question: Question,
  status: AnswerBlock['status'],
  basis: AnswerBlock['basis'],
  text: string | null,
  writtenBy: AnswerBlock['writtenBy'],
): AnswerBlock {
  return { kind: 'answer', id: `answer:${index}`, questionIndex: index, question: question.text, questionKind: question.kind, status, basis, text, writtenBy };
}

/**
 * The facts of each record the commit holds among `ids`, in order. `known` (default none) keeps
 * the facts already gathered in this composition, by record id, and receives the new ones.
 */
export function factsFor(ids: readonly string[], { records, workflows, locale }: CompositionScope, known?: Map<string, RecordFacts>): RecordFacts[] {
  const out: RecordFacts[] = [];
  for (const id of ids) {
    let facts = known?.get(id);
    if (facts === undefined) {
      const record = records.get(id);
      const workflow = record && workflows.get(record.workflow);
      if (!record || !workflow) continue;
      facts = factsOf(record, workflow, locale);
      known?.set(id, facts);
    }
    out.push(facts);
  }
  return out;
}

/** A knowledge source that throws is unavailable for this question; the answer is still written. */
async function lookUp(
  knowledge: KnowledgeSource,
  question: Question,
  facts: readonly RecordFacts[],
  signal: AbortSignal | undefined,
): Promise<KnowledgeResult> {
  try {
    return await knowledge.lookup({ text: question.text, kind: question.kind }, facts, signal ? { signal } : {});
  } catch {
    return { status: 'unavailable', passages: [] };
  }
}
