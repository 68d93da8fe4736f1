import type { AcknowledgeRequest, AnswerRequest } from '../writer.js';
import type { AnswerBlock, NoticeBlock } from '../turn-result.js';
import type { RecordFacts } from '../record-facts.js';

/** Test material for the turn's model tasks: a trip with a traveler added and an extra awaiting a payer. Not public. */

export const tripFacts: RecordFacts = {
  id: 'trip-1',
  workflow: 'trip',
  noun: 'trip',
  revision: 2,
  phase: 'collecting',
  holds: { travelers: ['Anna'], extras: [{ name: 'hotel', payer: null }] },
  needs: ['The hotel has no payer yet: who pays for it?'],
  canDo: [
    { operation: 'add_traveler', label: 'add a traveler' },
    { operation: 'set_payer', label: 'choose who pays for an extra' },
  ],
};

export const otherFacts: RecordFacts = {
  id: 'trip-2',
  workflow: 'trip',
  noun: 'trip',
  revision: 1,
  phase: 'settled',
  holds: { travelers: ['Secret Person'], extras: [] },
  needs: [],
  canDo: [],
};

export function answerBlock(overrides: Partial<AnswerBlock> = {}): AnswerBlock {
  return {
    kind: 'answer',
    id: 'answer:0',
    questionIndex: 0,
    question: 'Who is travelling on this trip?',
    questionKind: 'status',
    status: 'answered',
    basis: { source: 'record', recordIds: ['trip-1'] },
    text: 'Anna is travelling.',
    writtenBy: 'writer',
    ...overrides,
  };
}

export function noticeBlock(text = 'The budget field cannot be changed after approval.'): NoticeBlock {
  return { kind: 'notice', id: 'notice:0', code: 'refused', text, recordId: 'trip-1' };
}

/** An acknowledgement request; `phases` collects what the writer reports. */
export function ackRequest(overrides: Partial<AcknowledgeRequest> = {}): AcknowledgeRequest & { phases: string[] } {
  const phases: string[] = [];
  return {
    turnId: 't-1',
    locale: 'en',
    tone: 'warm',
    outcome: {
      done: [{ receiptId: 'receipt:trip-1:2', title: 'Traveler added', body: 'Anna travels on this trip.' }],
      notDone: [],
      disputes: [],
      starting: [],
      ask: { id: 'ask:obligation:trip-1:payer:0', kind: 'obligation', text: 'The hotel has no payer yet: who pays for it?', recordId: 'trip-1' },
      card: null,
    },
    answers: [],
    notices: [],
    card: null,
    ask: { id: 'ask:obligation:trip-1:payer:0', kind: 'obligation', text: 'The hotel has no payer yet: who pays for it?', recordId: 'trip-1' },
    guidance: 'Collect every traveler and a payer for each extra.',
    message: 'Please add Anna to the trip.',
    history: ['Your trip is started. Who travels?'],
    codeWords: 'Traveler added: Anna travels on this trip. The hotel has no payer yet: who pays for it?',
    reportPhase: (phase) => phases.push(phase),
    phases,
    ...overrides,
  };
}

export function answerRequest(overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return {
    turnId: 't-1',
    locale: 'it-IT',
    tone: 'neutral',
    questionIndex: 0,
    question: { text: 'Chi viaggia?', kind: 'status' },
    records: [tripFacts],
    knowledge: { status: 'none', passages: [] },
    codeAnswer: null,
    ...overrides,
  };
}

/** A passing review for every check key given. */
export function passingReview(keys: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, { passes: true, finding: '' }])));
}

/** A review failing `failing` (and passing the rest of `keys`). */
export function failingReview(keys: readonly string[], failing: string, finding: string): string {
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, k === failing ? { passes: false, finding } : { passes: true, finding: '' }])));
}
