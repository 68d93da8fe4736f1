export type { ClaimVerdict } from './claim-guard.js';
export { ClaimRefusedError, claimGuard } from './claim-guard.js';
export type { AskInput, RecordTurnIsOn } from './choose-ask.js';
export { chooseAsk, recordTurnIsOn } from './choose-ask.js';
export type { CodeAnswer } from './code-answer.js';
export { codeAnswer } from './code-answer.js';
export type { CodeTransitionInput } from './code-transition.js';
export { codeTransition } from './code-transition.js';
export type { FieldValues } from './field-values.js';
export { fieldValuesOf } from './field-values.js';
export type { ComposeOptions } from './compose-turn.js';
export { composeTurn } from './compose-turn.js';
export type { WorkflowModule } from './load-workflow-module.js';
export { loadWorkflowModule } from './load-workflow-module.js';
export { missingWorkflowText } from './missing-workflow-text.js';
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
export { cardShown, factsOf, openObligations } from './record-facts.js';
export type { ActOutcome, RecordDraft, RunActsContext } from './run-acts.js';
export { runActs } from './run-acts.js';
export { turnReplayer, turnFixtureSchema } from './replay-turn-fixture.js';
export type { CommittedEvent, StoredRecord } from './stored-record.js';
export type { TurnCommit, TurnContext } from './turn-commit.js';
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
export { emptyUnderstanding, parseTurnInput, turnInputSchema, unverifiedTurnInput } from './turn-input.js';
export type { TurnPhase, TurnProgressEvent } from './turn-progress.js';
export { ProgressChannel } from './turn-progress.js';
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
export type { TurnResultJson } from './turn-result-json.js';
export { turnResultFromJson, turnResultToJson } from './turn-result-json.js';
export type { TurnRun, TurnRunOptions, TurnRuntime, TurnRuntimeOptions } from './turn-runtime.js';
export { WorkflowTextMissingError, createTurnRuntime } from './turn-runtime.js';
export { DEFAULT_HISTORY_TURNS, TurnStore } from './turn-store.js';
export type { OperationOnOffer, Understand, UnderstandRequest, UnderstandResult } from './understand.js';
export type {
  CardButton,
  CardDefinition,
  EventDraft,
  EventPayload,
  Localized,
  LocalizedFn,
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
export { SUBMISSION_UPDATED, defineWorkflow, nounOf, pick } from './workflow.js';
export type {
  AcknowledgeRequest,
  AnswerRequest,
  KnowledgeResult,
  KnowledgeSource,
  TurnWriter,
  WriterCall,
  WrittenAcknowledgement,
  WrittenAnswer,
} from './writer.js';
export type { ReviewCheck, ReviewCheckKey, TurnModelOptions } from './model/index.js';
export { createModelUnderstand, createModelWriter } from './model/index.js';
export type { Fault, InputIssue } from '../errors.js';
export { ConfigurationError, InputError, WarrantError } from '../errors.js';
export { StoreError } from '../store/index.js';
export { CopyIncompleteError } from '../copy/index.js';
