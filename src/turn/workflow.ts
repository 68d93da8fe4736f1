import type { z } from 'zod';
import { nounSlots, type GrammaticalGender, type GrammaticalNumber, type NounSlots } from '../copy/index.js';

/**
 * A workflow's noun in a language whose sentences agree with it: the word, its gender and, for a
 * word that names one record in the plural («le ferie», «die Ferien»), its number (default
 * `singular`). «Inizio una nuova pratica» needs `{ word: 'pratica', gender: 'feminine' }`.
 */
export interface NounDeclaration {
  readonly word: string;
  readonly gender: GrammaticalGender;
  readonly number?: GrammaticalNumber;
}

/** Fixed text per locale tag: `{ en: 'traveler', it: 'viaggiatore' }`. */
export type Localized = Readonly<Record<string, string>>;

/** Text per locale computed from parameters: `{ en: (p) => \`…${p.name}…\` }`. */
export type LocalizedFn<P, R = string> = Readonly<Record<string, (params: P) => R>>;

/** Payload of an event: JSON values only, because it is stored as `jsonb`. */
export type EventPayload = Readonly<Record<string, unknown>>;

/** An event a handler proposes. It becomes a fact only when the turn commits. */
export interface EventDraft {
  /** The event type, e.g. `traveler_added`; the workflow's `receipts` render it. */
  readonly type: string;
  readonly payload: EventPayload;
}

/**
 * The events a workflow declares, as a union typed per event type: `{ type: 'traveler_added';
 * payload: { name: string } } | …`. With no declared events it is {@link EventDraft}.
 */
export type EventOf<Events extends Readonly<Record<string, EventPayload>>> = {
  [Type in keyof Events & string]: { readonly type: Type; readonly payload: Events[Type] };
}[keyof Events & string];

/**
 * What an operation's handler decides: the events it would append, or a refusal in the domain's
 * own sentence per locale. An empty `events` list is an act that changes nothing.
 */
export type OperationOutcome<Event extends EventDraft = EventDraft> = { readonly events: readonly Event[] } | { readonly refusal: Localized };

/**
 * Something a record's workflow lets a user do. `Input` is what its `input` schema outputs, so
 * the handler's `input` is typed by the schema (through {@link defineWorkflow}).
 */
export interface OperationDefinition<State, Input = any, Event extends EventDraft = EventDraft> {
  /** What it does, as a verb phrase per locale («add a traveler» / «aggiungere un viaggiatore»). */
  readonly label: Localized;
  /** The act's values. Validated before the handler runs; a missing required value is awaited. */
  readonly input: z.ZodType<Input>;
  /**
   * Each input field's name per locale, used when a value is awaited («which destination?» /
   * «quale meta?»). Default: the field's key, which reads as code in any language but English.
   */
  readonly fields?: Readonly<Record<string, Localized>>;
  /**
   * For a field whose schema enumerates its values (`z.enum`, literals): each value's name per
   * locale, used when the server proposes the values a field may take («the company or the
   * traveler» / «l’azienda o il viaggiatore»). Default: the value itself.
   */
  readonly choices?: Readonly<Record<string, Readonly<Record<string, Localized>>>>;
  /** True when the operation creates its record. Default false: it needs an existing one. */
  readonly creates?: boolean;
  /** Decides the act against the record's current state. Pure: no I/O, no clock. */
  handle(state: State, input: Input): OperationOutcome<Event>;
}

/** A receipt's words. */
export interface ReceiptText {
  readonly title: string;
  readonly body: string;
}

/** One open instance of an obligation, e.g. one extra that has no payer. */
export interface OpenObligation {
  /** Parameters for the obligation's sentence. */
  readonly params?: Readonly<Record<string, string>>;
  /** The act values this instance fixes when the obligation has an act (e.g. `{ extra: 'hotel' }`). */
  readonly fixes?: Readonly<Record<string, unknown>>;
}

/** What an open record still owes. */
export interface ObligationDefinition<State> {
  /** Stable key, used in the ask's id. */
  readonly key: string;
  /** The open instances in `state`, first asked first. Empty when satisfied. */
  open(state: State): readonly OpenObligation[];
  /** The question the server asks for one instance, in the workflow's words per locale. */
  readonly sentence: LocalizedFn<Readonly<Record<string, string>>>;
  /**
   * The act that answers it: `operation` on the same record, with the instance's `fixes`, and the
   * user's answer as the value of `answers`. So a bare «the company» answers «who pays?».
   */
  readonly act?: { readonly operation: string; readonly answers: string };
}

/** A button on a card and what pressing it means. */
export interface CardButton {
  readonly key: string;
  readonly label: Localized;
  /** The act a press runs on the card's record; none means the button dismisses the card. */
  readonly act?: { readonly operation: string; readonly values?: Readonly<Record<string, unknown>> };
}

/** An interaction block the server shows (e.g. a confirmation). */
export interface CardDefinition<State> {
  readonly key: string;
  /** Whether the card is on screen for a record in `state`. */
  shows(state: State): boolean;
  readonly title: Localized;
  readonly buttons: readonly CardButton[];
}

/** Where something sent outside stands: the host reports each change as it hears of it. */
export type SubmissionStatus = 'pending' | 'accepted' | 'refused';

/**
 * Something an operation starts outside the runtime — a supplier booking, a payment — whose
 * answer arrives later. The operation's own event (`startedBy`) sends it: its receipt says it was
 * requested, and the runtime adds a notice that it is not done yet. The host reports each status
 * as it hears it (`submissions` in a turn's input); the runtime commits it as a
 * `submission_updated` event (`{ submission, status, reason? }`) that the workflow's `apply` folds
 * into the state. Only `accepted` becomes a receipt: nothing is said to be done before.
 */
export interface SubmissionDefinition<State> {
  /** Stable key, as the host names it when reporting (`hotel_booking`). */
  readonly key: string;
  /** What it is, per locale, as said inside a sentence («the hotel booking» / «la prenotazione dell’hotel»). */
  readonly label: Localized;
  /** The event type that sends it (an operation's own event, with its own receipt). */
  readonly startedBy: string;
  /** Where it stands in `state`; `null` when it was never sent. */
  status(state: State): SubmissionStatus | null;
}

/** The event type the runtime commits when the host reports a submission's status. */
export const SUBMISSION_UPDATED = 'submission_updated';

/**
 * Where a record stands, as a writer's guidance is keyed: `collecting` while it owes something,
 * `confirming` while a card is on screen, `settled` when it owes nothing and shows no card.
 */
export type RecordPhase = 'collecting' | 'confirming' | 'settled';

/**
 * A host's workflow: everything the runtime needs to act on its records and to say what
 * happened, in every locale the deployment serves. Define one with {@link defineWorkflow} so the
 * state type flows into every handler.
 */
export interface WorkflowDefinition<State = any, Event extends EventDraft = EventDraft> {
  /** Unique key, e.g. `trip`. Also the noun when none is declared. */
  readonly key: string;
  /**
   * The workflow's word for one record, per locale: the word (`trip`), or, in a language whose
   * sentences agree with it (Italian, German), the word with its gender and number (`{ word:
   * 'pratica', gender: 'feminine' }`); a runtime serving such a language refuses a bare word
   * there, naming it. Default: the key.
   */
  readonly noun?: Readonly<Record<string, string | NounDeclaration>>;
  /** The record's state. Validated whenever state is read back from the store. */
  readonly state: z.ZodType<State>;
  /** State of a record that has just been created, before its first event. */
  readonly initialState: State;
  /**
   * Each event type's payload schema. Optional; when given, every payload a handler emits is
   * validated before the turn commits (a mismatch is the workflow's bug: a `ConfigurationError`),
   * and {@link defineWorkflow} types `apply`, the handlers' events and the receipts per event type.
   */
  readonly events?: Readonly<Record<string, z.ZodType<EventPayload>>>;
  /** Folds one committed event into the state. Pure. */
  apply(state: State, event: Event): State;
  readonly operations: Readonly<Record<string, OperationDefinition<State, any, Event>>>;
  /** How each event type reads as a receipt, per locale. Every event type a handler emits needs one. */
  readonly receipts: Readonly<Record<string, LocalizedFn<EventPayload, ReceiptText>>>;
  /** What an open record still owes, first asked first. Default none. */
  readonly obligations?: readonly ObligationDefinition<State>[];
  /** Sentences on what may come next once nothing is owed and no card is on screen. Default none. */
  readonly nextSteps?: readonly Localized[];
  /** Cards, first shown first. Default none. */
  readonly cards?: readonly CardDefinition<State>[];
  /** What its operations start outside and hear back about later. Default none. */
  readonly submissions?: readonly SubmissionDefinition<State>[];
  /** Guidance for a writer per phase, per locale. Default none. */
  readonly guidance?: Readonly<Partial<Record<RecordPhase, Localized>>>;
}

/**
 * A workflow as {@link defineWorkflow} reads it: the state type comes from `state`, each
 * operation's input type from its `input` schema, each event's payload type from `events`.
 */
export type WorkflowSpec<State, Inputs, Events extends Readonly<Record<string, EventPayload>>> = Omit<
  WorkflowDefinition<State, EventOf<Events>>,
  'operations' | 'receipts' | 'events' | 'apply'
> & {
  readonly events?: { readonly [Type in keyof Events]: z.ZodType<Events[Type]> };
  apply(state: State, event: NoInfer<EventOf<Events>>): State;
  readonly operations: { readonly [Key in keyof Inputs]: OperationDefinition<State, Inputs[Key], NoInfer<EventOf<Events>>> };
  readonly receipts: NoInfer<{ readonly [Type in keyof Events]: LocalizedFn<Events[Type], ReceiptText> }>;
};

/**
 * Identity function that types a workflow from its schemas: the state from `state`, each
 * handler's `input` from its operation's `input` schema (a typo in `input.destinaton` does not
 * compile), and, when `events` declares payload schemas, `apply`, the events each handler may
 * emit and each receipt's payload per event type. Let TypeScript infer the type arguments.
 */
export function defineWorkflow<
  State,
  Inputs extends Readonly<Record<string, unknown>>,
  Events extends Readonly<Record<string, EventPayload>> = Readonly<Record<string, EventPayload>>,
>(definition: WorkflowSpec<State, Inputs, Events>): WorkflowDefinition<State, EventOf<Events>> {
  return definition as WorkflowDefinition<State, EventOf<Events>>;
}

/** The text for `locale` (exact tag, then its language, then English, then any). */
export function pick<T>(localized: Readonly<Record<string, T>>, locale: string): T | undefined {
  const exact = localized[locale];
  if (exact !== undefined) return exact;
  // Called for every text of every composed turn: cut at the first separator without a regex.
  const dash = locale.indexOf('-');
  const underscore = locale.indexOf('_');
  const end = dash < 0 ? underscore : underscore < 0 ? dash : Math.min(dash, underscore);
  const language = end < 0 ? locale : locale.slice(0, end);
  return localized[language] ?? localized.en ?? Object.values(localized)[0];
}

/** The workflow's noun in `locale`, or its key when it declares none. */
export function nounOf(workflow: WorkflowDefinition, locale: string): string {
  const declared = workflow.noun && pick(workflow.noun, locale);
  return declared === undefined ? workflow.key : typeof declared === 'string' ? declared : declared.word;
}

/** The noun of `workflow` in `locale` with what a sentence agrees with: its gender, number and first sound. */
export function nounSlotsOf(workflow: WorkflowDefinition, locale: string): NounSlots {
  const declared = workflow.noun && pick(workflow.noun, locale);
  if (declared === undefined) return nounSlots(workflow.key);
  return typeof declared === 'string' ? nounSlots(declared) : nounSlots(declared.word, declared.gender, declared.number);
}
