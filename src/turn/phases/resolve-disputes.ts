import { formatSentence, type CopyTexts } from '../../copy/index.js';
import { receiptAddress } from '../choose-ask.js';
import type { DisputeEntry, NotDoneEntry } from '../outcome-document.js';
import type { CommittedEvent, StoredRecord } from '../stored-record.js';
import type { Dispute } from '../turn-input.js';
import { pick, type WorkflowDefinition } from '../workflow.js';

/** Everything {@link resolveDisputes} reads besides the disputes. */
export interface ResolveDisputesOptions {
  /** Reads one committed event, by record and revision. */
  readonly loadEvent: (recordId: string, revision: number) => Promise<CommittedEvent | null>;
  /** The records as stored before the turn, by id. */
  readonly records: ReadonlyMap<string, StoredRecord>;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  readonly locale: string;
  readonly texts: CopyTexts;
}

/**
 * The fourth phase: each contested receipt is found among the committed events and named by the
 * title its workflow renders for it, with what the user said. A receipt that names no committed
 * event (or one its workflow renders no receipt for) is `unknown_receipt`.
 */
export async function resolveDisputes(
  disputes: readonly Dispute[],
  { loadEvent, records, workflows, locale, texts }: ResolveDisputesOptions,
): Promise<{ disputes: DisputeEntry[]; notDone: NotDoneEntry[] }> {
  const resolved: DisputeEntry[] = [];
  const notDone: NotDoneEntry[] = [];
  for (const dispute of disputes) {
    const address = receiptAddress(dispute.receipt);
    const event = address ? await loadEvent(address.recordId, address.revision) : null;
    const workflow = event && workflows.get(records.get(event.recordId)?.workflow ?? '');
    const render = workflow && event && workflow.receipts[event.type];
    const text = render && pick(render, locale);
    if (!event || !text) {
      notDone.push({ code: 'unknown_receipt', text: formatSentence(texts.notice.unknownReceipt, { receipt: dispute.receipt }) });
      continue;
    }
    resolved.push({ receiptId: dispute.receipt, title: text(event.payload).title, said: dispute.said });
  }
  return { disputes: resolved, notDone };
}
