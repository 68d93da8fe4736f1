import { describe, expect, it } from 'vitest';
import { newRecordId, recordIdTime } from './record-id.js';

describe('record ids', () => {
  it('sort in creation order, within one millisecond and across a clock that steps back', () => {
    const ids = [newRecordId('eff_', 5_000), newRecordId('eff_', 5_000), newRecordId('eff_', 5_000), newRecordId('eff_', 4_000), newRecordId('eff_', 6_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carry the millisecond they were made at', () => {
    const now = Date.now() + 10_000;
    expect(recordIdTime(newRecordId('eff_', now), 'eff_')).toBe(now);
    expect(recordIdTime('eff_nothex', 'eff_')).toBeUndefined();
    expect(recordIdTime('turn_0000', 'eff_')).toBeUndefined();
  });
});
