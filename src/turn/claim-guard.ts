import { isWarrantErrorNamed, WarrantError } from '../errors.js';
import type { CommittedEvent } from './stored-record.js';
import type { TurnResult } from './turn-result.js';

/** The claim guard's verdict on an assembled turn. */
export type ClaimVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** `receipt_without_events`: no committed event of this turn is behind the receipt; `duplicate_block_id`: two blocks share an id. */
      readonly code: 'receipt_without_events' | 'duplicate_block_id';
      readonly blockId: string;
    };

/**
 * Reads the record, not the words: every receipt must stand on an event this turn committed
 * (same record, same revision, same type) and no two blocks may share an id. Runs on every
 * assembled turn before it is returned.
 */
export function claimGuard(result: TurnResult, committed: readonly CommittedEvent[]): ClaimVerdict {
  const seen = new Set<string>();
  for (const block of result.blocks) {
    if (seen.has(block.id)) return { ok: false, code: 'duplicate_block_id', blockId: block.id };
    seen.add(block.id);
    if (block.kind !== 'receipt') continue;
    const behind = committed.some(
      (e) => e.turnId === result.turnId && e.recordId === block.recordId && e.revision === block.revision && e.type === block.eventType,
    );
    if (!behind) return { ok: false, code: 'receipt_without_events', blockId: block.id };
  }
  return { ok: true };
}

/**
 * The claim guard refused an assembled turn: a receipt claims what the record does not hold.
 * Code assembled it, so the workflow definition (its receipts or events) is at fault: a
 * configuration error the operator must fix, never something a retry or the user can.
 */
export class ClaimRefusedError extends WarrantError {
  constructor(readonly verdict: Exclude<ClaimVerdict, { ok: true }>) {
    super('configuration', `claim guard refused the turn: ${verdict.code} at block ${verdict.blockId}`);
    this.name = 'ClaimRefusedError';
  }
  /** True for any `ClaimRefusedError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is ClaimRefusedError {
    return isWarrantErrorNamed(error, 'ClaimRefusedError');
  }
}
