import type { EvidenceExportCheckpoint, EvidenceExportLine, EvidenceExportSeal, EvidenceProof } from './export-line.js';

/** One sealed row of an exported line, its digest recomputed from the line. */
export interface LineDigest {
  readonly table: string;
  readonly id: string;
  readonly form: number;
  readonly digest: string;
  readonly proof: EvidenceProof;
  readonly order?: number;
}
export interface ExportProblem {
  readonly table: string;
  readonly id: string;
  readonly detail: string;
}
export const DEFAULT_EVIDENCE_KEY: string;
export function canonicalJson(value: unknown): string;
export function lineDigests(line: string | EvidenceExportLine): LineDigest[];
export function sealHash(key: string, tenantId: string, seal: EvidenceExportSeal['record']): string;
export function checkpointMac(key: string, tenantId: string, checkpoint: EvidenceExportCheckpoint['record']): string;
export function checkExport(
  lines: Iterable<string> | AsyncIterable<string>,
  options?: { key?: string | undefined; tenantId?: string | undefined },
): Promise<{ records: number; rows: number; seals: number; checkpoints: number; problems: ExportProblem[] }>;
