/**
 * `warrant/turn`: governed turns. What a host needs to run them and nothing of how a turn is
 * put together: the runtime, the workflow definition, the seams a host may fill (understanding,
 * writer, knowledge) with the model-backed ones Warrant ships, the turn's input and result with
 * their JSON forms, and the errors a turn can end in.
 *
 * Recorded turns and their replayers are in `warrant/testing`. The model-backed seams come from
 * their own modules, not the model layer's index, so importing this entry point loads the AI
 * SDK's `generateText` but no provider package: the host hands in the models (`createModels`
 * of `warrant/model`).
 */
export type { Fault, InputIssue } from '../errors.js';
export { ConfigurationError, InputError, WarrantError } from '../errors.js';
export { StoreError } from '../store/database.js';
export { CopyIncompleteError } from '../copy/server-copy.js';
export type { GrammaticalGender, GrammaticalNumber } from '../copy/noun-slots.js';
export { ClaimRefusedError } from './claim-guard.js';
export type { TurnRun, TurnRunOptions, TurnRuntime, TurnRuntimeOptions } from './turn-runtime.js';
export { WorkflowTextMissingError, createTurnRuntime } from './turn-runtime.js';
export { DEFAULT_HISTORY_TURNS } from './turn-store.js';
export { DEFAULT_SEAM_TIMEOUT_MS } from './bounded-seams.js';
export type {
  CardButton,
  CardDefinition,
  EventDraft,
  EventPayload,
  Localized,
  LocalizedFn,
  NounDeclaration,
  ObligationDefinition,
  OpenObligation,
  OperationDefinition,
  OperationOutcome,
  ReceiptText,
  RecordPhase,
  SubmissionDefinition,
  SubmissionStatus,
  WorkflowDefinition,
} from './workflow.js';
export { SUBMISSION_UPDATED, defineWorkflow } from './workflow.js';
export type {
  Act,
  Attachment,
  CardResponse,
  Dispute,
  Question,
  QuestionKind,
  SubmissionReport,
  TurnInput,
  TurnInputJson,
  Understanding,
} from './turn-input.js';
export { emptyUnderstanding, parseTurnInput, turnInputSchema, turnInputToJson } from './turn-input.js';
export type { TurnPhase, TurnProgressEvent } from './turn-progress.js';
export type {
  AnswerBasis,
  AnswerBlock,
  AnswerStatus,
  CardBlock,
  NoticeBlock,
  ReceiptBlock,
  TransitionBlock,
  TurnBlock,
  TurnEvidence,
  TurnResult,
} from './turn-result.js';
export { transitionOf } from './turn-result.js';
export type { TurnResultJson } from './turn-result.js';
export { turnResultFromJson, turnResultSchema, turnResultToJson } from './turn-result.js';
export type {
  Ask,
  AskKind,
  AwaitedAct,
  CardOnScreen,
  DisputeEntry,
  DoneEntry,
  NotDoneCode,
  NotDoneEntry,
  OutcomeDocument,
  StartingEntry,
} from './outcome-document.js';
export type { OpenObligationOf, RecordFacts } from './record-facts.js';
export type { ReceiptInView } from './turn-commit.js';
export type { OperationOnOffer, Understand, UnderstandRequest, UnderstandResult } from './understand.js';
export type {
  AcknowledgeRequest,
  AnswerRequest,
  KnowledgeResult,
  KnowledgeSource,
  TurnWriter,
  WrittenAcknowledgement,
  WrittenAnswer,
} from './writer.js';
export type { ModelCall, WriterCall } from './writer.js';
export type { ReviewCheck, ReviewCheckKey } from './model/review-checks.js';
export type { TurnModelOptions } from './model/turn-model-options.js';
export { createModelUnderstand } from './model/model-understand.js';
export { createModelWriter } from './model/model-writer.js';
