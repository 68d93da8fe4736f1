import { z } from 'zod';
import { auditRecordSchema } from '../evidence/audit-record.js';
import { gateRecordSchema } from '../evidence/gate-record.js';
import { modelCallSchema } from '../evidence/model-call.js';
import { type Camelized, renameBySchema } from '../wire-case.js';
import type { CandidateEvidence } from './audit-round.js';
import type { AuditRecord } from '../evidence/audit-record.js';
import type { GateRecord } from '../evidence/gate-record.js';
import type { ModelCall } from '../evidence/model-call.js';
import type { Boundary, Suspicion } from './boundary-ledger.js';
import { BOUNDARY_DOUBTS } from './said-boundaries.js';
import type { CopyLanguage } from './identify-language.js';
import { CLAIM_KINDS, DIRECTIONS, RULING_REASONS, type Direction } from './skill-schemas.js';
import type { Unavailable } from './unavailable.js';

/** Everything a suggestion request decided, beside the result: gate records, audit verdicts, model calls. */
export interface SuggestEvidence {
  /** The one Match id the whole request concerned. */
  readonly matchId: string;
  readonly gates: readonly GateRecord[];
  readonly audits: readonly AuditRecord[];
  readonly candidates: readonly CandidateEvidence[];
  /** Every model call the request made, in order (the model layer's records). */
  readonly calls: readonly ModelCall[];
  /** True when generation stopped because no model is configured. */
  readonly needsModel: boolean;
  /**
   * Set when the result is a stop because Warrant could not decide (no model, a step failing, fewer
   * than three drafts surviving), not because the match's situation says so; `null` otherwise.
   */
  readonly unavailable: Unavailable | null;
  /** Every match message code suspected of setting a boundary, with the reader's ruling on it (W12). */
  readonly suspicions: readonly Suspicion[];
  /** The boundary ledger: every boundary the match set in the thread, and whether it is in force. */
  readonly boundaries: readonly Boundary[];
  /** The compact pipeline state at the end (references and decisions, no payloads). */
  readonly state: {
    readonly language: CopyLanguage | null;
    readonly eventState: string | null;
    readonly task: string | null;
    readonly ruleset: string | null;
    readonly effort: string | null;
    readonly obligations: readonly string[];
    readonly directions: readonly Direction[];
  };
}

const claimSchema = z.object({
  claim: z.string(),
  kind: z
    .enum(CLAIM_KINDS)
    .describe('preferences, availability and plans, possessions, experience, location, work, hobbies, relationships, emotional claims, or other'),
  about: z.enum(['user', 'match', 'shared']),
  premise: z.boolean().describe('true when a question presupposes it rather than states it'),
  source: z.object({ kind: z.enum(['profile_fact', 'match_message', 'match_detail', 'none']), id: z.string() }),
});

/**
 * The evidence of a suggestion request on the wire: snake_case like every other sidecar document,
 * field by field (the OpenAPI document shows it). What is stored in `suggestions.evidence`,
 * returned by `POST /v0/suggestions` and `GET /v0/suggestions/{id}`, exported, and printed by
 * `warrant suggest --json --evidence`. Only the result beside it keeps its four camelCase root
 * properties (`resultType`, `analysisSummary`, `question`, `suggestions`): that is the
 * application's own format, not Warrant's record.
 */
export const suggestEvidenceJsonSchema = z
  .object({
    match_id: z.string().describe('the one Match the request concerned'),
    gates: z.array(gateRecordSchema),
    audits: z.array(auditRecordSchema),
    candidates: z.array(
      z.object({
        index: z.number().int(),
        round: z.literal([1, 2]).describe('1 for the first draft, 2 for the one redraft'),
        direction: z.enum(DIRECTIONS),
        text: z.string(),
        rationale: z.string(),
        claims: z.array(claimSchema),
        handles: z.array(z.string()).describe('ids of the obligations the candidate handles'),
        kept: z.boolean(),
      }),
    ),
    boundaries: z
      .array(
        z.object({
          scope: z.enum(['end_contact', 'pause', 'topic']),
          message_id: z.string().describe("the match's message that set it"),
          said_at: z.string().describe('ISO time of that message'),
          by: z.enum(['code', 'reader']).describe('`reader` when a model reading decided it, `code` when code acted alone on an explicit wording'),
          words: z.string().describe("the words that set it, or the reader's summary"),
          until: z.string().nullable().describe("a pause's end (ISO time); null for the scopes that hold for good"),
          avoid_terms: z.array(z.string()).describe("a topic's terms, as word patterns (`divor*`)"),
          in_force: z.boolean(),
        }),
      )
      .describe('every boundary the match set anywhere in the thread (the boundary ledger), and whether each holds now'),
    calls: z.array(modelCallSchema),
    needs_model: z.boolean().describe('true when generation stopped because no model is configured'),
    unavailable: z
      .object({
        reason: z.enum(['no_model', 'step_failed', 'too_few_survived']),
        step: z.enum(['burst', 'strategy', 'drafting']).nullable(),
        failure: z
          .enum(['timeout', 'provider_error', 'malformed', 'refused', 'no_model', 'aborted', 'unruled_suspicions'])
          .nullable()
          .describe('the step failure: `timeout`, `provider_error`, `malformed`, `refused`, `no_model`, `aborted`, `unruled_suspicions`'),
        retry_after_seconds: z.number().int().nullable().describe('null when retrying cannot help'),
      })
      .nullable()
      .describe('set when the stop state is Warrant being unable to decide, not the match’s situation'),
    suspicions: z
      .array(
        z.object({
          message_id: z.string(),
          scope: z.enum(['end_contact', 'pause', 'topic']),
          words: z.string().describe('the wording that raised the suspicion'),
          certainty: z.enum(['explicit', 'suspected']),
          doubts: z.array(z.enum(BOUNDARY_DOUBTS)).describe('why code is not sure'),
          ruling: z
            .object({
              message_id: z.string(),
              sets: z.enum(['end_contact', 'pause', 'topic', 'none']),
              why: z.enum(RULING_REASONS),
              pause_days: z.number().int().nullable(),
              avoid_terms: z.array(z.string()),
            })
            .nullable()
            .describe("the burst reader's ruling; null when no model read the thread"),
        }),
      )
      .describe('every match message code suspected of setting a boundary, with the reader’s ruling (W12)'),
    state: z.object({
      language: z.enum(['en', 'lt']).nullable(),
      event_state: z.string().nullable(),
      task: z.string().nullable(),
      ruleset: z.string().nullable(),
      effort: z.string().nullable(),
      obligations: z.array(z.string()),
      directions: z.array(z.enum(DIRECTIONS)),
    }),
  })
  .meta({ id: 'SuggestEvidence', description: 'Every gate, audit, drafted candidate and model call that decided a suggestion result (snake_case).' });

/** The wire form of the evidence (see {@link suggestEvidenceJsonSchema}). */
export type SuggestEvidenceJson = z.output<typeof suggestEvidenceJsonSchema>;

// The code form and the wire schema are one format: the evidence code builds is the wire form's
// camelCase type, and the wire form decodes to the evidence code reads, or this does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const oneFormat: Same<SuggestEvidence, Camelized<SuggestEvidenceJson>> = true;
void oneFormat;

/**
 * The suggestion evidence's one schema: its snake_case wire form (`.in`), decoded to the camelCase
 * {@link SuggestEvidence} code works with and encoded back. A gate record's `detail` is the
 * gate's own members, so its keys are renamed too, at every depth.
 */
export const suggestEvidenceSchema = z.codec(
  suggestEvidenceJsonSchema,
  z.custom<SuggestEvidence>((v) => typeof v === 'object' && v !== null),
  {
    decode: (json): SuggestEvidence => {
      const evidence = renameBySchema(suggestEvidenceJsonSchema, json, 'decode') as SuggestEvidence;
      return { ...evidence, gates: evidence.gates.map((g) => ({ ...g, detail: renameKeys(g.detail, camelKey) as GateRecord['detail'] })) };
    },
    encode: (evidence) => suggestEvidenceToJson(evidence),
  },
);

/**
 * The evidence in its wire form: what the sidecar stores and returns and `warrant suggest --json
 * --evidence` prints, so a library user can produce the sidecar's document. Converted by the
 * schema, not validated: the type already holds what the schema would check.
 */
export function suggestEvidenceToJson(evidence: SuggestEvidence): SuggestEvidenceJson {
  const json = renameBySchema(suggestEvidenceJsonSchema, evidence, 'encode') as SuggestEvidenceJson;
  return { ...json, gates: json.gates.map((g) => ({ ...g, detail: renameKeys(g.detail, snakeKey) as Record<string, unknown> })) };
}

const camelKey = (key: string): string => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snakeKey = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `value` with every object key renamed by `rename`, at every depth (a gate's detail holds only member names). */
function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [rename(key), renameKeys(v, rename)]));
}
