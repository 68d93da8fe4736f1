import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { SealEntry } from '../store/evidence-sealer.js';
import { EXPORT_KINDS, exportLineSchema, type sealEntrySchema } from './export-line.js';

const seal = {
  kind: 'evidence_seals',
  id: 'c.0#1',
  record: {
    chain_id: 'c.0',
    seq: 1,
    prev: '0'.repeat(64),
    hash: 'f'.repeat(64),
    covers_from: '2026-12-01T16:34:16.281Z',
    covers_to: '2026-12-01T16:34:16.281Z',
    entries: [{ t: 'turns', id: 't1', d: 'a'.repeat(64), o: 1, v: 2 }],
  },
  cursor: 'x',
};

describe('the schema of an evidence export line', () => {
  it('lists the kinds in the order exports have always walked them: a cursor names its kind by this position', () => {
    expect(EXPORT_KINDS).toEqual(['effects', 'suggestions', 'turns', 'evidence_erasures', 'evidence_seals', 'evidence_checkpoints']);
  });

  it('a seal entry the sealer writes is one a seal line carries', () => {
    expectTypeOf<SealEntry>().toExtend<z.output<typeof sealEntrySchema>>();
  });

  it('refuses a line with a member it does not declare, or without one it does', () => {
    expect(exportLineSchema.safeParse(seal).success).toBe(true);
    expect(exportLineSchema.safeParse({ ...seal, proof: null }).error?.issues.map((i) => i.message)).toEqual(['Unrecognized key: "proof"']);
    const { cursor: _cursor, ...uncursored } = seal;
    expect(exportLineSchema.safeParse(uncursored).error?.issues.map((i) => i.path.join('.'))).toEqual(['cursor']);
    expect(exportLineSchema.safeParse({ ...seal, kind: 'evidence_sealz' }).success).toBe(false);
  });

  it('holds times to the precision their digests and MACs cover', () => {
    const at = (covers_to: string) => exportLineSchema.safeParse({ ...seal, record: { ...seal.record, covers_to } }).success;
    expect(at('2026-12-01T16:34:16.281Z')).toBe(true);
    expect(at('2026-12-01T16:34:16.281123Z')).toBe(false);
    expect(at('2026-12-01 16:34:16.281Z')).toBe(false);
  });
});
