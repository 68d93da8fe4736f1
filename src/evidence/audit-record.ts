import { z } from 'zod';
import type { Camelized } from '../wire-case.js';

/** The audits every suggestion candidate passes before anything is returned (`drafting` is the model review's alone). */
export const AUDIT_NAMES = ['schema', 'language', 'conduct', 'privacy', 'implication', 'obligations', 'drafting', 'diversity'] as const;
/** One audit's name. */
export type AuditName = (typeof AUDIT_NAMES)[number];

/** One thing an audit found wrong, on the wire: a stable code and what exactly (never the private material itself). */
export const auditFindingSchema = z.object({
  code: z.string(),
  detail: z.string().describe('what exactly: the phrase, the claim, the obligation id; never the private material itself'),
});

/** One thing an audit found wrong, with a stable code. */
export type AuditFinding = Camelized<z.output<typeof auditFindingSchema>>;

/** The verdict one audit left on one candidate (or on the whole result), on the wire (snake_case). */
export const auditRecordSchema = z
  .object({
    audit: z.enum(AUDIT_NAMES),
    candidate: z.number().int().nullable().describe("the candidate's index in drafting order across rounds; null for the whole result"),
    round: z.literal([1, 2]).describe('1 for the first draft, 2 for the one redraft'),
    by: z.enum(['code', 'model_review']).describe("`code` for deterministic checks, `model_review` for the review skill's half"),
    passed: z.boolean(),
    findings: z.array(auditFindingSchema),
  })
  .meta({ id: 'AuditRecord', description: 'The verdict one audit left on one candidate, or on the whole result.' });

/** The verdict one audit left on one candidate (or on the result, `candidate: null`); see {@link auditRecordSchema}. */
export type AuditRecord = Camelized<z.output<typeof auditRecordSchema>>;
