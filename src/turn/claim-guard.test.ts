import { describe, expect, it } from 'vitest';
import { isWarrantErrorNamed } from '../errors.js';
import { ClaimRefusedError, claimGuard } from './claim-guard.js';
import type { CommittedEvent } from './stored-record.js';
import type { ReceiptBlock, TurnResult } from './turn-result.js';

const receipt = (recordId: string, revision: number, eventType = 'traveler_added'): ReceiptBlock => ({
  kind: 'receipt',
  id: `receipt:${recordId}:${revision}`,
  recordId,
  workflow: 'trip',
  eventType,
  revision,
  title: 'Traveler added',
  body: 'Ada is on the trip.',
});

const turn = (blocks: TurnResult['blocks']): TurnResult => ({
  turnId: 't1',
  conversationId: 'c',
  locale: 'en',
  blocks,
  outcome: { done: [], notDone: [], disputes: [], starting: [], ask: null, card: null },
  ask: null,
  aboutRecord: null,
  inView: [],
  evidence: { modelCalls: [], understandingFailure: null, eventsCommitted: 0 },
});

const committed: CommittedEvent[] = [{ recordId: 'r', revision: 2, type: 'traveler_added', payload: { name: 'Ada' }, turnId: 't1' }];
const transition = { kind: 'transition', id: 'transition', text: 'Done.', writtenBy: 'code', fallbackReason: null } as const;

describe('claim guard', () => {
  it('passes a turn whose every receipt stands on an event it committed', () => {
    expect(claimGuard(turn([receipt('r', 2), transition]), committed)).toEqual({ ok: true });
  });

  it('W1: refuses a forged receipt with no committed event behind it', () => {
    expect(claimGuard(turn([receipt('r', 3), transition]), committed)).toEqual({
      ok: false,
      code: 'receipt_without_events',
      blockId: 'receipt:r:3',
    });
  });

  it('W1: refuses a receipt resting on an event another turn committed', () => {
    const other = [{ ...committed[0]!, turnId: 'someone-else' }];
    expect(claimGuard(turn([receipt('r', 2)]), other)).toMatchObject({ ok: false, code: 'receipt_without_events' });
  });

  it('W1: refuses a receipt whose event type does not match the committed event', () => {
    expect(claimGuard(turn([receipt('r', 2, 'trip_confirmed')]), committed)).toMatchObject({ ok: false, code: 'receipt_without_events' });
  });

  it('W1: refuses a receipt whose record differs from the committed event’s', () => {
    expect(claimGuard(turn([{ ...receipt('r', 2), recordId: 'other' }]), committed)).toMatchObject({ ok: false, code: 'receipt_without_events' });
  });

  it('refuses any two blocks sharing an id, not only receipts', () => {
    const notice = { kind: 'notice', id: 'notice:0', code: 'refused', text: 'No.', recordId: null } as const;
    expect(claimGuard(turn([notice, notice, transition]), committed)).toEqual({ ok: false, code: 'duplicate_block_id', blockId: 'notice:0' });
  });

  it('passes a turn with no receipts at all', () => {
    expect(claimGuard(turn([transition]), [])).toEqual({ ok: true });
  });

  it('refuses two receipts sharing an id', () => {
    expect(claimGuard(turn([receipt('r', 2), receipt('r', 2), transition]), committed)).toEqual({
      ok: false,
      code: 'duplicate_block_id',
      blockId: 'receipt:r:2',
    });
  });

  it('finds the one committed event behind a receipt among others this turn committed', () => {
    const others: CommittedEvent[] = [
      { recordId: 'q', revision: 1, type: 'trip_started', payload: {}, turnId: 't1' },
      ...committed,
      { recordId: 'r', revision: 3, type: 'traveler_added', payload: { name: 'Bo' }, turnId: 't1' },
    ];
    expect(claimGuard(turn([receipt('r', 2), receipt('r', 3)]), others)).toEqual({ ok: true });
  });
});

describe('ClaimRefusedError', () => {
  const error = new ClaimRefusedError({ ok: false, code: 'receipt_without_events', blockId: 'receipt:r:3' });

  it('is a configuration fault naming the code and the block', () => {
    expect(error.fault).toBe('configuration');
    expect(error.message).toBe('claim guard refused the turn: receipt_without_events at block receipt:r:3');
    expect(error.name).toBe('ClaimRefusedError');
  });

  it('is recognised by name, even from a second copy of the package', () => {
    expect(ClaimRefusedError.isInstance(error)).toBe(true);
    expect(isWarrantErrorNamed(error, 'ClaimRefusedError')).toBe(true);
    expect(ClaimRefusedError.isInstance(new Error('claim guard refused the turn'))).toBe(false);
  });
});
