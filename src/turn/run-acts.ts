import type { z } from 'zod';
import { ConfigurationError, inputIssuesFromZod } from '../errors.js';
import { formatSentence, nounSlots, type CopyTexts, type NounSlots } from '../copy/index.js';
import type { AwaitedAct, NotDoneCode } from './outcome-document.js';
import type { StoredRecord } from './stored-record.js';
import type { Act, SubmissionReport } from './turn-input.js';
import { nounSlotsOf, pick, SUBMISSION_UPDATED, type EventDraft, type WorkflowDefinition } from './workflow.js';

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
 *
 * The host's reports on submissions are applied first, so the user's acts see them; then each act
 * goes through its steps ({@link runAct}): which act it is, which operation, which record, its
 * values, and the handler's decision.
 */
export function runActs(acts: readonly Act[], ctx: RunActsContext): { outcomes: ActOutcome[]; drafts: RecordDraft[] } {
  const working = new Map<string, RecordDraft>();
  const outcomes: ActOutcome[] = [];
  for (const report of ctx.reports ?? []) keep(applyReport(report, working, ctx), outcomes, working);
  // Records created this turn so far: the second one a turn creates gets `-1`, and so on.
  let created = 0;
  for (const given of acts) {
    const step = runAct(given, working, created, ctx);
    if (step.created) created++;
    keep(step, outcomes, working);
  }
  return { outcomes, drafts: [...working.values()] };
}

/** Keeps a step's outcome, and its record's new draft as the working copy the next acts see. */
function keep(step: ActStep, outcomes: ActOutcome[], working: Map<string, RecordDraft>): void {
  outcomes.push(step.outcome);
  if (step.draft) working.set(step.draft.recordId, step.draft);
}

/** What one step of running the acts decided: the outcome, and the record's new draft when it changed. */
export interface ActStep {
  readonly outcome: ActOutcome;
  readonly draft?: RecordDraft;
  /** True when the act's operation creates its record (its id was numbered, whatever the outcome). */
  readonly created?: boolean;
}

/**
 * A host's report on a submission becomes a `submission_updated` event on its record, folded into
 * the working state; a record or submission the workflow does not know is not done.
 */
export function applyReport(report: SubmissionReport, working: ReadonlyMap<string, RecordDraft>, ctx: RunActsContext): ActStep {
  const stored = ctx.records.get(report.record);
  const workflow = stored && ctx.workflows.get(stored.workflow);
  const submission = workflow?.submissions?.find((d) => d.key === report.submission);
  if (!workflow || !submission) {
    const noun = workflow ? nounSlotsOf(workflow, ctx.locale) : nounSlots(report.record);
    const where = { recordId: workflow ? report.record : null, workflow: workflow?.key ?? null };
    return { outcome: notDone('unknown_submission', ctx.copy.notice.unknownSubmission, { submission: report.submission, record: report.record }, where, noun) };
  }
  const draft = working.get(report.record) ?? {
    recordId: report.record,
    workflow: workflow.key,
    baseRevision: stored.revision,
    state: stored.state,
    events: [],
  };
  const event: EventDraft = {
    type: SUBMISSION_UPDATED,
    payload: { submission: submission.key, status: report.status, ...(report.reason === undefined ? {} : { reason: report.reason }) },
  };
  return {
    outcome: { status: 'applied', recordId: report.record, workflow: workflow.key, operation: reportOperation(submission.key), events: [event] },
    draft: { ...draft, state: workflow.apply(draft.state, event), events: [...draft.events, event] },
  };
}

/**
 * One act, step by step: the act to run (a reply to the open ask completes the awaited act), the
 * operation it names, the record it acts on, its values, then the handler's decision. The first
 * step that cannot go on settles the act as not done (or awaiting a value).
 */
export function runAct(given: Act, working: ReadonlyMap<string, RecordDraft>, created: number, ctx: RunActsContext): ActStep {
  const act = actToRun(given, ctx.awaited);
  if (!act) return { outcome: notDone('no_open_ask', ctx.copy.notice.noOpenAsk, {}, {}) };
  const operation = operationOf(act, working, ctx);
  if ('settled' in operation) return { outcome: operation.settled };
  const creates = operation.definition.creates === true;
  const recordId = recordOf(act, operation, working, created, ctx);
  if (typeof recordId !== 'string') return { outcome: recordId.settled, created: creates };
  const values = valuesOf(act, operation, recordId, ctx);
  if ('settled' in values) return { outcome: values.settled, created: creates };
  return decide(operation, recordId, values.input, working, ctx);
}

/** A step's end when the act cannot go on: its outcome. */
type Settled = { readonly settled: ActOutcome };

/** The act to run: the act itself, or — for a reply to the open ask — the awaited act completed with its values. */
export function actToRun(given: Act, awaited: AwaitedAct | null): Act | null {
  if (!given.answersAsk) return given;
  if (!awaited) return null;
  return {
    operation: awaited.operation,
    record: awaited.record,
    workflow: awaited.workflow,
    values: { ...awaited.values, ...given.values },
    answersAsk: true,
  };
}

/** The operation an act names, in the workflow of its record (or, for a record not there, the workflow offering it). */
export interface ResolvedOperation {
  readonly workflow: WorkflowDefinition;
  readonly key: string;
  readonly definition: WorkflowDefinition['operations'][string];
  /** The operation's label in the turn's language. */
  readonly label: string;
  /** The workflow's word for one record, in the turn's language. */
  readonly noun: string;
  /** The noun with what a sentence agrees with (gender, number, first sound). */
  readonly nounSlots: NounSlots;
  /** The record as the act finds it: this turn's working copy, else as stored; absent when there is none. */
  readonly existing: RecordDraft | StoredRecord | undefined;
}

/** Finds the workflow and operation an act names; an unknown record or operation is not done. */
export function operationOf(act: Act, working: ReadonlyMap<string, RecordDraft>, ctx: RunActsContext): ResolvedOperation | Settled {
  const key = act.operation ?? '';
  const existing = act.record === undefined ? undefined : (working.get(act.record) ?? ctx.records.get(act.record));
  // An unknown record has no workflow of its own: the one offering the operation speaks for it.
  const workflow = ctx.workflows.get(existing?.workflow ?? act.workflow ?? '') ?? [...ctx.workflows.values()].find((w) => Object.hasOwn(w.operations, key));
  if (!workflow) {
    const where = { recordId: act.record ?? null, operation: key };
    return { settled: notDone('unknown_record', ctx.copy.notice.noSuchRecord, { record: act.record ?? act.workflow ?? '' }, where) };
  }
  const slots = nounSlotsOf(workflow, ctx.locale);
  const noun = slots.noun;
  const definition = workflow.operations[key];
  if (!definition) {
    const where = { recordId: act.record ?? null, workflow: workflow.key, operation: key };
    return { settled: notDone('unknown_operation', ctx.copy.notice.unknownOperation, { operation: key }, where, slots) };
  }
  return { workflow, key, definition, label: pick(definition.label, ctx.locale) ?? key, noun, nounSlots: slots, existing };
}

/**
 * The record an act acts on. A creating act names its new record (default `{workflow}-{turn id}`,
 * numbered after the first): one that is already there is not a race — it exists, and the notice
 * says so (a create that loses a race at the commit is the conflict). Any other act needs its
 * record to exist.
 */
export function recordOf(act: Act, op: ResolvedOperation, working: ReadonlyMap<string, RecordDraft>, created: number, ctx: RunActsContext): string | Settled {
  if (op.definition.creates === true) {
    const recordId = act.record ?? (created === 0 ? `${op.workflow.key}-${ctx.turnId}` : `${op.workflow.key}-${ctx.turnId}-${created}`);
    if (!working.has(recordId) && !ctx.records.has(recordId)) return recordId;
    const where = { recordId, workflow: op.workflow.key, operation: op.key };
    return { settled: notDone('already_exists', ctx.copy.notice.alreadyExists, { operation: op.label, record: recordId }, where, op.nounSlots) };
  }
  if (act.record !== undefined && op.existing) return act.record;
  const params = { operation: op.label, record: act.record ?? '?' };
  const where = { recordId: act.record ?? null, workflow: op.workflow.key, operation: op.key };
  return { settled: notDone('unknown_record', ctx.copy.notice.unknownRecord, params, where, op.nounSlots) };
}

/**
 * The act's values, parsed by the operation's input schema. A required value left out makes the
 * act wait for it (the ask asks for it by the field's name); any other refusal is not done.
 */
export function valuesOf(act: Act, op: ResolvedOperation, recordId: string, ctx: RunActsContext): { readonly input: unknown } | Settled {
  const parsed = op.definition.input.safeParse(act.values);
  if (parsed.success) return { input: parsed.data };
  const missing = parsed.error.issues.find((i) => i.code === 'invalid_type' && i.path.length === 1 && !Object.hasOwn(act.values, String(i.path[0])));
  if (missing) {
    const field = String(missing.path[0]);
    return {
      settled: {
        status: 'awaiting',
        awaiting: { operation: op.key, record: recordId, workflow: op.workflow.key, values: act.values, answers: field },
        starting: op.definition.creates === true,
        operationLabel: op.label,
        fieldLabel: fieldLabel(op, field, ctx.locale),
      },
    };
  }
  const where = { recordId, workflow: op.workflow.key, operation: op.key };
  const field = refusedField(op, parsed.error.issues[0], ctx.locale);
  return { settled: notDone('invalid_values', ctx.copy.notice.invalidValues, { operation: op.label, field }, where) };
}

/** A field's name in the turn's language (the operation's `fields`), else its key. */
function fieldLabel(op: ResolvedOperation, field: string, locale: string): string {
  const names = op.definition.fields?.[field];
  return (names && pick(names, locale)) ?? field;
}

/**
 * The field a refused value is said to be in: the top-level field the first issue is about, by its
 * name in the turn's language, since a user wrote the value under that name and a nested path
 * (`extras.0.name`) or a key means nothing to them; an unknown key the schema refused is named as
 * given (no workflow names it); an issue about the values as a whole falls back to the key path.
 */
function refusedField(op: ResolvedOperation, issue: z.core.$ZodIssue | undefined, locale: string): string {
  const top = issue?.path[0];
  if (top !== undefined) return fieldLabel(op, String(top), locale);
  if (issue?.code === 'unrecognized_keys' && issue.keys.length > 0) return issue.keys.join(', ');
  return 'values';
}

/**
 * The handler decides against the record's working state (a new record's initial state). A
 * refusal is said in the domain's sentence; no events on an existing record is an act that
 * changed nothing; otherwise each event is checked, folded into the state and drafted.
 */
export function decide(op: ResolvedOperation, recordId: string, input: unknown, working: ReadonlyMap<string, RecordDraft>, ctx: RunActsContext): ActStep {
  const { workflow, key, definition } = op;
  const creates = definition.creates === true;
  const where = { recordId, workflow: workflow.key, operation: key };
  const stored = ctx.records.get(recordId);
  const draft: RecordDraft = working.get(recordId) ?? {
    recordId,
    workflow: workflow.key,
    baseRevision: creates || !stored ? null : stored.revision,
    state: creates || !stored ? workflow.initialState : stored.state,
    events: [],
  };
  const decided = definition.handle(draft.state, input);
  if ('refusal' in decided) {
    const text = pick(decided.refusal, ctx.locale) ?? Object.values(decided.refusal)[0] ?? key;
    return { outcome: { status: 'not_done', code: 'refused', text, ...where }, created: creates };
  }
  if (decided.events.length === 0 && !creates) {
    return { outcome: notDone('unchanged', ctx.copy.notice.unchanged, { operation: op.label, record: recordId }, where, op.nounSlots) };
  }
  let state = draft.state;
  for (const event of decided.events) {
    checkEvent(workflow, key, event);
    state = workflow.apply(state, event);
  }
  return {
    outcome: { status: 'applied', ...where, events: decided.events },
    draft: { ...draft, state, events: draft.events.concat(decided.events) },
    created: creates,
  };
}

function notDone(
  code: NotDoneCode,
  template: string,
  params: Record<string, string>,
  where: { recordId?: string | null; workflow?: string | null; operation?: string | null },
  noun?: NounSlots,
): ActOutcome {
  return {
    status: 'not_done',
    code,
    text: formatSentence(template, params, noun),
    recordId: where.recordId ?? null,
    workflow: where.workflow ?? null,
    operation: where.operation ?? null,
  };
}

/**
 * An event a handler emits must be one the workflow can say: not the host's own
 * `submission_updated`, one with a receipt, and (when the workflow declares payloads) a payload
 * its schema accepts. Any other is the workflow's bug, and nothing commits.
 */
function checkEvent(workflow: WorkflowDefinition, operationKey: string, event: EventDraft): void {
  if (event.type === SUBMISSION_UPDATED) {
    throw new ConfigurationError(`workflow ${workflow.key}: operation ${operationKey} emitted ${SUBMISSION_UPDATED}, which only the host reports`);
  }
  if (!workflow.receipts[event.type]) {
    throw new ConfigurationError(`workflow ${workflow.key}: operation ${operationKey} emitted ${event.type}, which has no receipt`);
  }
  checkPayload(workflow, operationKey, event);
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
