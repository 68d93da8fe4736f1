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
export type { RecordFacts } from './record-facts.js';
export type {
  Act,
  Attachment,
  CardResponse,
  Dispute,
  Question,
  QuestionKind,
  TurnInput,
  TurnInputJson,
  Understanding,
} from './turn-input.js';
export { emptyUnderstanding, parseTurnInput, turnInputSchema } from './turn-input.js';
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
  WorkflowDefinition,
} from './workflow.js';
export { defineWorkflow, nounOf, pick } from './workflow.js';
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
