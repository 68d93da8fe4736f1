/**
 * The parts of the sidecar's JSON the inspector reads, as the keyed API returns them
 * (snake_case; see docs/server.md). Only what the page shows is declared; each declaration is
 * held to the route schema that answers it by inspector-wire.test.ts (a type check).
 */

/** One page of a listing. */
export interface Listing<T> {
  items: T[];
  next_cursor?: string | null;
}

/** A verification's first violation, as the effects listing summarises it. */
export interface FirstViolation {
  code: string;
  term: string;
  candidate: number;
}

/** A row of `GET /v0/effects`. */
export interface EffectRow {
  id: string;
  created_at: string;
  trace_id?: string | null;
  status: string;
  interaction_kind: string;
  body: string;
  candidate_count: number;
  first_violation?: FirstViolation | null;
}

/** A forbidden term found at [start, end) UTF-16 offsets of a candidate. */
export interface ForbiddenMatch {
  term: string;
  start: number;
  end: number;
}

/** One candidate's verdict within an effect. */
export interface CandidateVerdict {
  index: number;
  passed: boolean;
  forbidden_matches?: ForbiddenMatch[];
  forbidden_terms_present?: string[];
  disguises_seen?: string[];
  missing_must_include?: string[];
  missing_must_ask?: string[];
  missing_canonical_terms?: string[];
  normalization_hints?: { term: string; list: string }[];
}

/** `GET /v0/effects/{id}`. */
export interface EffectRecord {
  trace_id?: string | null;
  candidates: string[];
  contract: unknown;
  effect: {
    id: string;
    created_at: string;
    trace_id?: string | null;
    status: string;
    interaction_kind: string;
    authority_status: string;
    entity_roles?: Record<string, string>;
    selected_candidate: number | null;
    body: string;
    candidates?: CandidateVerdict[];
  };
}

/** A row of `GET /v0/turns`. */
export interface TurnRow {
  id: string;
  created_at: string;
  trace_id?: string | null;
  conversation_id?: string | null;
  fallback_reason?: string | null;
  model_failure?: boolean;
  reply?: string | null;
}

/** A block of a turn's result; which fields it has depends on its kind. */
export interface TurnBlock {
  kind: string;
  id?: string;
  text?: string | null;
  title?: string;
  body?: string;
  record_id?: string | null;
  revision?: number;
  event_type?: string;
  code?: string;
  question?: string;
  status?: string;
  basis?: { source: string; record_ids?: string[] } | null;
  written_by?: string | null;
  fallback_reason?: string | null;
  buttons?: { label: string }[];
}

/** A model call's record: its task and outcome, and whatever else it carries. */
export interface ModelCall {
  task: string;
  outcome: string;
  [key: string]: unknown;
}

/** `GET /v0/turns/{id}`. */
export interface TurnRecord {
  id: string;
  created_at: string;
  trace_id?: string | null;
  conversation_id: string;
  input?: { message?: string; [key: string]: unknown } | null;
  result?: {
    locale?: string;
    blocks?: TurnBlock[];
    ask?: { kind: string; text: string } | null;
    evidence?: { events_committed: number; model_calls?: ModelCall[]; understanding_failure?: string | null } | null;
  } | null;
}

/** A row of `GET /v0/suggestions`. */
export interface SuggestionRow {
  id: string;
  created_at: string;
  trace_id?: string | null;
  result_type: string;
  suggestion_count?: number;
  match_id: string;
  question?: string | null;
  analysis_summary: string;
}

/** `GET /v0/suggestions/{id}`. */
export interface SuggestionRecord {
  id: string;
  trace_id?: string | null;
  result: {
    resultType: string;
    analysisSummary: string;
    question?: string | null;
    suggestions?: { text: string; rationale: string }[];
  };
  evidence?: {
    match_id?: string;
    needs_model?: boolean;
    gates?: { gate: string; decision: string; reason: string }[];
    audits?: { audit: string; passed: boolean; candidate: number | null; round?: number; findings: { code: string; detail: string }[] }[];
    calls?: ModelCall[];
  } | null;
}

/** Anything with a stored trace id, as the trace view filters the listings. */
export interface Traced {
  id: string;
  created_at: string;
  trace_id?: string | null;
}
