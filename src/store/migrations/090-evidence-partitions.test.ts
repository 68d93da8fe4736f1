import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEffectStore } from '../../evidence/effect-store.js';
import { verifyEvidence } from '../../evidence/verify-evidence.js';
import { testEffect, writeTestEvidence } from '../../server/testing-evidence.js';
import type { Database } from '../database.js';
import { monthPartitionName, monthStart } from '../evidence-partitions.js';
import { migrate } from '../migration.js';
import { openPgliteDatabase } from '../pglite-database.js';
import { openPostgresDatabase } from '../postgres-database.js';
import { migrations } from './index.js';

const DAY = 86_400_000;
const url = process.env.DATABASE_URL?.trim();
const targets: { name: string; open: () => Promise<Database> }[] = [
  { name: 'pglite', open: () => openPgliteDatabase() },
  ...(url ? [{ name: 'postgres', open: () => openPostgresDatabase({ url, schema: `t_${randomBytes(6).toString('hex')}` }) }] : []),
];

describe.each(targets)('migration 090 on a store at 080 ($name)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
    // At 080, with the effects writer's function (092) added ahead of its turn: the writer stores
    // rows through it, and what it writes (rows and seals) is what the writer wrote at 080.
    await migrate(
      db,
      migrations.filter((m) => m.id < '090' || m.id === '092_effects_insert_function'),
    );
  });
  afterAll(async () => {
    await db.close();
  });

  it('W13: the evidence tables become partitioned by month; every row is kept, in its month, and the store still verifies clean', async () => {
    await writeTestEvidence(db, 'acme');
    const old = testEffect('acme', 'from two months ago', new Date(Date.now() - 62 * DAY));
    await createEffectStore(db).insert(old);
    const before = await db.query(`select tenant_id, id, created_at, effect::text as effect from effects order by id`);
    const seals = await db.query(`select chain_id, seq, hash from evidence_seals order by chain_id, seq`);

    await migrate(db, migrations);

    expect(await db.query(`select tenant_id, id, created_at, effect::text as effect from effects order by id`)).toEqual(before);
    expect(await db.query(`select chain_id, seq, hash from evidence_seals order by chain_id, seq`)).toEqual(seals);
    const kinds = await db.query<{ relname: string; relkind: string }>(
      `select relname, relkind::text as relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and relname in ('effects', 'suggestions', 'evidence_seals', 'effects_080') order by 1`,
    );
    expect(kinds).toEqual([
      { relname: 'effects', relkind: 'p' },
      { relname: 'evidence_seals', relkind: 'p' },
      { relname: 'suggestions', relkind: 'p' },
    ]);
    // The old row sits in its own month's partition, not in the default one.
    const [where] = await db.query<{ part: string }>(`select tableoid::regclass::text as part from effects where id = $1`, [old.id]);
    expect(where!.part).toBe(monthPartitionName('effects', monthStart(old.createdAt)));
    expect((await db.query('select count(*)::int as n from effects_default'))[0]!.n).toBe(0);
    const report = await verifyEvidence(db, { tenantId: 'acme' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]!.rows).toBe(14);
  });
});
