import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { DEFAULT_EVIDENCE_KEY, sealHash, type SealEntry } from '../store/evidence-sealer.js';
import { storeTargets } from '../store/testing.js';
import { createEffectStore } from './effect-store.js';
import { testEffect, writeFormOneEvidence as writeFormOne, writeTestEvidence } from '../server/testing-evidence.js';
import { recordTurnTrace } from '../turn/turn-queries.js';
import { eraseConversation } from './erase-conversation.js';
import { effectDigest, turnEventId } from './evidence-digest.js';
import { evidenceTenants, verifyEvidence, type EvidenceProblem } from './verify-evidence.js';

const effect = testEffect;
const writeEvidence = writeTestEvidence;

const kinds = (problems: readonly EvidenceProblem[]) => problems.map((p) => `${p.tenantId} ${p.table} ${p.id} ${p.kind}`).sort();

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const OTHER_TRACE = '00f067aa0ba902b7a3ce929d0e0e4736';

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
    // And two turns of a conversation exchange their places: each takes the other's content (its commit time with it).
    await db.query(
      `update turns t set input = o.input, commit = o.commit, result = o.result, committed_at = o.committed_at
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

  it('W13: every column that is evidence is in a digest: a plain-SQL change of a trace id (effect, suggestion result, turn) or of a commit time (turn, event) is reported by table and id', async () => {
    const { effects, suggestion } = await writeEvidence(db, 'traced', 'c1', TRACE);
    await writeEvidence(db, 'traced', 'c2', TRACE);
    const clean = await verifyEvidence(db, { tenantId: 'traced' });
    expect(clean.problems).toEqual([]);
    // 2 × (6 effects, 1 suggestion, 2 turns, 2 results, 2 events, 1 turn trace).
    expect(clean.tenants[0]!.rows).toBe(28);

    await db.query(`update effects set trace_id = $2 where tenant_id = 'traced' and id = $1`, [effects[0]!.id, OTHER_TRACE]);
    await db.query(`update effects set trace_id = null where tenant_id = 'traced' and id = $1`, [effects[1]!.id]);
    await db.query(`update suggestions set trace_id = $2 where tenant_id = 'traced' and id = $1`, [suggestion, OTHER_TRACE]);
    await db.query(`update turns set trace_id = $1 where tenant_id = 'traced' and id = 'c1-t1'`, [OTHER_TRACE]);
    // A trace given to a turn that had none, and one taken from a turn that had one.
    await db.query(`update turns set trace_id = $1 where tenant_id = 'traced' and id = 'c1-t2'`, [TRACE]);
    await db.query(`update turns set trace_id = null where tenant_id = 'traced' and id = 'c2-t1'`);
    await db.query(`update turns set committed_at = committed_at - interval '1 microsecond' where tenant_id = 'traced' and id = 'c2-t2'`);
    const [event] = await db.query<{ record_id: string; revision: number }>(
      `select record_id, revision from turn_events where tenant_id = 'traced' and turn_id = 'c2-t1'`,
    );
    await db.query(`update turn_events set committed_at = committed_at + interval '1 second' where tenant_id = 'traced' and record_id = $1 and revision = $2`, [
      event!.record_id,
      event!.revision,
    ]);

    expect(kinds((await verifyEvidence(db, { tenantId: 'traced' })).problems)).toEqual(
      [
        `traced effects ${effects[0]!.id} changed`,
        `traced effects ${effects[1]!.id} changed`,
        `traced suggestions ${suggestion} changed`,
        'traced turn_traces c1-t1 changed',
        'traced turn_traces c1-t2 inserted',
        'traced turn_traces c2-t1 deleted',
        'traced turns c2-t2 changed',
        `traced turn_events ${turnEventId(event!.record_id, event!.revision)} changed`,
      ].sort(),
    );
  });

  it("W13: a turn's trace is recorded once and sealed with it; erasing its conversation erases the trace too, and the store verifies clean", async () => {
    await writeEvidence(db, 'trace-once', 'c1', TRACE);
    // A retry's trace does not move the turn, and seals nothing.
    await recordTurnTrace(db, 'trace-once', 'c1-t1', OTHER_TRACE);
    const [turn] = await db.query<{ trace_id: string }>(`select trace_id from turns where tenant_id = 'trace-once' and id = 'c1-t1'`);
    expect(turn!.trace_id).toBe(TRACE);
    expect((await verifyEvidence(db, { tenantId: 'trace-once' })).problems).toEqual([]);
    const outcome = await eraseConversation(db, { tenantId: 'trace-once', conversationId: 'c1', requestedBy: 'test' });
    expect(outcome.rowCount).toBeGreaterThan(0);
    expect((await verifyEvidence(db, { tenantId: 'trace-once' })).problems).toEqual([]);
  });

  it('W13: rows sealed in digest form 1 (before trace ids and commit times were covered) and rows sealed in form 2 verify clean together; each is checked in its own form', async () => {
    const old = await writeFormOne(db, 'forms', TRACE);
    await writeEvidence(db, 'forms', 'c1', TRACE);
    const report = await verifyEvidence(db, { tenantId: 'forms' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]!.rows).toBe(5 + 14);
    const entries = (await db.query<{ entries: SealEntry[] }>(`select entries from evidence_seals where tenant_id = 'forms'`)).flatMap((s) => s.entries);
    expect(new Set(entries.map((e) => e.v))).toEqual(new Set([undefined, 2]));

    // Form 1 leaves the trace id and the commit time out, as it always did; what it covers is still checked.
    await db.query(`update effects set trace_id = $1 where tenant_id = 'forms' and id = $2`, [OTHER_TRACE, old.effect]);
    await db.query(`update turns set trace_id = $1, committed_at = committed_at - interval '1 hour' where tenant_id = 'forms' and id = $2`, [
      OTHER_TRACE,
      old.turn,
    ]);
    expect((await verifyEvidence(db, { tenantId: 'forms' })).problems).toEqual([]);
    await db.query(`update effects set status = 'fallback' where tenant_id = 'forms' and id = $1`, [old.effect]);
    await db.query(`update suggestions set match_id = 'm2' where tenant_id = 'forms' and id = $1`, [old.suggestion]);
    expect(kinds((await verifyEvidence(db, { tenantId: 'forms' })).problems)).toEqual([
      `forms effects ${old.effect} changed`,
      `forms suggestions ${old.suggestion} changed`,
    ]);
  });

  it("W13: a seal entry's digest form is part of its seal: an entry edited down to form 1, to leave a column unchecked, breaks the seal", async () => {
    const effects = createEffectStore(db);
    const row = { ...testEffect('downgraded', 'x'), traceId: TRACE };
    await effects.insert(row);
    const [seal] = await db.query<{ chain_id: string; entries: SealEntry[] }>(`select chain_id, entries from evidence_seals where tenant_id = 'downgraded'`);
    expect(seal!.entries.map((e) => e.v)).toEqual([2]);
    const texts = { effectText: JSON.stringify(row.effect), contractText: JSON.stringify(row.contract), candidatesText: JSON.stringify(row.candidates) };
    const formOne = [{ t: 'effects', id: row.id, d: effectDigest({ ...row, ...texts }, 1) }];
    await db.query(`update evidence_seals set entries = $2::json where tenant_id = 'downgraded' and chain_id = $1`, [seal!.chain_id, JSON.stringify(formOne)]);
    await db.query(`update effects set trace_id = $1 where tenant_id = 'downgraded'`, [OTHER_TRACE]);
    expect(kinds((await verifyEvidence(db, { tenantId: 'downgraded' })).problems)).toEqual([`downgraded evidence_seals ${seal!.chain_id}#1 seal_changed`]);
    // A form this version does not know is reported, not taken as a match.
    await db.query(`update evidence_seals set entries = $2::json where tenant_id = 'downgraded' and chain_id = $1`, [
      seal!.chain_id,
      JSON.stringify([{ ...seal!.entries[0], v: 99 }]),
    ]);
    expect(kinds((await verifyEvidence(db, { tenantId: 'downgraded' })).problems)).toContain(`downgraded effects ${row.id} changed`);
  });

  it('W13: a seal whose entries name no digest form hashes exactly as seals did before forms existed', () => {
    const seal = {
      tenant_id: 'acme',
      chain_id: 'w.0',
      seq: 1,
      prev: '0'.repeat(64),
      covers_from: '2026-01-01T00:00:00.000Z',
      covers_to: '2026-01-01T00:00:00.000Z',
      entries: [
        { t: 'turns' as const, id: 't1', d: 'ab', o: 7 },
        { t: 'effects' as const, id: 'e1', d: 'cd' },
      ],
    };
    const before = createHmac('sha256', DEFAULT_EVIDENCE_KEY)
      .update(['0'.repeat(64), 'acme', 'w.0', '1', seal.covers_from, seal.covers_to, '[["turns","t1","ab",7],["effects","e1","cd",null]]'].join('\n'))
      .digest('hex');
    expect(sealHash(DEFAULT_EVIDENCE_KEY, seal)).toBe(before);
    expect(sealHash(DEFAULT_EVIDENCE_KEY, { ...seal, entries: seal.entries.map((e) => ({ ...e, v: 2 })) })).not.toBe(before);
  });

  it('W13: a store keyed with another secret does not verify', async () => {
    const effects = createEffectStore(db);
    await effects.insert(effect('keyed', 'x'));
    expect((await verifyEvidence(db, { tenantId: 'keyed' })).ok).toBe(true);
    const report = await verifyEvidence(db, { tenantId: 'keyed', key: 'another secret' });
    expect(report.problems.map((p) => p.kind)).toEqual(['seal_changed']);
  });
});
