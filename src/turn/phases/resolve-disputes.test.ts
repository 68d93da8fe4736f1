import { describe, expect, it } from 'vitest';
import { tripWorkflow } from '../../../examples/trip/index.js';
import { ServerCopy } from '../../copy/index.js';
import type { CommittedEvent, StoredRecord } from '../stored-record.js';
import type { Dispute } from '../turn-input.js';
import { resolveDisputes } from './resolve-disputes.js';

const workflows = new Map([[tripWorkflow.key, tripWorkflow]]);
const records = new Map<string, StoredRecord>([
  ['r', { id: 'r', workflow: 'trip', revision: 1, state: { ...tripWorkflow.initialState, destination: 'Oslo' } }],
]);
const events: CommittedEvent[] = [
  { recordId: 'r', revision: 1, type: 'trip_started', payload: { destination: 'Oslo' }, turnId: 't1' },
  { recordId: 'r', revision: 2, type: 'no_receipt_for_this', payload: {}, turnId: 't1' },
];

function resolve(disputes: Dispute[]) {
  const asked: string[] = [];
  const loadEvent = async (recordId: string, revision: number) => {
    asked.push(`${recordId}:${revision}`);
    return events.find((e) => e.recordId === recordId && e.revision === revision) ?? null;
  };
  return { asked, resolved: resolveDisputes(disputes, { loadEvent, records, workflows, locale: 'en', texts: ServerCopy.builtIn().texts('en') }) };
}

describe('resolve disputes', () => {
  it('a contested receipt is found by its address and named by its receipt’s title, with what the user said', async () => {
    const { asked, resolved } = resolve([{ receipt: 'receipt:r:1', said: 'I never asked for Oslo' }]);
    expect(await resolved).toEqual({ disputes: [{ receiptId: 'receipt:r:1', title: 'Trip started', said: 'I never asked for Oslo' }], notDone: [] });
    expect(asked).toEqual(['r:1']);
  });

  it('a malformed receipt id, an event that is not there, and one with no receipt are unknown receipts; nothing is read for the malformed one', async () => {
    const { asked, resolved } = resolve([
      { receipt: 'not-a-receipt', said: 'no' },
      { receipt: 'receipt:r:9', said: 'no' },
      { receipt: 'receipt:r:2', said: 'no' },
    ]);
    const { disputes, notDone } = await resolved;
    expect(disputes).toEqual([]);
    expect(notDone).toEqual([
      { code: 'unknown_receipt', text: 'I cannot find the change you are referring to (not-a-receipt).' },
      { code: 'unknown_receipt', text: 'I cannot find the change you are referring to (receipt:r:9).' },
      { code: 'unknown_receipt', text: 'I cannot find the change you are referring to (receipt:r:2).' },
    ]);
    expect(asked).toEqual(['r:9', 'r:2']);
  });
});
