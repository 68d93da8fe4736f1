import { formatSentence } from '../copy/index.js';
import { workflowOf, type CompositionScope } from './composition-scope.js';
import type { NotDoneEntry } from './outcome-document.js';
import type { CommittedEvent } from './stored-record.js';
import type { ReceiptBlock } from './turn-result.js';
import { pick, SUBMISSION_UPDATED, type EventPayload, type ReceiptText, type WorkflowDefinition } from './workflow.js';

/** What the receipts phase found in the events a turn committed. */
export interface TurnReceipts {
  /** The events this turn committed, in commit order. */
  readonly turnEvents: readonly CommittedEvent[];
  /** One receipt per event that says something was done (W1). */
  readonly receipts: readonly ReceiptBlock[];
  /** Submissions this turn sent or heard of that are not done: still pending, or refused. */
  readonly submissionsNotDone: readonly NotDoneEntry[];
}

/**
 * The receipts phase: each event the turn committed becomes a receipt in its workflow's words,
 * except what was sent outside and is not accepted — a request still waiting and a refusal are
 * said as not done (nothing is done before it is accepted). An event no receipt renders is a bug
 * (the workflow was checked for receipts when its operations ran), so it throws.
 */
export function renderReceipts(turnId: string, events: readonly CommittedEvent[], scope: CompositionScope): TurnReceipts {
  const turnEvents = events.filter((e) => e.turnId === turnId);
  return {
    turnEvents,
    receipts: turnEvents.filter((e) => e.type !== SUBMISSION_UPDATED || e.payload.status === 'accepted').map((e) => receiptOf(e, scope)),
    submissionsNotDone: turnEvents.flatMap((e) => submissionNotDone(e, scope)),
  };
}

function receiptOf(event: CommittedEvent, scope: CompositionScope): ReceiptBlock {
  const workflow = workflowOf(scope, event.recordId);
  const render = workflow?.receipts[event.type];
  const text = render ? pick(render, scope.locale) : workflow && event.type === SUBMISSION_UPDATED ? acceptedReceipt(workflow, scope) : undefined;
  if (!workflow || !text) throw new Error(`no receipt renders ${event.type} on record ${event.recordId}`);
  const { title, body } = text(event.payload);
  return {
    kind: 'receipt',
    id: `receipt:${event.recordId}:${event.revision}`,
    recordId: event.recordId,
    workflow: workflow.key,
    eventType: event.type,
    revision: event.revision,
    title,
    body,
  };
}

/** The receipt of a submission the outside accepted, in the server's sentence. */
function acceptedReceipt(workflow: WorkflowDefinition, { copy, locale }: CompositionScope): (payload: EventPayload) => ReceiptText {
  return (payload) => {
    const sent = workflow.submissions?.find((d) => d.key === payload.submission);
    const submission = (sent && pick(sent.label, locale)) ?? String(payload.submission);
    return { title: copy.composition.submissionAcceptedTitle, body: formatSentence(copy.composition.submissionAccepted, { submission }) };
  };
}

/** A submission started (pending) or reported pending or refused by this event, as not done. */
function submissionNotDone(event: CommittedEvent, scope: CompositionScope): NotDoneEntry[] {
  const { copy, locale } = scope;
  const workflow = workflowOf(scope, event.recordId);
  const sent = workflow?.submissions?.find((d) => (event.type === SUBMISSION_UPDATED ? d.key === event.payload.submission : d.startedBy === event.type));
  if (!workflow || !sent) return [];
  const submission = pick(sent.label, locale) ?? sent.key;
  const status = event.type === SUBMISSION_UPDATED ? event.payload.status : 'pending';
  const reason = typeof event.payload.reason === 'string' ? event.payload.reason : null;
  if (status === 'pending') {
    return [{ code: 'submission_pending', text: formatSentence(copy.notice.submissionPending, { submission }), recordId: event.recordId }];
  }
  if (status === 'refused') {
    const template = reason ? copy.notice.submissionRefusedBecause : copy.notice.submissionRefused;
    return [{ code: 'submission_refused', text: formatSentence(template, { submission, reason: reason ?? '' }), recordId: event.recordId }];
  }
  return [];
}
