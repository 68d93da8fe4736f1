export type { CandidateVerdict, ForbiddenMatch, IndexedCandidateVerdict, NormalizationHint } from './candidate-verdict.js';
export type { CompileOptions, CompiledContract } from './compile-contract.js';
export { compileContract, isCompiledContract } from './compile-contract.js';
export type { ContractVerifier, MatchStrategy } from './contract-verifier.js';
export { INCLUDES_MAX_TERMS } from './contract-verifier.js';
export { governReply } from './govern-reply.js';
export { isNfc } from './is-nfc.js';
export type { DisguiseClass } from './fold-text.js';
export { DISGUISE_CLASSES, FOLDED_DISGUISE_CLASSES, LOOSE_DISGUISE_CLASSES, foldTerm } from './fold-text.js';
export { looseTerm } from './loose-fold.js';
export type { ContractLint, ContractWarning } from './lint-contract.js';
export type { ReadContractResult } from './read-contract.js';
export { CONTRACT_SUBJECT, readContract } from './read-contract.js';
export { relayBody } from './relay-body.js';
export type { ContractMatching, ContractVersion, MatchMode, ReplyContract, ReplyContractJson, RequiredMatchMode, TermListName } from './reply-contract.js';
export {
  CONTRACT_VERSIONS,
  TERM_LISTS,
  contractFromJson,
  contractMatching,
  contractToJson,
  defaultMatching,
  isWellFormed,
  matchModeOf,
  replyContractSchema,
} from './reply-contract.js';
export type { ReplyEffect, ReplyEffectJson } from './reply-effect.js';
export { candidateVerdictJsonSchema, effectFromJson, effectToJson, replyEffectJsonSchema } from './reply-effect.js';
export type { ReplyTraceJson } from './trace-of.js';
export { replyTraceJsonSchema, traceOf } from './trace-of.js';
export type { Fault, InputIssue } from '../errors.js';
export { InputError, WarrantError } from '../errors.js';
