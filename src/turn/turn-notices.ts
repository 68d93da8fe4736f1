import { formatSentence } from '../copy/index.js';
import { recordOfReceipt } from './choose-ask.js';
import type { CompositionScope } from './composition-scope.js';
import type { NotDoneEntry } from './outcome-document.js';
import type { TurnCommit } from './turn-commit.js';
import type { NoticeBlock } from './turn-result.js';

/**
 * The turn's notices, numbered in reply order: each thing not done, then each receipt the user
 * contested, then each attachment (received, or not shown to the model).
 */
export function turnNotices(commit: TurnCommit, notDone: readonly NotDoneEntry[], { copy, records }: CompositionScope): NoticeBlock[] {
  const notices: Omit<NoticeBlock, 'kind' | 'id'>[] = [
    ...notDone.map((d) => ({ code: d.code, text: d.text, recordId: d.recordId ?? null })),
    ...commit.disputes.map((d) => {
      const recordId = recordOfReceipt(d.receiptId);
      const text = formatSentence(copy.notice.disputed, { receipt: d.title, said: d.said });
      return { code: 'disputed', text, recordId: recordId && records.has(recordId) ? recordId : null };
    }),
    ...commit.understanding.attachments.map((a) => ({
      code: a.modelMayView ? 'attachment_received' : 'attachment_not_shown',
      text: formatSentence(a.modelMayView ? copy.attachment.received : copy.attachment.notShown, { name: a.name, media_type: a.mediaType }),
      recordId: null,
    })),
  ];
  return notices.map(({ code, text, recordId }, n) => ({ kind: 'notice', id: `notice:${n}`, code, text, recordId }));
}
