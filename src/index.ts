/**
 * Warrant: the host decides what is true, the model only phrases it, every reply is checked
 * before anyone sees it, a deterministic fallback always exists, and every decision leaves
 * evidence.
 *
 * The root export gathers the public faces of every layer; `warrant/contract` and the other
 * subpaths give one layer alone. The scripted models and skills of `warrant/testing` are not
 * gathered here: they load the AI SDK's mocks (`ai/test`), which production code never needs.
 */
export type {
  CandidateVerdict,
  CompileOptions,
  CompiledContract,
  ContractWarning,
  ForbiddenMatch,
  IndexedCandidateVerdict,
  MatchStrategy,
  NormalizationHint,
  ReadContractResult,
  ReplyContract,
  ReplyContractJson,
  ReplyEffect,
  ReplyEffectJson,
  ReplyTraceJson,
  TermListName,
} from './contract/index.js';
export {
  compileContract,
  effectFromJson,
  effectToJson,
  governReply,
  readContract,
  relayBody,
  replyContractSchema,
  replyEffectJsonSchema,
  replyTraceJsonSchema,
  traceOf,
} from './contract/index.js';
export type { Fault, InputIssue } from './errors.js';
export { ConfigurationError, InputError, WarrantError, jsonPath, parseConfiguration, parseInput, parseJsonText } from './errors.js';
export type { ReplayOutcome, Replayer } from './replay/index.js';
export { FixtureError, builtInFixtures, replayFixtures } from './replay/index.js';
export { builtInReplayers } from './built-in-replayers.js';
export type { Database, Queryable, StoreOptions } from './store/index.js';
export { StoreError, openStore, storeOptionsFromEnv } from './store/index.js';
export type { ModelCallRecord, ModelOutcome, ModelProfile, ModelSettings, Models, PromptSource, TaskResult } from './model/index.js';
export { createModels, folderPromptSource, modelSettingsFromEnv, resolvePrompt, runObjectTask, runTextTask } from './model/index.js';
export type { Deployment, DeploymentFromEnvOptions, DeploymentOptions } from './deployment/index.js';
export { createDeployment, deploymentFromEnv } from './deployment/index.js';
export type { ApiKeyGrant, ProblemDocument, RunningServer, ServerOptions, WarrantServer } from './server/index.js';
export { HttpProblem, apiKeysFromEnv, createServer, hashApiKey, listen, parseApiKeysFile } from './server/index.js';
export type { EffectStore, Logger, LogRecord, StoredEffect } from './evidence/index.js';
export { createEffectStore, createGroupCommitWriter, createJsonLogger } from './evidence/index.js';
export type { Match, Profile, StopState, SuggestEvidence, SuggestOutcome, SuggestSkills, SuggestionResult, Wiki } from './suggest/index.js';
export { modelSkills, parseMatch, parseProfile, parseWiki, suggestReplies, suggestionResultSchema } from './suggest/index.js';
export type { CopyTexts, CopyTranslation, MissingSentence } from './copy/index.js';
export { CopyIncompleteError, ServerCopy, assertCopyComplete, resolveLocale } from './copy/index.js';
export type {
  OutcomeDocument,
  TurnInput,
  TurnInputJson,
  TurnProgressEvent,
  TurnResult,
  TurnResultJson,
  TurnRun,
  TurnRunOptions,
  TurnRuntime,
  TurnRuntimeOptions,
  TurnWriter,
  WorkflowDefinition,
} from './turn/index.js';
export {
  ClaimRefusedError,
  WorkflowTextMissingError,
  createTurnRuntime,
  defineWorkflow,
  parseTurnInput,
  turnInputToJson,
  turnResultToJson,
} from './turn/index.js';
