import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { createEffectStore } from './effect-store.js';
import type { LogRecord } from './json-logger.js';
import { applyRetention, retentionDaysFromEnv, retentionPolicyOf, scheduleRetention } from './retention.js';
import { testEffect } from '../server/testing-evidence.js';
import { verifyEvidence } from './verify-evidence.js';

const DAY = 86_400_000;

describe('retention policy', () => {
  it('WARRANT_RETENTION_DAYS is a whole number of days from 1, or unset; anything else refuses the start naming it', () => {
    expect(retentionDaysFromEnv({})).toBeUndefined();
    expect(retentionDaysFromEnv({ WARRANT_RETENTION_DAYS: ' 90 ' })).toBe(90);
    for (const bad of ['0', '-1', '1.5', 'ninety', '30d'])
      expect(() => retentionDaysFromEnv({ WARRANT_RETENTION_DAYS: bad })).toThrow(/WARRANT_RETENTION_DAYS/);
  });

  it("a tenant's keys give its own days; two keys of one tenant giving different days are refused", () => {
    expect(retentionPolicyOf(30, [{ tenantId: 'a', retentionDays: 7 }, { tenantId: 'a', retentionDays: 7 }, { tenantId: 'b' }]).tenants).toEqual(
      new Map([['a', 7]]),
    );
    expect(() =>
      retentionPolicyOf(30, [
        { tenantId: 'a', retentionDays: 7 },
        { tenantId: 'a', retentionDays: 8 },
      ]),
    ).toThrow(/tenant a .*retention_days/);
  });
});

describe.each(storeTargets())('retention on $name (W13)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('W13: each tenant keeps its evidence for its own period, the default for the rest, none past it; the rule is in the checkpoint', async () => {
    const effects = createEffectStore(db);
    for (const tenant of ['short', 'default', 'forever']) {
      await effects.insert(testEffect(tenant, '20 days old', new Date(Date.now() - 20 * DAY)));
      await effects.insert(testEffect(tenant, '5 days old', new Date(Date.now() - 5 * DAY)));
    }
    await applyRetention(db, {
      defaultDays: 10,
      tenants: new Map([
        ['short', 3],
        ['forever', 100],
      ]),
    });
    const left = async (tenant: string) => (await db.query(`select count(*) as n from effects where tenant_id = $1`, [tenant]))[0]!.n;
    expect([await left('short'), await left('default'), await left('forever')]).toEqual([0, 1, 2]);
    const report = await verifyEvidence(db, { tenantId: 'default' });
    expect(report.ok).toBe(true);
    expect(report.tenants[0]!.pruned.find((p) => p.chainId === '*')!.rule).toBe('retention 10 days (WARRANT_RETENTION_DAYS)');
    expect((await verifyEvidence(db, { tenantId: 'short' })).tenants[0]!.pruned[0]!.rule).toBe("retention 3 days (the tenant's keys)");
  });

  it('W13: the sidecar prunes on a schedule and logs what it removed; stop waits for a run in progress', async () => {
    const effects = createEffectStore(db);
    await effects.insert(testEffect('scheduled', 'old', new Date(Date.now() - 9 * DAY)));
    const logs: LogRecord[] = [];
    const schedule = scheduleRetention(
      db,
      { tenants: new Map([['scheduled', 1]]) },
      { firstRunMs: 1, intervalMs: 50, logger: { log: (r) => void logs.push(r) } },
    );
    try {
      await expect.poll(() => logs.find((l) => l.msg === 'evidence_pruned'), { timeout: 20_000 }).toMatchObject({ tenant: 'scheduled', rows: 1 });
    } finally {
      await schedule.stop();
    }
    expect((await db.query(`select 1 from effects where tenant_id = 'scheduled'`)).length).toBe(0);
  });
});
