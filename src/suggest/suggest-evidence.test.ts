import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../package-root.js';
import { fixtureRequest, matchFixtureSchema } from './match-fixture.js';
import { suggestEvidenceJsonSchema, suggestEvidenceSchema, suggestEvidenceToJson, type SuggestEvidence } from './suggest-evidence.js';
import { suggestReplies } from './suggest-replies.js';

/** Every object key at every depth of `value`. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => [key, ...keysOf(v)]);
}

/** What the sidecar returned for a stored evidence before the wire form had its own schema: every key snake_cased. */
function snakeCasedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCasedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), snakeCasedKeys(v)]));
}

describe('suggestion evidence: one schema for its wire form and its code form', () => {
  // The evidence of every recorded match: suggestions, each stop state, failed steps, boundaries, suspicions.
  const evidences: [string, SuggestEvidence][] = [];
  beforeAll(async () => {
    const dir = join(packageRoot(), 'fixtures', 'matches');
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const fixture = matchFixtureSchema.parse(JSON.parse(await readFile(join(dir, file), 'utf8')));
      evidences.push([file, (await suggestReplies(fixtureRequest(fixture))).evidence]);
    }
  }, 120_000);

  it('the recorded matches between them leave every part of the evidence', () => {
    const all = evidences.map(([, e]) => e);
    expect(all.some((e) => e.audits.length > 0 && e.candidates.length > 0 && e.calls.length > 0)).toBe(true);
    expect(all.some((e) => e.boundaries.length > 0)).toBe(true);
    expect(all.some((e) => e.suspicions.some((s) => s.ruling !== null))).toBe(true);
    expect(all.some((e) => e.unavailable !== null)).toBe(true);
  });

  it('the wire form is snake_case at every depth, gate details included, and the schema lists every member', () => {
    for (const [file, evidence] of evidences) {
      const json = suggestEvidenceToJson(evidence);
      expect(
        keysOf(json).filter((k) => /[A-Z]/.test(k)),
        file,
      ).toEqual([]);
      // Parsing drops members the schema does not list, so equality means it lists them all.
      expect(suggestEvidenceJsonSchema.parse(json), file).toEqual(json);
    }
  });

  it('the wire form is the document the sidecar has always returned for the same evidence', () => {
    for (const [file, evidence] of evidences) expect(suggestEvidenceToJson(evidence), file).toEqual(snakeCasedKeys(evidence));
  });

  it('decoding the wire form gives back the evidence code made, member for member', () => {
    for (const [file, evidence] of evidences) {
      const json = JSON.parse(JSON.stringify(suggestEvidenceToJson(evidence))) as unknown;
      expect(suggestEvidenceSchema.parse(json), file).toEqual(evidence);
      expect(suggestEvidenceSchema.encode(suggestEvidenceSchema.parse(json)), file).toEqual(json);
    }
  });

  it('W9: wire evidence that breaks the schema is refused with the path of what is wrong', () => {
    const [, evidence] = evidences[0]!;
    const json = suggestEvidenceToJson(evidence);
    const broken = { ...json, gates: [{ ...json.gates[0]!, gate: 'no_such_gate' }] };
    const parsed = suggestEvidenceSchema.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['gates.0.gate']);
    // The old camelCase form is not the wire form: the store reads it, the schema does not.
    expect(suggestEvidenceSchema.safeParse(evidence).success).toBe(false);
  });
});
