import { ConfigurationError, inputIssuesFromZod } from '../errors.js';
import { formatSentence, type CopyTexts } from '../copy/index.js';
import type { AwaitedAct, NotDoneCode } from './outcome-document.js';
import type { StoredRecord } from './stored-record.js';
import type { Act, SubmissionReport } from './turn-input.js';
import { nounOf, pick, SUBMISSION_UPDATED, type EventDraft, type WorkflowDefinition } from './workflow.js';

/** What became of one act before the commit decided. */
export type ActOutcome =
  | {
      readonly status: 'applied';
      readonly recordId: string;
      readonly workflow: string;
      readonly operation: string;
      readonly events: readonly EventDraft[];
    }
  | {
      readonly status: 'not_done';
      readonly code: NotDoneCode;
      readonly text: string;
      readonly recordId: string | null;
      readonly workflow: string | null;
      readonly operation: string | null;
    }
  | {
      readonly status: 'awaiting';
      readonly awaiting: AwaitedAct;
      /** True when the act would create its record: the turn is starting a workflow. */
      readonly starting: boolean;
      /** The operation's label in the turn's language, for the ask's sentence. */
      readonly operationLabel: string;
      /** The awaited field's name in the turn's language. */
      readonly fieldLabel: string;
    };

/** The writes a turn proposes for one record, checked against `baseRevision` at commit. */
export interface RecordDraft {
  readonly recordId: string;
  readonly workflow: string;
  /** The revision the handlers saw; `null` when the turn creates the record. */
  readonly baseRevision: number | null;
  readonly state: unknown;
  readonly events: readonly EventDraft[];
}

/** Everything {@link runActs} needs. */
export interface RunActsContext {
  readonly turnId: string;
  readonly locale: string;
  readonly copy: CopyTexts;
  readonly workflows: ReadonlyMap<string, WorkflowDefinition>;
  /** Records as stored before the turn, by id (absent: no such record). */
  readonly records: ReadonlyMap<string, StoredRecord>;
  /** The previous turn's awaited act, which an `answersAsk` act completes. */
  readonly awaited: AwaitedAct | null;
  /** The host's reports on submissions, applied before the acts. Default none. */
  readonly reports?: readonly SubmissionReport[];
}

/** The `operation` an applied outcome carries when it is a host's report on a submission, not an act. */
export const reportOperation = (submission: string) => `submission:${submission}`;

/**
 * Runs each act's handler, in order, against a working copy of its record (so two acts on one
 * record see each other). Nothing is written: the result is the outcome of each act and the
 * drafts the commit will check and write. Pure.
 */
export function runActs(acts: readonly Act[], ctx: RunActsContext): { outcomes: ActOutcome[]; drafts: RecordDraft[] } {
  const working = new Map<string, { draft: RecordDraft; events: EventDraft[]; state: unknown }>();
  const outcomes: ActOutcome[] = [];
  let created = 0;

  const notDone = (
    code: NotDoneCode,
    template: string,
    params: Record<string, string>,
    where: { recordId?: string | null; workflow?: string | null; operation?: string | null },
  ): ActOutcome => ({
    status: 'not_done',
    code,
    text: formatSentence(template, params),
    recordId: where.recordId ?? null,
    workflow: where.workflow ?? null,
    operation: where.operation ?? null,
  });

  // What the host heard from outside comes first: the user's acts then see it.
  for (const report of ctx.reports ?? []) {
    const stored = ctx.records.get(report.record);
    const workflow = stored && ctx.workflows.get(stored.workflow);
    const submission = workflow?.submissions?.find((d) => d.key === report.submission);
    if (!workflow || !submission) {
      outcomes.push(
        notDone('unknown_submission', ctx.copy.notice.unknownSubmission, {
          submission: report.submission,
          noun: workflow ? nounOf(workflow, ctx.locale) : report.record,
          record: report.record,
        }, { recordId: workflow ? report.record : null, workflow: workflow?.key ?? null }),
      );
      continue;
    }
    const entry: { draft: RecordDraft; events: EventDraft[]; state: unknown } = working.get(report.record) ?? {
      draft: { recordId: report.record, workflow: workflow.key, baseRevision: stored.revision, state: stored.state, events: [] },
      events: [],
      state: stored.state,
    };
    const event: EventDraft = {
      type: SUBMISSION_UPDATED,
      payload: { submission: submission.key, status: report.status, ...(report.reason === undefined ? {} : { reason: report.reason }) },
    };
    entry.state = workflow.apply(entry.state, event);
    entry.events.push(event);
    entry.draft = { ...entry.draft, state: entry.state, events: entry.events };
    working.set(report.record, entry);
    outcomes.push({ status: 'applied', recordId: report.record, workflow: workflow.key, operation: reportOperation(submission.key), events: [event] });
  }

  for (const given of acts) {
    let act = given;
    if (given.answersAsk) {
      if (!ctx.awaited) {
        outcomes.push(notDone('no_open_ask', ctx.copy.notice.noOpenAsk, {}, {}));
        continue;
      }
      act = {
        operation: ctx.awaited.operation,
        record: ctx.awaited.record,
        workflow: ctx.awaited.workflow,
        values: { ...ctx.awaited.values, ...given.values },
        answersAsk: true,
      };
    }
    const operationKey = act.operation ?? '';
    const existing = act.record === undefined ? undefined : (working.get(act.record)?.draft ?? ctx.records.get(act.record));
    // An unknown record has no workflow of its own: the one offering the operation speaks for it.
    const workflow =
      ctx.workflows.get(existing?.workflow ?? act.workflow ?? '') ??
      [...ctx.workflows.values()].find((w) => Object.hasOwn(w.operations, operationKey));
    if (!workflow) {
      outcomes.push(
        notDone('unknown_record', ctx.copy.notice.noSuchRecord, { record: act.record ?? act.workflow ?? '' }, {
          recordId: act.record ?? null,
          operation: operationKey,
        }),
      );
      continue;
    }
    const noun = nounOf(workflow, ctx.locale);
    const operation = workflow.operations[operationKey];
    if (!operation) {
      outcomes.push(
        notDone('unknown_operation', ctx.copy.notice.unknownOperation, { operation: operationKey, noun }, {
          recordId: act.record ?? null,
          workflow: workflow.key,
          operation: operationKey,
        }),
      );
      continue;
    }
    const label = pick(operation.label, ctx.locale) ?? operationKey;
    const creates = operation.creates === true;
    let recordId: string;
    if (creates) {
      recordId = act.record ?? (created === 0 ? `${workflow.key}-${ctx.turnId}` : `${workflow.key}-${ctx.turnId}-${created}`);
      created++;
      // A record that was already there when the turn read it is not a race: it exists, and the
      // notice says so. A create that loses a race at the commit is the conflict.
      if (working.has(recordId) || ctx.records.has(recordId)) {
        outcomes.push(notDone('already_exists', ctx.copy.notice.alreadyExists, { operation: label, noun, record: recordId }, { recordId, workflow: workflow.key, operation: operationKey }));
        continue;
      }
    } else {
      if (act.record === undefined || !existing) {
        outcomes.push(
          notDone('unknown_record', ctx.copy.notice.unknownRecord, { operation: label, noun, record: act.record ?? '?' }, {
            recordId: act.record ?? null,
            workflow: workflow.key,
            operation: operationKey,
          }),
        );
        continue;
      }
      recordId = act.record;
    }

    const parsed = operation.input.safeParse(act.values);
    if (!parsed.success) {
      const missing = parsed.error.issues.find(
        (i) => i.code === 'invalid_type' && i.path.length === 1 && !Object.hasOwn(act.values, String(i.path[0])),
      );
      if (missing) {
        const field = String(missing.path[0]);
        const fieldNames = operation.fields?.[field];
        outcomes.push({
          status: 'awaiting',
          awaiting: { operation: operationKey, record: recordId, workflow: workflow.key, values: act.values, answers: field },
          starting: creates,
          operationLabel: label,
          fieldLabel: (fieldNames && pick(fieldNames, ctx.locale)) ?? field,
        });
      } else {
        const field = parsed.error.issues[0]?.path.map(String).join('.') || 'values';
        outcomes.push(notDone('invalid_values', ctx.copy.notice.invalidValues, { operation: label, field }, { recordId, workflow: workflow.key, operation: operationKey }));
      }
      continue;
    }

    let entry = working.get(recordId);
    if (!entry) {
      const stored = ctx.records.get(recordId);
      const state = creates || !stored ? workflow.initialState : stored.state;
      entry = {
        draft: { recordId, workflow: workflow.key, baseRevision: creates || !stored ? null : stored.revision, state, events: [] },
        events: [],
        state,
      };
    }
    const decided = operation.handle(entry.state, parsed.data);
    if ('refusal' in decided) {
      const text = pick(decided.refusal, ctx.locale) ?? Object.values(decided.refusal)[0] ?? operationKey;
      outcomes.push({ status: 'not_done', code: 'refused', text, recordId, workflow: workflow.key, operation: operationKey });
      continue;
    }
    if (decided.events.length === 0 && !creates) {
      outcomes.push(notDone('unchanged', ctx.copy.notice.unchanged, { operation: label, noun, record: recordId }, { recordId, workflow: workflow.key, operation: operationKey }));
      continue;
    }
    for (const event of decided.events) {
      if (event.type === SUBMISSION_UPDATED) {
        throw new Error(`workflow ${workflow.key}: operation ${operationKey} emitted ${SUBMISSION_UPDATED}, which only the host reports`);
      }
      if (!workflow.receipts[event.type]) {
        throw new ConfigurationError(`workflow ${workflow.key}: operation ${operationKey} emitted ${event.type}, which has no receipt`);
      }
      checkPayload(workflow, operationKey, event);
      entry.state = workflow.apply(entry.state, event);
      entry.events.push(event);
    }
    entry.draft = { ...entry.draft, state: entry.state, events: entry.events };
    working.set(recordId, entry);
    outcomes.push({ status: 'applied', recordId, workflow: workflow.key, operation: operationKey, events: decided.events });
  }
  return { outcomes, drafts: [...working.values()].map((w) => w.draft) };
}

/**
 * A workflow that declares its events' payload schemas gets every emitted payload checked before
 * anything commits: a handler emitting an undeclared type or a payload its schema refuses is the
 * workflow's bug, named with the path, never a malformed fact in the store.
 */
function checkPayload(workflow: WorkflowDefinition, operationKey: string, event: EventDraft): void {
  if (!workflow.events) return;
  const schema = workflow.events[event.type];
  const where = `workflow ${workflow.key}: operation ${operationKey} emitted ${event.type}`;
  if (!schema) throw new ConfigurationError(`${where}, which its events do not declare`);
  const checked = schema.safeParse(event.payload);
  if (!checked.success) {
    const issues = inputIssuesFromZod(checked.error).map((i) => `${i.path}: ${i.message}`);
    throw new ConfigurationError(`${where} with a payload its schema refuses (${issues.join('; ')})`);
  }
}
