import { z } from 'zod';
import { AUDIT_NAMES } from './audits/audit.js';
import { GATE_NAMES } from './gate.js';
import { CLAIM_KINDS, DIRECTIONS } from './skill-schemas.js';
import type { SuggestEvidence } from './suggest-replies.js';
import { modelCallSchema } from '../evidence/model-call.js';

/**
 * The evidence of a suggestion request on the wire: snake_case like every other sidecar document.
 * Only the result itself keeps its four camelCase root properties (`resultType`,
 * `analysisSummary`, `question`, `suggestions`); the evidence around it is Warrant's own record.
 * The one conversion, shared by the sidecar (`POST /v0/suggestions`, `GET /v0/suggestions/{id}`,
 * the evidence export) and `warrant suggest --json --evidence`, so both print the same document;
 * the store keeps the library's form and each of them converts when it writes out.
 */
export function suggestEvidenceToJson(evidence: SuggestEvidence | Record<string, unknown>): SuggestEvidenceJson {
  return snakeKeys(evidence) as SuggestEvidenceJson;
}

function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeKeys(v)]));
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

/** {@link suggestEvidenceToJson}'s output, field by field, for the OpenAPI document. */
export const suggestEvidenceJsonSchema = z
  .object({
    match_id: z.string().describe('the one Match the request concerned'),
    gates: z.array(
      z.object({
        gate: z.enum(GATE_NAMES),
        decision: z.enum(['pass', 'needs_model', 'stop']),
        reason: z.string().describe('stable snake_case reason code'),
        detail: z.record(z.string(), z.unknown()).describe("what the gate saw: each gate's own members (ids, states, counts), snake_case, never private text"),
      }),
    ),
    audits: z.array(
      z.object({
        audit: z.enum(AUDIT_NAMES),
        candidate: z.number().int().nullable().describe("the candidate's index in drafting order; null for the whole result"),
        round: z.number().int().describe('1 for the first draft, 2 for the one redraft'),
        by: z.enum(['code', 'model_review']),
        passed: z.boolean(),
        findings: z.array(z.object({ code: z.string(), detail: z.string() })),
      }),
    ),
    candidates: z.array(
      z.object({
        index: z.number().int(),
        round: z.number().int(),
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
          .string()
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
          doubts: z.array(z.string()).describe('why code is not sure: `quoted`, `joke`, `question`, `negated`, `someone_else`, `hypothetical`, `other_sense`'),
          ruling: z
            .object({
              message_id: z.string(),
              sets: z.enum(['end_contact', 'pause', 'topic', 'none']),
              why: z.string(),
              pause_days: z.number().int().nullable(),
              avoid_terms: z.array(z.string()),
            })
            .nullable()
            .describe("the burst reader's ruling; null when no model read the thread"),
        }),
      )
      .describe('every match message code suspected of setting a boundary, with the reader’s ruling (W12)'),
    state: z.object({
      language: z.string().nullable(),
      event_state: z.string().nullable(),
      task: z.string().nullable(),
      ruleset: z.string().nullable(),
      effort: z.string().nullable(),
      obligations: z.array(z.string()),
      directions: z.array(z.enum(DIRECTIONS)),
    }),
  })
  .meta({ id: 'SuggestEvidence', description: 'Every gate, audit, drafted candidate and model call that decided a suggestion result (snake_case).' });

/** The wire form of the evidence. */
export type SuggestEvidenceJson = z.output<typeof suggestEvidenceJsonSchema>;
