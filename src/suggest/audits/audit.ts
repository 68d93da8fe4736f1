import type { Route } from '../gate.js';
import type { CopyLanguage } from '../identify-language.js';
import type { Match } from '../match.js';
import type { Profile, ProfileFact } from '../profile.js';
import type { Draft } from '../skill-schemas.js';
import type { PrivateMaterial } from './private-material.js';

/** The audits every candidate passes before anything is returned (`drafting` is the model review's alone). */
export const AUDIT_NAMES = ['schema', 'language', 'conduct', 'privacy', 'implication', 'obligations', 'drafting', 'diversity'] as const;
/** One audit's name. */
export type AuditName = (typeof AUDIT_NAMES)[number];

/** One thing an audit found wrong, with a stable code. */
export interface AuditFinding {
  readonly code: string;
  /** What exactly: the phrase, the claim, the obligation id. Never the private material itself. */
  readonly detail: string;
}

/** The verdict one audit left on one candidate (or on the result, `candidate: null`). */
export interface AuditRecord {
  readonly audit: AuditName;
  /** The candidate's index in drafting order across rounds; `null` for the whole result. */
  readonly candidate: number | null;
  /** 1 for the first draft, 2 for the one redraft. */
  readonly round: 1 | 2;
  /** `code` for deterministic checks, `model_review` for the review skill's half. */
  readonly by: 'code' | 'model_review';
  readonly passed: boolean;
  readonly findings: readonly AuditFinding[];
}

/** A candidate under audit. */
export interface Candidate {
  readonly index: number;
  readonly round: 1 | 2;
  readonly draft: Draft;
}

/** What every audit may consult. */
export interface AuditContext {
  readonly match: Match;
  readonly profile: Profile;
  readonly route: Route;
  /** The language copy must be in: the match's. */
  readonly copyLanguage: CopyLanguage;
  /** The language analysis and rationale must be in: the match's unless the user asked otherwise. */
  readonly analysisLanguage: CopyLanguage;
  readonly selectedFacts: readonly ProfileFact[];
  readonly privateMaterial: PrivateMaterial;
  /** Candidates kept so far (the diversity audit compares against them). */
  readonly kept: readonly Candidate[];
}

/** A deterministic audit: a named definition whose every run yields an {@link AuditRecord}. */
export interface AuditDefinition {
  readonly name: AuditName;
  check(candidate: Candidate, context: AuditContext): AuditFinding[];
}

/** Defines an audit. */
export function defineAudit(name: AuditName, check: AuditDefinition['check']): AuditDefinition {
  return { name, check };
}

/** Runs `audit` on `candidate` and records its verdict. */
export function runAudit(audit: AuditDefinition, candidate: Candidate, context: AuditContext): AuditRecord {
  const findings = audit.check(candidate, context);
  return { audit: audit.name, candidate: candidate.index, round: candidate.round, by: 'code', passed: findings.length === 0, findings };
}
