/**
 * `warrant/suggest`: gated reply suggestions. Seven gates decide whether any message
 * should be written; drafted candidates are shown only after every audit passes; every decision
 * leaves evidence beside the four-property result.
 *
 * The scripted skills, recorded requests and their replayer that tests use are in
 * `warrant/testing`, so this entry point never loads the AI SDK's mocks (`ai/test`).
 */
export type { Match, MatchMessage, MatchWire, CheckListItem, AiGeneration } from './match.js';
export { matchSchema, matchMessageSchema, checkListItemSchema, aiGenerationSchema, parseMatch, matchJsonSchema } from './match.js';
export type { Wiki, WikiEntry } from './wiki.js';
export { wikiSchema, wikiEntrySchema, emptyWiki, parseWiki } from './wiki.js';
export type { Profile, ProfileFact } from './profile.js';
export { profileSchema, profileFactSchema, profileClassificationSchema, emptyProfile, parseProfile } from './profile.js';
export type { SuggestionResult, Suggestion, StopState, StopKind } from './suggestion-result.js';
export { suggestionResultSchema, suggestionSchema, stopState, suggestionResultJsonSchema } from './suggestion-result.js';
export type { GateVerdict, GateDefinition, PipelineContext, PipelineState, PropertyInterpretation, Route } from './gate.js';
export { defineGate } from './gate.js';
export type { GateName, GateRecord } from '../evidence/gate-record.js';
export { GATE_NAMES } from '../evidence/gate-record.js';
export type { Boundary, BoundaryLedger, Suspicion } from './boundary-ledger.js';
export type { EventState, EventThresholds, GenerationTask } from './event-state.js';
export { DEFAULT_EVENT_THRESHOLDS, SAME_BURST_WITHIN_MS } from './event-state.js';
export type { CopyLanguage } from './identify-language.js';
export type { BurstReading, BoundaryRuling, Obligation, Callback, Strategy, Draft, Drafts, Claim, Review, ReviewVerdict, Direction } from './skill-schemas.js';
export {
  CLAIM_KINDS,
  DIRECTIONS,
  RULING_REASONS,
  boundaryRulingSchema,
  burstReadingSchema,
  strategySchema,
  draftsSchema,
  reviewSchema,
} from './skill-schemas.js';
export type {
  SuggestSkills,
  SkillCallOptions,
  BurstInput,
  CopyBrief,
  StrategyInput,
  DraftInput,
  ReviewInput,
  FailedDraft,
  MessageView,
  FactView,
  SuspectedView,
} from './suggest-skills.js';
export { SKILL_TASKS } from './suggest-skills.js';
export type { ModelSkillsOptions } from './model-skills.js';
export { modelSkills } from './model-skills.js';
export type { AuditDefinition, AuditContext, Candidate } from './audits/audit.js';
export { defineAudit } from './audits/audit.js';
export type { AuditName, AuditRecord, AuditFinding } from '../evidence/audit-record.js';
export { AUDIT_NAMES } from '../evidence/audit-record.js';
export type { Unavailable } from './unavailable.js';
export { RETRY_AFTER_SECONDS } from './unavailable.js';
export type { SuggestStep, StepFailure } from './stop-copy.js';
export type { SuggestOptions, SuggestOutcome, CandidateEvidence } from './suggest-replies.js';
export type { SuggestEvidence, SuggestEvidenceJson } from './suggest-evidence.js';
export { suggestEvidenceJsonSchema, suggestEvidenceSchema, suggestEvidenceToJson } from './suggest-evidence.js';
export { suggestReplies, GATES, CANDIDATE_AUDITS, HAPPY_PATH_MODEL_CALLS, MAX_MODEL_CALLS } from './suggest-replies.js';
export type { Fault, InputIssue } from '../errors.js';
export { ConfigurationError, InputError, WarrantError } from '../errors.js';
