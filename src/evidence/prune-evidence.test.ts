import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { createEffectStore } from './effect-store.js';
import { pruneEvidence, pruneTenants } from './prune-evidence.js';
import { insertSuggestion } from '../server/suggestion-queries.js';
import { testEffect, testSuggestion, writeTestEvidence } from '../server/testing-evidence.js';
import { ensureEvidencePartitions, monthPartitionName, monthStart } from '../store/evidence-partitions.js';
import { verifyEvidence } from './verify-evidence.js';
import { effectDigest, isoMicrosSql, turnDigest, turnEventDigest, turnEventId, turnResultDigest } from './evidence-digest.js';
import { insertSeals } from './seal-write.js';
import { eraseConversation } from './erase-conversation.js';
import { checkpointMac, createEvidenceSealer, sealerOf, type SealEntry } from '../store/evidence-sealer.js';

const DAY = 86_400_000;

/**
 * Writes, by hand and sealed in digest form `form` (1: entries name no form, as before forms
 * existed), one seal spanning from `old` to now over an effect of each time and a turn committed
 * at `old` with its event, then its result sealed on its own now (composed after the commit, as
 * results are). What a prune with a cutoff between the two times leaves: the seals (neither is
 * wholly before it), the new effect only.
 */
async function writeStraddlingSeal(db: Database, tenantId: string, form: 1 | 2, old: Date) {
  const now = new Date();
  const rows = [testEffect(tenantId, 'before the cutoff', old), testEffect(tenantId, 'after the cutoff', now)];
  const v = form === 1 ? {} : { v: 2 };
  const lane = sealerOf(db).acquire();
  await db.transaction(async (tx) => {
    const entries: SealEntry[] = [];
    for (const e of rows) {
      const texts = { effectText: JSON.stringify(e.effect), contractText: JSON.stringify(e.contract), candidatesText: JSON.stringify(e.candidates) };
      await tx.query(
        'insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates) values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [tenantId, e.id, e.createdAt.toISOString(), e.status, e.interactionKind, texts.effectText, texts.contractText, texts.candidatesText],
      );
      entries.push({ t: 'effects', id: e.id, d: effectDigest({ ...e, ...texts, traceId: null }, form), ...v });
    }
    const input = { message: 'hi' };
    const commit = { transitions: [] };
    const [turn] = await tx.query<{ seq: number; at: string }>(
      `insert into turns (tenant_id, id, conversation_id, input, commit, committed_at) values ($1, 'straddle-t1', 'straddle', $2::jsonb, $3::jsonb, $4)
       returning seq, ${isoMicrosSql('committed_at')} as at`,
      [tenantId, JSON.stringify(input), JSON.stringify(commit), old.toISOString()],
    );
    const event = { type: 'trip_started', payload: { destination: 'Oslo' }, turnId: 'straddle-t1', position: 0 };
    const [e] = await tx.query<{ at: string }>(
      `insert into turn_events (tenant_id, record_id, revision, type, payload, turn_id, position, committed_at) values ($1, 'r-straddle', 1, $2, $3::jsonb, $4, 0, $5)
       returning ${isoMicrosSql('committed_at')} as at`,
      [tenantId, event.type, JSON.stringify(event.payload), event.turnId, old.toISOString()],
    );
    entries.push(
      { t: 'turns', id: 'straddle-t1', d: turnDigest({ conversationId: 'straddle', input, commit, committedAt: turn!.at }, form), o: Number(turn!.seq), ...v },
      { t: 'turn_events', id: turnEventId('r-straddle', 1), d: turnEventDigest({ ...event, committedAt: e!.at }, form), ...v },
    );
    await insertSeals(tx, [lane.seal(tenantId, entries, old, now)]);
  });
  lane.commit();
  const result = { blocks: [] };
  await db.transaction(async (tx) => {
    await tx.query(`update turns set result = $2::jsonb, composed_at = now() where tenant_id = $1 and id = 'straddle-t1'`, [tenantId, JSON.stringify(result)]);
    await insertSeals(tx, [lane.seal(tenantId, [{ t: 'turn_results', id: 'straddle-t1', d: turnResultDigest(result), ...v }], now, now)]);
  });
  lane.commit();
  return { oldEffect: rows[0]!.id, newEffect: rows[1]!.id };
}

const kindsOf = (problems: readonly { table: string; id: string; kind: string }[]) => problems.map((p) => `${p.table} ${p.id} ${p.kind}`).sort();

describe.each(storeTargets())('evidence retention on $name (W13)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('W13: pruning removes what was written before the cutoff, leaves a checkpoint, and the rest still verifies, showing range, time and rule', async () => {
    const effects = createEffectStore(db);
    const old = [testEffect('kept', 'old 1', new Date(Date.now() - 40 * DAY)), testEffect('kept', 'old 2', new Date(Date.now() - 35 * DAY))];
    for (const e of old) await effects.insert(e);
    const recent = testEffect('kept', 'recent');
    await effects.insert(recent);
    await writeTestEvidence(db, 'other');

    const before = new Date(Date.now() - 30 * DAY);
    const [outcome] = await pruneEvidence(db, { tenantId: 'kept', before, rule: 'retention 30 days' });
    expect(outcome).toMatchObject({ tenantId: 'kept', rows: { effects: 2 }, seals: 2, checkpoints: 1 });
    expect((await db.query(`select id from effects where tenant_id = 'kept'`)).map((r) => r.id)).toEqual([recent.id]);

    const report = await verifyEvidence(db, { tenantId: 'kept' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]!.pruned).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ chainId: '*', rule: 'retention 30 days', prunedBefore: before.toISOString(), rowCount: 2 }),
        expect.objectContaining({ throughSeq: 2, rule: 'retention 30 days', rowCount: 2 }),
      ]),
    );
    // Another tenant's evidence is not touched by a tenant's prune.
    expect((await verifyEvidence(db, { tenantId: 'other' })).tenants[0]!.rows).toBe(13);

    // Tampering after a prune is still found; a seal deleted without a prune is still missing.
    await db.query(`delete from effects where tenant_id = 'kept' and id = $1`, [recent.id]);
    expect((await verifyEvidence(db, { tenantId: 'kept' })).problems.map((p) => `${p.id} ${p.kind}`)).toEqual([`${recent.id} deleted`]);
  });

  it('W13: a checkpoint carries a MAC: moving its cutoff later (to pass rows deleted by hand as pruned) is reported, and so is a checkpoint forged without one; the deleted rows stay reported', async () => {
    const effects = createEffectStore(db);
    const old = testEffect('macs', 'old', new Date(Date.now() - 40 * DAY));
    const recent = [testEffect('macs', 'recent 1', new Date(Date.now() - 2 * DAY)), testEffect('macs', 'recent 2')];
    for (const e of [old, ...recent]) await effects.insert(e);
    const before = new Date(Date.now() - 30 * DAY);
    await pruneEvidence(db, { tenantId: 'macs', before, rule: 'retention 30 days' });
    const checkpoints = await db.query<{ chain_id: string; through_seq: number; mac: string | null }>(
      `select chain_id, through_seq, mac from evidence_checkpoints where tenant_id = 'macs' order by chain_id`,
    );
    expect(checkpoints.map((c) => c.mac)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect((await verifyEvidence(db, { tenantId: 'macs' })).problems).toEqual([]);

    // The tenant-wide checkpoint's cutoff moved past a recent row, which is then deleted by hand.
    await db.query(`update evidence_checkpoints set pruned_before = now() - interval '1 day' where tenant_id = 'macs' and chain_id = '*'`);
    await db.query(`delete from effects where tenant_id = 'macs' and id = $1`, [recent[0]!.id]);
    const star = checkpoints.find((c) => c.chain_id === '*')!;
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'macs' })).problems)).toEqual([
      `effects ${recent[0]!.id} deleted`,
      `evidence_checkpoints *#${Number(star.through_seq)} changed`,
    ]);
    // A checkpoint inserted without a MAC (as one written before MACs would look) excuses only rows sealed before digest forms: none here.
    await db.query(`update evidence_checkpoints set pruned_before = $1 where tenant_id = 'macs' and chain_id = '*'`, [before.toISOString()]);
    await db.query(
      `insert into evidence_checkpoints (tenant_id, chain_id, through_seq, hash, rule, pruned_before, row_count) values ('macs', '*', 1, '', 'forged', now(), 0)`,
    );
    await db.query(`delete from effects where tenant_id = 'macs' and id = $1`, [recent[1]!.id]);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'macs' })).problems)).toEqual(
      [`effects ${recent[0]!.id} deleted`, `effects ${recent[1]!.id} deleted`].sort(),
    );
  });

  it('W13: a chain of this version never starts after a checkpoint without a MAC (only a prune of form-1 seals, written before MACs, has none)', async () => {
    const effects = createEffectStore(db);
    await effects.insert(testEffect('unmac', 'old', new Date(Date.now() - 40 * DAY)));
    await effects.insert(testEffect('unmac', 'recent'));
    await pruneEvidence(db, { tenantId: 'unmac', before: new Date(Date.now() - 30 * DAY), rule: 'retention 30 days' });
    expect((await verifyEvidence(db, { tenantId: 'unmac' })).problems).toEqual([]);
    const [cut] = await db.query<{ chain_id: string; through_seq: number }>(
      `select chain_id, through_seq from evidence_checkpoints where tenant_id = 'unmac' and chain_id <> '*'`,
    );
    await db.query(`update evidence_checkpoints set mac = null where tenant_id = 'unmac'`);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'unmac' })).problems)).toEqual([
      `evidence_seals ${cut!.chain_id}#${Number(cut!.through_seq)} seal_missing`,
    ]);
  });

  it('W13: a seal spanning the cutoff keeps its later rows; the rows it lost (a turn with its event, and its result sealed later) are accepted as pruned; without the MAC, only for form 1', async () => {
    const old = new Date(Date.now() - 40 * DAY);
    const before = new Date(Date.now() - 30 * DAY);
    const written = { 1: await writeStraddlingSeal(db, 'straddle.1', 1, old), 2: await writeStraddlingSeal(db, 'straddle.2', 2, old) };
    for (const form of [1, 2] as const) {
      const tenantId = `straddle.${form}`;
      expect((await verifyEvidence(db, { tenantId })).problems).toEqual([]);
      const [outcome] = await pruneEvidence(db, { tenantId, before, rule: 'retention 30 days' });
      // Neither seal is wholly before the cutoff: no chain is cut, only the tenant-wide checkpoint is written.
      expect(outcome).toMatchObject({ rows: { effects: 1, turns: 1, turn_events: 1 }, seals: 0, checkpoints: 0 });
      expect((await db.query<{ id: string }>('select id from effects where tenant_id = $1', [tenantId])).map((r) => r.id)).toEqual([written[form].newEffect]);
      expect((await verifyEvidence(db, { tenantId })).problems).toEqual([]);
    }
    // A checkpoint without a MAC (as one written before checkpoints had them) accounts for rows sealed in form 1 only.
    await db.query(`update evidence_checkpoints set mac = null where tenant_id in ('straddle.1', 'straddle.2')`);
    expect((await verifyEvidence(db, { tenantId: 'straddle.1' })).problems).toEqual([]);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'straddle.2' })).problems)).toEqual(
      [`effects ${written[2].oldEffect} deleted`, 'turns straddle-t1 deleted', 'turn_results straddle-t1 deleted', 'turn_events r-straddle#1 deleted'].sort(),
    );
  });

  it('W13: a prune lists, under its MAC, the rows it took from a seal spanning the cutoff: a row of that seal dated after the cutoff, deleted by plain SQL later, is reported', async () => {
    const before = new Date(Date.now() - 30 * DAY);
    // A flush of a batch whose rows straddle the cutoff by a millisecond: one seal, two rows.
    const effects = createEffectStore(db);
    const [early, late] = [testEffect('hole', 'just before', new Date(before.getTime() - 1)), testEffect('hole', 'just after', new Date(before.getTime() + 1))];
    await Promise.all([effects.insert(early), effects.insert(late)]);
    expect((await db.query(`select 1 from evidence_seals where tenant_id = 'hole'`)).length).toBe(1);
    // And a seal spanning forty days (rows dated far apart in one write), with a turn and its event before the cutoff.
    const wide = await writeStraddlingSeal(db, 'hole', 2, new Date(Date.now() - 40 * DAY));
    await pruneEvidence(db, { tenantId: 'hole', before, rule: 'retention 30 days' });
    expect((await verifyEvidence(db, { tenantId: 'hole' })).problems).toEqual([]);
    const [star] = await db.query<{ through_seq: number; form: number; spans: unknown }>(
      `select through_seq, form, spans from evidence_checkpoints where tenant_id = 'hole' and chain_id = '*'`,
    );
    expect(star).toMatchObject({ form: 2, spans: [expect.anything(), expect.anything()] });

    await db.query(`delete from effects where tenant_id = 'hole' and id = any($1::text[])`, [[late.id, wide.newEffect]]);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'hole' })).problems)).toEqual(
      [`effects ${late.id} deleted`, `effects ${wide.newEffect} deleted`].sort(),
    );
  });

  it('W13: each prune lists what it took from a seal that outlives several cutoffs; as checkpoints collapse the lists merge, and only a row no prune took is reported', async () => {
    const effects = createEffectStore(db);
    const rows = [40, 25, 15, 0].map((days) => testEffect('merge', `${days} days old`, new Date(Date.now() - days * DAY)));
    await Promise.all(rows.map((e) => effects.insert(e)));
    expect((await db.query(`select 1 from evidence_seals where tenant_id = 'merge'`)).length).toBe(1);
    for (const days of [30, 20, 10]) {
      await pruneEvidence(db, { tenantId: 'merge', before: new Date(Date.now() - days * DAY), rule: `retention ${days} days` });
      expect((await verifyEvidence(db, { tenantId: 'merge' })).problems).toEqual([]);
    }
    // The second prune's checkpoint collapsed into the third, its list with it.
    const stars = await db.query<{ spans: [string, number, number[]][] }>(
      `select spans from evidence_checkpoints where tenant_id = 'merge' and chain_id = '*' order by through_seq`,
    );
    expect(stars.map((c) => c.spans[0]![2])).toEqual([[0], [1, 2]]);
    await db.query(`delete from effects where tenant_id = 'merge' and id = $1`, [rows[3]!.id]);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'merge' })).problems)).toEqual([`effects ${rows[3]!.id} deleted`]);
  });

  it('W13: rows an erasure accounts for in a seal spanning the cutoff stay accounted for when the prune removes the erasure record itself', async () => {
    await writeStraddlingSeal(db, 'erased', 2, new Date(Date.now() - 40 * DAY));
    await eraseConversation(db, { tenantId: 'erased', conversationId: 'straddle', requestedBy: 'ops', now: new Date(Date.now() - 35 * DAY) });
    expect((await verifyEvidence(db, { tenantId: 'erased' })).problems).toEqual([]);
    const [outcome] = await pruneEvidence(db, { tenantId: 'erased', before: new Date(Date.now() - 30 * DAY), rule: 'retention 30 days' });
    expect(outcome).toMatchObject({ rows: { effects: 1, evidence_erasures: 1 } });
    expect((await verifyEvidence(db, { tenantId: 'erased' })).problems).toEqual([]);
  });

  it('W13: a checkpoint whose list of pruned rows is edited (to pass a row deleted by hand as pruned) is reported, and the row with it', async () => {
    const before = new Date(Date.now() - 30 * DAY);
    const effects = createEffectStore(db);
    const [early, late] = [
      testEffect('spans', 'just before', new Date(before.getTime() - 1)),
      testEffect('spans', 'just after', new Date(before.getTime() + 1)),
    ];
    await Promise.all([effects.insert(early), effects.insert(late)]);
    await pruneEvidence(db, { tenantId: 'spans', before, rule: 'retention 30 days' });
    const [star] = await db.query<{ through_seq: number; spans: [string, number, number[]][] }>(
      `select through_seq, spans from evidence_checkpoints where tenant_id = 'spans' and chain_id = '*'`,
    );
    const [[chain, seq, indexes]] = star!.spans as [[string, number, number[]]];
    expect(indexes).toHaveLength(1);
    await db.query(`update evidence_checkpoints set spans = $1::json where tenant_id = 'spans' and chain_id = '*'`, [JSON.stringify([[chain, seq, [0, 1]]])]);
    await db.query(`delete from effects where tenant_id = 'spans' and id = $1`, [late.id]);
    // An edited checkpoint accounts for nothing: the row it did prune is reported too.
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'spans' })).problems)).toEqual(
      [`effects ${early.id} deleted`, `effects ${late.id} deleted`, `evidence_checkpoints *#${Number(star!.through_seq)} changed`].sort(),
    );
  });

  it('W13: a checkpoint written before spans (form 1, its MAC over the columns it had) still accounts for the rows of a seal spanning its cutoff', async () => {
    const before = new Date(Date.now() - 30 * DAY);
    await writeStraddlingSeal(db, 'form1cp', 2, new Date(Date.now() - 40 * DAY));
    await pruneEvidence(db, { tenantId: 'form1cp', before, rule: 'retention 30 days' });
    // Rewritten as the version before spans wrote it.
    const [c] = await db.query<{ through_seq: number; pruned_before: string; pruned_at: string; row_count: number }>(
      `select through_seq, ${isoMicrosSql('pruned_before')} as pruned_before, ${isoMicrosSql('pruned_at')} as pruned_at, row_count
         from evidence_checkpoints where tenant_id = 'form1cp' and chain_id = '*'`,
    );
    const row = {
      tenant_id: 'form1cp',
      chain_id: '*',
      hash: '',
      rule: 'retention 30 days',
      ...c!,
      through_seq: Number(c!.through_seq),
      row_count: Number(c!.row_count),
    };
    await db.query(`update evidence_checkpoints set form = 1, spans = null, mac = $1 where tenant_id = 'form1cp' and chain_id = '*'`, [
      checkpointMac(sealerOf(db).key, row),
    ]);
    expect((await verifyEvidence(db, { tenantId: 'form1cp' })).problems).toEqual([]);
    // A form-1 MAC does not pass for form 2.
    await db.query(`update evidence_checkpoints set form = 2 where tenant_id = 'form1cp' and chain_id = '*'`);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'form1cp' })).problems)).toEqual(
      expect.arrayContaining([`evidence_checkpoints *#${row.through_seq} changed`, 'turns straddle-t1 deleted']),
    );
  });

  it('W13: checkpoints a newer prune supersedes collapse into it: one per chain, and for the tenant the first (when pruning began, by which rule) and the latest; verify stays clean and shows both', async () => {
    const effects = createEffectStore(db);
    // Written one after another: one chain, a seal each.
    for (const days of [50, 40, 35, 20, 0]) await effects.insert(testEffect('collapse', `${days} days old`, new Date(Date.now() - days * DAY)));
    const now = Date.now();
    const cut = (days: number) => new Date(now - days * DAY);
    const checkpoints = async () =>
      (
        await db.query<{ chain_id: string; through_seq: number; rule: string; row_count: number }>(
          `select chain_id, through_seq, rule, row_count from evidence_checkpoints where tenant_id = 'collapse' order by chain_id, through_seq`,
        )
      ).map(
        (c) =>
          `${c.chain_id === '*' ? '*' : 'chain'} ${c.chain_id === '*' ? new Date(Number(c.through_seq)).toISOString() : Number(c.through_seq)} ${c.rule} ${c.row_count}`,
      );
    await pruneEvidence(db, { tenantId: 'collapse', before: cut(45), rule: 'first' });
    await pruneEvidence(db, { tenantId: 'collapse', before: cut(38), rule: 'second' });
    const first = cut(45).toISOString();
    expect(await checkpoints()).toEqual([`* ${first} first 1`, `* ${cut(38).toISOString()} second 1`, 'chain 2 second 2']);
    const third = cut(30);
    await pruneEvidence(db, { tenantId: 'collapse', before: third, rule: 'third' });
    // The second tenant-wide checkpoint collapsed into the third (its row with it); the chain's first two into its third.
    expect(await checkpoints()).toEqual([`* ${first} first 1`, `* ${third.toISOString()} third 2`, 'chain 3 third 3']);
    const report = await verifyEvidence(db, { tenantId: 'collapse' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]!.pruned).toEqual([
      expect.objectContaining({ chainId: '*', rule: 'first', prunedBefore: first, rowCount: 1 }),
      expect.objectContaining({ chainId: '*', rule: 'third', prunedBefore: third.toISOString(), rowCount: 2 }),
      expect.objectContaining({ throughSeq: 3, rule: 'third', rowCount: 3 }),
    ]);

    // An edited checkpoint does not collapse (that would launder the edit): it stays, and stays reported.
    await db.query(`update evidence_checkpoints set row_count = 99 where tenant_id = 'collapse' and chain_id <> '*'`);
    await pruneEvidence(db, { tenantId: 'collapse', before: cut(10), rule: 'fourth' });
    expect(await checkpoints()).toEqual(
      [`* ${first} first 1`, `* ${cut(10).toISOString()} fourth`, 'chain 3 third 99', 'chain 4 fourth 1'].map((c) => expect.stringContaining(c)),
    );
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'collapse' })).problems)).toEqual([expect.stringMatching(/^evidence_checkpoints .+#3 changed$/)]);
  });

  it('W13: over many writer periods (a writer restarting every day, and one long-lived writer whose chain rotates daily) the checkpoints stay bounded and verify stays clean; a live chain keeps its checkpoint, and its deleted head is still reported', async () => {
    const tenant = 'periods';
    const checkpoints = async () =>
      Number((await db.query<{ n: number }>('select count(*) as n from evidence_checkpoints where tenant_id = $1', [tenant]))[0]!.n);
    const firstDay = Math.floor((Date.now() - 60 * DAY) / DAY) * DAY;
    let clock = firstDay;
    const longLived = createEvidenceSealer({ now: () => clock });
    const counts: number[] = [];
    for (let day = 0; day < 12; day++) {
      clock = firstDay + day * DAY + DAY / 2;
      for (const sealer of [longLived, createEvidenceSealer({ now: () => clock })])
        await createEffectStore({ ...db, sealer }).insert(testEffect(tenant, `day ${day}`, new Date(clock)));
      await pruneEvidence(db, { tenantId: tenant, before: new Date(clock - 2 * DAY), rule: 'retention 2 days' });
      expect((await verifyEvidence(db, { tenantId: tenant })).problems).toEqual([]);
      counts.push(await checkpoints());
    }
    // Twenty-four chains were written and twenty cut (from the fourth day on); what stays is the tenant's first and latest prune.
    expect(counts).toEqual([0, 0, 0, 1, ...Array(8).fill(2)]);

    // A chain of today (its period not over) cut by a prune keeps its checkpoint: its next seal links to it.
    const today = createEffectStore({ ...db, sealer: createEvidenceSealer() });
    const rows = [testEffect(tenant, 'old, by today’s writer', new Date(clock)), testEffect(tenant, 'recent 1'), testEffect(tenant, 'recent 2')];
    for (const e of rows) await today.insert(e);
    await pruneEvidence(db, { tenantId: tenant, before: new Date(clock + DAY), rule: 'retention' });
    await pruneEvidence(db, { tenantId: tenant, before: new Date(clock + 2 * DAY), rule: 'retention' });
    expect((await verifyEvidence(db, { tenantId: tenant })).problems).toEqual([]);
    expect(await checkpoints()).toBe(3);
    const [head] = await db.query<{ chain_id: string; seq: number }>(
      `select chain_id, seq from evidence_seals where tenant_id = $1 and chain_id like $2 order by seq limit 1`,
      [tenant, `%.${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.%`],
    );
    expect(Number(head!.seq)).toBe(2);
    await db.query('delete from evidence_seals where tenant_id = $1 and chain_id = $2 and seq = 2', [tenant, head!.chain_id]);
    await db.query('delete from effects where tenant_id = $1 and id = $2', [tenant, rows[1]!.id]);
    expect(kindsOf((await verifyEvidence(db, { tenantId: tenant })).problems)).toEqual([`evidence_seals ${head!.chain_id}#2 seal_missing`]);
  });

  it('W13: a prune past everything removes turns with their events and results, and the empty store still verifies', async () => {
    await writeTestEvidence(db, 'all', 'c1', '4bf92f3577b34da6a3ce929d0e0e4736');
    const [outcome] = await pruneEvidence(db, { tenantId: 'all', before: new Date(Date.now() + 60_000), rule: 'warrant evidence prune' });
    expect(outcome!.rows).toEqual({ effects: 6, suggestions: 1, turns: 2, turn_events: 2, turn_records: 1, evidence_erasures: 0 });
    const report = await verifyEvidence(db, { tenantId: 'all' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]!.rows).toBe(0);
  });

  it('W13: deleting old seals and rows by hand, without a prune, is reported', async () => {
    const effects = createEffectStore(db);
    await effects.insert(testEffect('sneaky', 'old', new Date(Date.now() - 40 * DAY)));
    await effects.insert(testEffect('sneaky', 'new'));
    await db.query(`delete from effects where tenant_id = 'sneaky' and created_at < now() - interval '30 days'`);
    await db.query(`delete from evidence_seals where tenant_id = 'sneaky' and seq = 1`);
    expect((await verifyEvidence(db, { tenantId: 'sneaky' })).problems.map((p) => p.kind)).toEqual(['seal_missing']);
  });

  it('W13: a month dropped whole lists the rows it took from a seal of the next month that starts in it; a row of that seal dated after, deleted later, is reported', async () => {
    const now = new Date();
    const boundary = monthStart(now, -10);
    await ensureEvidencePartitions(db, { from: monthStart(now, -11) });
    const effects = createEffectStore(db);
    const [early, late] = [
      testEffect('across', 'end of the month', new Date(boundary.getTime() - 1)),
      testEffect('across', 'next month', new Date(boundary.getTime() + 1)),
    ];
    await Promise.all([effects.insert(early), effects.insert(late)]);
    const [outcome] = await pruneTenants(db, [{ tenantId: 'across', before: boundary, rule: 'retention' }]);
    expect(outcome).toMatchObject({ rows: { effects: 1 }, months: [monthStart(now, -11).toISOString().slice(0, 7)] });
    expect((await verifyEvidence(db, { tenantId: 'across' })).problems).toEqual([]);
    await db.query(`delete from effects where tenant_id = 'across' and id = $1`, [late.id]);
    expect(kindsOf((await verifyEvidence(db, { tenantId: 'across' })).problems)).toEqual([`effects ${late.id} deleted`]);
    // Its month goes too, so the months the tests below drop are not held back by it.
    expect(await pruneEvidence(db, { tenantId: 'across', before: monthStart(now, -9), rule: 'done' })).toEqual([
      expect.objectContaining({ months: [monthStart(now, -10).toISOString().slice(0, 7)] }),
    ]);
  });

  it('W13: a month every tenant is past is dropped whole; a month a tenant still keeps is pruned by DELETE for the others only; both verify clean', async () => {
    const now = new Date();
    const at = (months: number) => new Date(monthStart(now, months).getTime() + 10 * DAY);
    await ensureEvidencePartitions(db, { from: monthStart(now, -6) });
    // Written in time order, as a sidecar writes: each chain's seals then run from month to month.
    await insertSuggestion(db, 'early', testSuggestion('m', at(-6)));
    const effects = createEffectStore(db);
    const rows: Record<string, string[]> = { early: [], late: [] };
    for (const tenant of ['early', 'late']) {
      for (const month of [-6, -5, 0]) {
        const e = testEffect(tenant, `month ${month}`, month === 0 ? now : at(month));
        await effects.insert(e);
        rows[tenant]!.push(e.id);
      }
    }
    const partition = async (months: number) =>
      (
        await db.query(`select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and relname = $1`, [
          monthPartitionName('effects', monthStart(now, months)),
        ])
      ).length;
    expect([await partition(-6), await partition(-5)]).toEqual([1, 1]);

    const outcome = await pruneTenants(db, [
      { tenantId: 'early', before: monthStart(now, -4), rule: 'retention early' },
      { tenantId: 'late', before: monthStart(now, -5), rule: 'retention late' },
    ]);
    const month = (m: number) => monthStart(now, m).toISOString().slice(0, 7);
    expect(outcome).toEqual([
      expect.objectContaining({ tenantId: 'early', rows: expect.objectContaining({ effects: 2, suggestions: 1 }), months: [month(-6)] }),
      expect.objectContaining({ tenantId: 'late', rows: expect.objectContaining({ effects: 1, suggestions: 0 }), months: [month(-6)] }),
    ]);
    // Month -6 is gone as a table; month -5 stays, holding only the tenant that keeps it.
    expect([await partition(-6), await partition(-5)]).toEqual([0, 1]);
    const left = async (tenant: string) =>
      (await db.query<{ id: string }>(`select id from effects where tenant_id = $1 order by id`, [tenant])).map((r) => r.id);
    expect(await left('early')).toEqual([rows.early![2]]);
    expect(await left('late')).toEqual(rows.late!.slice(1));
    for (const tenant of ['early', 'late']) {
      const report = await verifyEvidence(db, { tenantId: tenant });
      expect(report.problems).toEqual([]);
      expect(report.tenants[0]!.pruned).toEqual(expect.arrayContaining([expect.objectContaining({ chainId: '*', rule: `retention ${tenant}` })]));
    }
    // Once the other tenant's rows there are deleted, month -5 holds only the tenant pruned now: it goes whole.
    const [again] = await pruneEvidence(db, { tenantId: 'late', before: monthStart(now, -4), rule: 'by hand' });
    expect(again).toMatchObject({ rows: { effects: 1 }, months: [month(-5)] });
    expect(await partition(-5)).toBe(0);
    expect(await left('late')).toEqual(rows.late!.slice(2));
    expect((await verifyEvidence(db, { tenantId: 'late' })).problems).toEqual([]);
  });

  it('W13: a month whose seals a chain continues before elsewhere is not dropped (the chain would gap); its rows go by DELETE and verify stays clean', async () => {
    const now = new Date();
    const at = (months: number) => new Date(monthStart(now, months).getTime() + 12 * DAY);
    await ensureEvidencePartitions(db, { from: monthStart(now, -9) });
    const effects = createEffectStore(db);
    // Written out of time order: seal 1 lies in month -8, seal 2 back in month -9, seal 3 now.
    await effects.insert(testEffect('jumbled', 'later month first', at(-8)));
    await effects.insert(testEffect('jumbled', 'earlier month second', at(-9)));
    await effects.insert(testEffect('jumbled', 'now'));
    // Dropping month -9 would cut seal 2 out of the chain while seal 1 stays: a gap verify reports.
    const [outcome] = await pruneTenants(db, [{ tenantId: 'jumbled', before: monthStart(now, -8), rule: 'retention' }]);
    expect(outcome).toMatchObject({ rows: { effects: 1 }, months: [] });
    expect((await db.query(`select 1 from effects where tenant_id = 'jumbled'`)).length).toBe(2);
    expect((await verifyEvidence(db, { tenantId: 'jumbled' })).problems).toEqual([]);
  });
});
