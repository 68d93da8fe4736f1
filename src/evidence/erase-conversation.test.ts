import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/index.js';
import { storeTargets } from '../store/testing.js';
import { eraseConversation } from './erase-conversation.js';
import { writeTestEvidence } from '../server/testing-evidence.js';
import { verifyEvidence } from './verify-evidence.js';

const counts = async (db: Database, tenantId: string) => {
  const [row] = await db.query<Record<string, number>>(
    `select (select count(*) from turns where tenant_id = $1) as turns, (select count(*) from turn_events where tenant_id = $1) as events,
            (select count(*) from turn_records where tenant_id = $1) as records, (select count(*) from suggestions where tenant_id = $1) as suggestions,
            (select count(*) from effects where tenant_id = $1) as effects`,
    [tenantId],
  );
  return row;
};

describe.each(storeTargets())('conversation erasure on $name (W13)', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("W13: erasing a conversation removes its turns, events, records and the Match's suggestion results for that tenant only, and the erasure record verifies", async () => {
    await writeTestEvidence(db, 'erasing', 'conv');
    await writeTestEvidence(db, 'erasing', 'other');
    await writeTestEvidence(db, 'neighbour', 'conv');
    const neighbourBefore = await counts(db, 'neighbour');

    const outcome = await eraseConversation(db, {
      tenantId: 'erasing',
      conversationId: 'conv',
      requestedBy: 'privacy officer',
      now: new Date('2026-12-01T10:00:00Z'),
    });
    expect(outcome.rows).toEqual({ turns: 2, turnEvents: 2, turnRecords: 1, suggestions: 1 });
    expect(outcome.rowCount).toBe(6);
    expect(outcome.erasureId).toMatch(/^era_/);

    expect(await counts(db, 'erasing')).toEqual({ turns: 2, events: 2, records: 1, suggestions: 1, effects: 12 });
    expect(await counts(db, 'neighbour')).toEqual(neighbourBefore);
    const report = await verifyEvidence(db, { tenantId: 'erasing' });
    expect(report.problems).toEqual([]);
    expect(report.tenants[0]!.erasures).toEqual([
      { id: outcome.erasureId, requestedBy: 'privacy officer', requestedAt: '2026-12-01T10:00:00.000Z', rowCount: 6 },
    ]);
    expect((await verifyEvidence(db, { tenantId: 'neighbour' })).ok).toBe(true);

    // The record keeps no content: no conversation id, no turn id, no text.
    const [record] = await db.query<{ erased: unknown }>(`select * from evidence_erasures where tenant_id = 'erasing'`);
    expect(JSON.stringify(record)).not.toMatch(/conv|Oslo|Ada|t1|t2/);
  });

  it('W13: a second erase of the same conversation is a no-op that names the first', async () => {
    await writeTestEvidence(db, 'twice', 'conv');
    const first = await eraseConversation(db, { tenantId: 'twice', conversationId: 'conv', requestedBy: 'a' });
    const second = await eraseConversation(db, { tenantId: 'twice', conversationId: 'conv', requestedBy: 'b' });
    expect(second.erasureId).toBeNull();
    expect(second.rowCount).toBe(0);
    expect(second.earlier.map((e) => e.id)).toEqual([first.erasureId]);
    expect((await db.query(`select 1 from evidence_erasures where tenant_id = 'twice'`)).length).toBe(1);
    expect((await verifyEvidence(db, { tenantId: 'twice' })).ok).toBe(true);
    const never = await eraseConversation(db, { tenantId: 'twice', conversationId: 'never-existed', requestedBy: 'b' });
    expect(never).toMatchObject({ erasureId: null, rowCount: 0, earlier: [] });
  });

  it('W13: rows deleted outside an erasure are still reported as deleted beside an erasure', async () => {
    await writeTestEvidence(db, 'mixed', 'conv');
    await writeTestEvidence(db, 'mixed', 'kept');
    await eraseConversation(db, { tenantId: 'mixed', conversationId: 'conv', requestedBy: 'a' });
    await db.query(`delete from turns where tenant_id = 'mixed' and id = 'kept-t1'`);
    const report = await verifyEvidence(db, { tenantId: 'mixed' });
    expect(report.problems.map((p) => `${p.table} ${p.id} ${p.kind}`).sort()).toEqual(['turn_results kept-t1 deleted', 'turns kept-t1 deleted']);
  });
});
