import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { createEffectStore } from './effect-store.js';
import { testEffect, writeTestEvidence } from '../server/testing-evidence.js';
import { evidenceTenants, verifyEvidence, type EvidenceProblem } from './verify-evidence.js';

const effect = testEffect;
const writeEvidence = writeTestEvidence;

const kinds = (problems: readonly EvidenceProblem[]) => problems.map((p) => `${p.tenantId} ${p.table} ${p.id} ${p.kind}`).sort();

describe.each(storeTargets())('evidence integrity on $name (W13)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('W13: evidence written through Warrant verifies clean, every kind of row counted', async () => {
    await writeEvidence(db, 'clean');
    const report = await verifyEvidence(db, { tenantId: 'clean' });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // 6 effects, 1 suggestion, 2 turns with 2 results, 2 events.
    expect(report.tenants[0]).toMatchObject({ tenantId: 'clean', rows: 13 });
  });

  it('W13: every tenant with a row in any evidence table is listed once, in order, each table skipped by its tenant index', async () => {
    await writeEvidence(db, 'listed.b');
    await db.query(
      `insert into evidence_erasures (tenant_id, id, requested_by, requested_at, subject_sha256, row_count, erased) values ('listed.a', 'er_1', 'ops', now(), 'x', 0, '[]')`,
    );
    await db.query(
      `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, row_count) values ('listed.c', '*', 1, '', 'test', now(), 0)`,
    );
    const tenants = await evidenceTenants(db);
    expect(tenants.filter((t) => t.startsWith('listed.'))).toEqual(['listed.a', 'listed.b', 'listed.c']);
    expect(new Set(tenants).size).toBe(tenants.length);
    // Unsealed by design: gone again before the tests that verify every tenant.
    await db.query(`delete from evidence_erasures where tenant_id = 'listed.a'`);
    await db.query(`delete from evidence_checkpoints where tenant_id = 'listed.c'`);
  });

  it('W13: a changed candidate, a deleted row, a forged row and two swapped rows are each reported by tenant, table and id', async () => {
    const { effects, suggestion } = await writeEvidence(db, 'tampered');
    await writeEvidence(db, 'bystander');
    const [a, b, c] = effects;
    await db.query(`update effects set candidates = '["a changed candidate"]' where tenant_id = 'tampered' and id = $1`, [a!.id]);
    await db.query(`delete from suggestions where tenant_id = 'tampered' and id = $1`, [suggestion]);
    await db.query(
      `insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates)
       select tenant_id, 'eff_forged', created_at, status, interaction_kind, effect, contract, candidates from effects where tenant_id = 'tampered' and id = $1`,
      [c!.id],
    );
    // Reordered: b and c exchange places (their ids), in three steps as a unique key needs.
    await db.transaction(async (tx) => {
      await tx.query(`update effects set id = 'eff_tmp' where tenant_id = 'tampered' and id = $1`, [b!.id]);
      await tx.query(`update effects set id = $2 where tenant_id = 'tampered' and id = $1`, [c!.id, b!.id]);
      await tx.query(`update effects set id = $1 where tenant_id = 'tampered' and id = 'eff_tmp'`, [c!.id]);
    });
    // And two turns of a conversation exchange their places: each takes the other's content.
    await db.query(
      `update turns t set input = o.input, commit = o.commit, result = o.result
         from turns o where t.tenant_id = 'tampered' and o.tenant_id = 'tampered' and t.id in ('c1-t1', 'c1-t2') and o.id in ('c1-t1', 'c1-t2') and o.id <> t.id`,
    );

    const report = await verifyEvidence(db);
    expect(report.ok).toBe(false);
    expect(kinds(report.problems)).toEqual(
      [
        `tampered effects ${a!.id} changed`,
        `tampered suggestions ${suggestion} deleted`,
        'tampered effects eff_forged inserted',
        `tampered effects ${b!.id} reordered`,
        `tampered effects ${c!.id} reordered`,
        'tampered turns c1-t1 reordered',
        'tampered turns c1-t2 reordered',
        'tampered turn_results c1-t1 reordered',
        'tampered turn_results c1-t2 reordered',
      ].sort(),
    );
    expect((await verifyEvidence(db, { tenantId: 'bystander' })).ok).toBe(true);
  });

  it('W13: a seal edited to match a changed row, or deleted from the middle of its chain, is reported', async () => {
    const effects = createEffectStore(db);
    for (let i = 0; i < 3; i++) await effects.insert(effect('sealed', `reply ${i}`));
    const seals = await db.query<{ chain_id: string; seq: number }>(
      `select chain_id, seq from evidence_seals where tenant_id = 'sealed' order by chain_id, seq`,
    );
    expect(seals.map((s) => Number(s.seq))).toEqual([1, 2, 3]);
    const chain = seals[0]!.chain_id;
    await db.query(`update evidence_seals set entries = '[]' where tenant_id = 'sealed' and chain_id = $1 and seq = 1`, [chain]);
    await db.query(`delete from evidence_seals where tenant_id = 'sealed' and chain_id = $1 and seq = 2`, [chain]);
    const found = kinds((await verifyEvidence(db, { tenantId: 'sealed' })).problems);
    expect(found).toContain(`sealed evidence_seals ${chain}#1 seal_changed`);
    expect(found).toContain(`sealed evidence_seals ${chain}#2 seal_missing`);
    // The rows those seals covered now stand unsealed.
    expect(found.filter((f) => f.endsWith(' inserted'))).toHaveLength(2);
  });

  it('W13: --since checks the rows from that time on and the seals that cover them', async () => {
    const effects = createEffectStore(db);
    const old = effect('windowed', 'old', new Date(Date.now() - 86_400_000));
    await effects.insert(old);
    const recent = effect('windowed', 'recent');
    await effects.insert(recent);
    await db.query(`update effects set status = 'fallback' where tenant_id = 'windowed' and id = $1`, [old.id]);
    const since = new Date(Date.now() - 3_600_000);
    expect((await verifyEvidence(db, { tenantId: 'windowed', since })).ok).toBe(true);
    await db.query(`update effects set status = 'fallback' where tenant_id = 'windowed' and id = $1`, [recent.id]);
    expect(kinds((await verifyEvidence(db, { tenantId: 'windowed', since })).problems)).toEqual([`windowed effects ${recent.id} changed`]);
    expect((await verifyEvidence(db, { tenantId: 'windowed' })).problems).toHaveLength(2);
  });

  it('W13: a store keyed with another secret does not verify', async () => {
    const effects = createEffectStore(db);
    await effects.insert(effect('keyed', 'x'));
    expect((await verifyEvidence(db, { tenantId: 'keyed' })).ok).toBe(true);
    const report = await verifyEvidence(db, { tenantId: 'keyed', key: 'another secret' });
    expect(report.problems.map((p) => p.kind)).toEqual(['seal_changed']);
  });
});
