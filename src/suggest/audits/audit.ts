import type { AuditFinding, AuditName, AuditRecord } from '../../evidence/audit-record.js';
import type { Route } from '../gate.js';
import type { CopyLanguage } from '../identify-language.js';
import type { Match } from '../match.js';
import type { Profile, ProfileFact } from '../profile.js';
import type { Draft } from '../skill-schemas.js';
import type { PrivateMaterial } from './private-material.js';

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
