import type { Database, Queryable } from '../store/index.js';
import { sealerOf, type SealEntry, type SealLane } from '../store/evidence-sealer.js';

const SEAL_INSERT = `insert into evidence_seals (tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to)
  select tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to from json_populate_recordset(null::evidence_seals, $1::json)`;

/**
 * Runs one statement `sql` (with `params`) that writes evidence of `tenantId`, and the seal of
 * `entries` with it in the same statement, so both commit or neither does (W13). When `sql` is an
 * `update … returning` whose condition may match nothing, the seal is written only if it matched,
 * and the lane's head stays where it was. Resolves with the statement's rows.
 */
export async function sealWith(
  db: Database,
  tenantId: string,
  entries: readonly SealEntry[],
  at: Date,
  sql: string,
  params: readonly unknown[],
): Promise<Record<string, unknown>[]> {
  const sealer = sealerOf(db);
  if (!sealer.enabled) return db.query(sql, params);
  const lane = sealer.acquire();
  const seal = lane.seal(tenantId, entries, at, at);
  const n = params.length + 1;
  let rows: Record<string, unknown>[];
  try {
    rows = await db.query(
      `with written as (${sql}${/\breturning\b/i.test(sql) ? '' : ' returning 1'}),
       sealed as (insert into evidence_seals (tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to)
         select tenant_id, chain_id, seq, prev, hash, entries, covers_from, covers_to
           from json_populate_recordset(null::evidence_seals, $${n}::json)
          where exists (select 1 from written))
       select * from written`,
      [...params, JSON.stringify([seal])],
    );
  } catch (error) {
    lane.retire();
    throw error;
  }
  if (rows.length > 0) lane.commit();
  else lane.release();
  return rows;
}

/**
 * A lane for evidence written by the statements of one transaction (a turn's commit): seal with
 * {@link SealLane.seal}, insert with {@link insertSeals} inside the transaction, and settle the
 * lane with `commit` once the transaction has committed (`retire` if it failed).
 */
export function sealLaneOf(db: Database): SealLane | undefined {
  const sealer = sealerOf(db);
  return sealer.enabled ? sealer.acquire() : undefined;
}

/** Inserts staged seals inside the caller's transaction. */
export async function insertSeals(tx: Queryable, seals: readonly unknown[]): Promise<void> {
  if (seals.length > 0) await tx.query(SEAL_INSERT, [JSON.stringify(seals)]);
}
