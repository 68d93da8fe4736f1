/**
 * `warrant/probe`: a Reply Contract's holes, found before users find them. A layer above the
 * contract and the model layers: its checks (`checks/`, one named definition each, run in the
 * order of `PROBE_CHECKS`) read a compiled contract with the samples of each locale
 * (`locales/`), and its paraphrase part asks the model task `probe` for attacks. Nothing in the
 * contract layer imports it. The checks and the locales are the layer's own, not exported.
 */
export type { ParaphraseResult, ParaphraseSource, ParaphraseStatus } from './paraphrase-attacks.js';
export type { ProbeOptions, ProbeReport } from './probe-contract.js';
export { probeContract } from './probe-contract.js';
export type { ProbeFinding, ProbeFindingKind } from './probe-finding.js';
export { PROBE_FINDING_KINDS } from './probe-finding.js';
export type { ModelParaphrasesOptions } from './probe-paraphrases.js';
export { PROBE_INSTRUCTIONS, PROBE_TASK, modelParaphrases } from './probe-paraphrases.js';
export type { ProbeReportJson } from './probe-report-json.js';
export { probeReportJsonSchema, probeReportToJson } from './probe-report-json.js';
export type { Fault, InputIssue } from '../errors.js';
export { InputError, WarrantError } from '../errors.js';
