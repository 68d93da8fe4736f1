import { describe, expect, it } from 'vitest';
import { CHAIN_PERIOD_MS, chainPeriodEnd, createEvidenceSealer } from './evidence-sealer.js';

const at = (iso: string) => new Date(iso).getTime();

describe('evidence sealer chains (W13)', () => {
  it('W13: a lane keeps its chain within a UTC day, and a write on a later day takes a new chain that names its day', () => {
    let now = at('2026-12-02T23:59:59.000Z');
    const sealer = createEvidenceSealer({ now: () => now });
    const lane = sealer.acquire();
    const first = lane.seal('t', [], new Date(now), new Date(now));
    lane.commit();
    const again = sealer.acquire();
    const second = again.seal('t', [], new Date(now), new Date(now));
    again.commit();
    expect(second).toMatchObject({ chain_id: first.chain_id, seq: 2, prev: first.hash });
    expect(first.chain_id).toMatch(/^[0-9a-f]{12}\.20261202\.\d+$/);

    now = at('2026-12-03T00:00:00.001Z');
    const next = sealer.acquire();
    const third = next.seal('t', [], new Date(now), new Date(now));
    next.commit();
    expect(third.chain_id).toMatch(/^[0-9a-f]{12}\.20261203\.\d+$/);
    expect(third).toMatchObject({ seq: 1, prev: '0'.repeat(64) });
    // The earlier day's lane is not handed out again.
    const after = sealer.acquire();
    expect(after.seal('t', [], new Date(now), new Date(now))).toMatchObject({ chain_id: third.chain_id, seq: 2 });
  });

  it('W13: a chain stops taking seals at the end of the day its id names; a chain whose id names none (written before chains rotated) has no end', () => {
    expect(chainPeriodEnd('9f2c4e1a7b3d.20261202.0')?.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(chainPeriodEnd('9f2c4e1a7b3d.20261202.0')!.getTime() - at('2026-12-02T00:00:00.000Z')).toBe(CHAIN_PERIOD_MS);
    expect(chainPeriodEnd('9f2c4e1a7b3d.0')).toBeUndefined();
    expect(chainPeriodEnd('*')).toBeUndefined();
  });
});
