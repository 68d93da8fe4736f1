import { ConfigurationError } from '../errors.js';
import type { Database } from '../store/index.js';
import type { Logger } from './json-logger.js';
import { ensureEvidencePartitions } from '../store/evidence-partitions.js';
import { pruneTenants, type TenantCutoff, type TenantPrune } from './prune-evidence.js';
import { evidenceTenants } from './verify-evidence.js';

const DAY_MS = 86_400_000;

/** How long each tenant's evidence is kept. */
export interface RetentionPolicy {
  /** Days for a tenant the keys file gives none (`WARRANT_RETENTION_DAYS`). Default none: kept until pruned by hand. */
  readonly defaultDays?: number | undefined;
  /** Days per tenant (`retention_days` of its keys in the keys file); overrides the default. */
  readonly tenants?: ReadonlyMap<string, number> | undefined;
}

/**
 * `WARRANT_RETENTION_DAYS`: a whole number of days ≥ 1, or unset (keep everything). Anything
 * else refuses the start, naming the variable: a typo must not silently keep — or drop — evidence.
 */
export function retentionDaysFromEnv(env: Record<string, string | undefined>): number | undefined {
  const text = env.WARRANT_RETENTION_DAYS?.trim();
  if (!text) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(text)) throw new ConfigurationError(`WARRANT_RETENTION_DAYS must be a whole number of days from 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

/**
 * Prunes every tenant whose policy gives a retention period: evidence older than its days at
 * `now` goes, with the rule (`retention N days`, and whether the tenant's own or the default)
 * kept in its checkpoint. Tenants without a period are left alone. All cutoffs go to one
 * {@link pruneTenants}, so a month every tenant in it is past is dropped whole, and a month a
 * tenant still keeps (a longer period, or none) is pruned by `DELETE` for the others.
 */
export async function applyRetention(db: Database, policy: RetentionPolicy, now: Date = new Date()): Promise<TenantPrune[]> {
  const cutoffs: TenantCutoff[] = [];
  for (const tenantId of await evidenceTenants(db)) {
    const own = policy.tenants?.get(tenantId);
    const days = own ?? policy.defaultDays;
    if (days === undefined) continue;
    const rule = `retention ${days} days (${own === undefined ? 'WARRANT_RETENTION_DAYS' : "the tenant's keys"})`;
    cutoffs.push({ tenantId, before: new Date(now.getTime() - days * DAY_MS), rule });
  }
  return pruneTenants(db, cutoffs);
}

/** Options of {@link scheduleRetention}. */
export interface RetentionScheduleOptions {
  /** Between two runs, in ms. Default one hour: nothing outlives its period by more than that. */
  readonly intervalMs?: number;
  /** First run after this many ms. Default 10 000: after the start's own work, not during it. */
  readonly firstRunMs?: number;
  readonly logger?: Logger;
}

/**
 * Runs {@link applyRetention} on a timer (not keeping the process alive) until `stop`, each run
 * first making the evidence partitions of the months ahead (`ensureEvidencePartitions`), so a
 * sidecar that runs for months keeps writing into month partitions. A failed run is logged and
 * retried at the next tick. When the policy keeps everything, the timer only makes the months.
 */
export function scheduleRetention(
  db: Database,
  policy: RetentionPolicy,
  { intervalMs = 3_600_000, firstRunMs = 10_000, logger }: RetentionScheduleOptions = {},
): { stop(): Promise<void> } {
  const keepsAll = policy.defaultDays === undefined && (policy.tenants?.size ?? 0) === 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    running = ensureEvidencePartitions(db)
      .then(() => (keepsAll ? [] : applyRetention(db, policy)))
      .then((pruned) => {
        for (const p of pruned) {
          const rows = Object.values(p.rows).reduce((a, b) => a + b, 0);
          if (rows > 0) logger?.log({ level: 'info', msg: 'evidence_pruned', tenant: p.tenantId, before: p.before, rule: p.rule, rows });
        }
      })
      .catch((error: unknown) => logger?.log({ level: 'error', msg: 'evidence_prune_failed', error: (error as Error)?.message ?? String(error) }))
      .finally(() => {
        running = undefined;
        if (!stopped) (timer = setTimeout(tick, intervalMs)).unref();
      });
  };
  (timer = setTimeout(tick, firstRunMs)).unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The policy of a deployment: `defaultDays`, and each tenant's own days from its key grants. Two
 * keys of one tenant naming different days refuse the start, naming the tenant.
 */
export function retentionPolicyOf(
  defaultDays: number | undefined,
  grants: readonly { tenantId: string; retentionDays?: number | undefined }[],
): RetentionPolicy {
  const tenants = new Map<string, number>();
  for (const g of grants) {
    if (g.retentionDays === undefined) continue;
    const seen = tenants.get(g.tenantId);
    if (seen !== undefined && seen !== g.retentionDays) {
      throw new ConfigurationError(`tenant ${g.tenantId} has keys with different retention_days (${seen} and ${g.retentionDays}); give one value`);
    }
    tenants.set(g.tenantId, g.retentionDays);
  }
  return { defaultDays, tenants };
}
