import { z } from 'zod';
import { DISGUISE_CLASSES } from '../contract/index.js';
import { modelCallSchema } from '../evidence/model-call.js';
import { renameBySchema } from '../wire-case.js';
import type { ProbeReport } from './probe-contract.js';
import { PROBE_FINDING_KINDS } from './probe-finding.js';

/** A probe report in its snake_case wire form (the CLI's `--json` and the sidecar's answer). */
export const probeReportJsonSchema = z
  .strictObject({
    contract_version: z.enum(['v0', 'v1']),
    findings: z.array(
      z.strictObject({
        kind: z.enum(PROBE_FINDING_KINDS),
        terms: z.array(z.string()),
        paths: z.array(z.string()),
        candidate: z.string(),
        message: z.string(),
        disguises: z.array(z.enum(DISGUISE_CLASSES)).optional(),
      }),
    ),
    notes: z.array(z.string()),
    open_disguise_classes: z.array(z.enum(DISGUISE_CLASSES)).describe('the disguise classes some accepted candidate used'),
    closed_by_loose: z.array(z.enum(DISGUISE_CLASSES)).describe('of those, the classes matching.forbidden_terms "loose" closes'),
    paraphrase: z.union([
      z.strictObject({ status: z.literal('ran'), tried: z.number().int().nonnegative() }),
      z.strictObject({ status: z.literal('skipped'), reason: z.string() }),
    ]),
    model_calls: z.array(modelCallSchema).describe('every model call the paraphrase attacks made, in order'),
  })
  .meta({ id: 'ProbeReport', description: "A contract's holes, each with a candidate that demonstrates it." });

/** A probe report in its snake_case wire form. */
export type ProbeReportJson = z.infer<typeof probeReportJsonSchema>;

/** The report → its wire form. */
export function probeReportToJson(report: ProbeReport): ProbeReportJson {
  return {
    contract_version: report.contractVersion,
    findings: report.findings.map((f) => ({
      kind: f.kind,
      terms: [...f.terms],
      paths: [...f.paths],
      candidate: f.candidate,
      message: f.message,
      ...(f.disguises ? { disguises: [...f.disguises] } : {}),
    })),
    notes: [...report.notes],
    open_disguise_classes: [...report.openDisguises],
    closed_by_loose: [...report.closedByLoose],
    paraphrase: report.paraphrase,
    model_calls: report.calls.map((call) => renameBySchema(modelCallSchema, call, 'encode') as ProbeReportJson['model_calls'][number]),
  };
}
