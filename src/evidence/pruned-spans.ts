import type { Queryable } from '../store/index.js';
import type { EvidenceTable, SealEntry, SealSpan } from '../store/evidence-sealer.js';
import { erasedKey } from './evidence-digest.js';

/**
 * A seal spanning more than this is *wide*: migration 093's partial index
 * `evidence_seals_tenant_wide` holds exactly those (its predicate is spelled the same below, so
 * the planner uses it). Writers stamp a seal with the times of the rows it lists (an effect's
 * queue time, a turn's commit time), and a seal spans a group-commit batch or one transaction:
 * milliseconds. So the seals that start before a cutoff and stay are found by two index ranges —
 * those ending within this of the cutoff, and the wide ones — never by a scan of every seal
 * after it.
 */
export const WIDE_SEAL_MS = 5 * 60_000;

/** What a removal takes: rows written in [`from`, `before`), of these tables. */
export interface Removal {
  readonly before: Date;
  /** Default the beginning of time. */
  readonly from?: Date | undefined;
  /** The month drop removes effects and suggestion results only; a tenant's prune removes every table's rows. */
  readonly tables: 'partitioned' | 'all';
}

type Found = { chain: string; seq: number; i: number };

/**
 * The entries of `tenantId`'s seals that stay in place (start before `removal.before`; with
 * `dropping`, the month ending at `removal.before` is being dropped with its seals, so only seals
 * ending after it stay) whose rows the removal is about to take: read before it
 * runs, in its transaction. Only rows present and inside the removal count, so a row already
 * deleted by hand is never listed as pruned — except one an erasure record accounts for that the
 * removal takes too (its excuse goes with it). A turn's result and trace count where the turn
 * goes with its result or trace still stored. Not grouped by seal: the checkpoint that lists them
 * does that (`canonicalSpans`).
 */
export async function prunedSpans(tx: Queryable, tenantId: string, removal: Removal, dropping = false): Promise<SealSpan[]> {
  // Those ending within WIDE_SEAL_MS of the cutoff (after it, where a month's seals up to it are
  // being dropped), by the covers_to index; and the wide ones ending later, by their partial index.
  const seals = await tx.query<{ chain_id: string; seq: number; entries: SealEntry[] | string }>(
    `select chain_id, seq, entries from evidence_seals where tenant_id = $1 and covers_from < $2 and covers_to < $3 ${dropping ? 'and covers_to >= $2' : ''}
     union all
     select chain_id, seq, entries from evidence_seals
      where tenant_id = $1 and covers_from < $2 and covers_to - covers_from > interval '5 minutes' and covers_to >= $3`,
    [tenantId, removal.before.toISOString(), new Date(removal.before.getTime() + WIDE_SEAL_MS).toISOString()],
  );
  if (seals.length === 0) return [];
  const byRow = new Map<string, Found[]>();
  for (const s of seals) {
    const entries: SealEntry[] = typeof s.entries === 'string' ? JSON.parse(s.entries) : s.entries;
    entries.forEach((e, i) => {
      const k = `${e.t}\u0000${e.id}`;
      const found = byRow.get(k);
      if (found === undefined) byRow.set(k, [{ chain: s.chain_id, seq: Number(s.seq), i }]);
      else found.push({ chain: s.chain_id, seq: Number(s.seq), i });
    });
  }
  const idsOf = (...tables: EvidenceTable[]) => [
    ...new Set([...byRow.keys()].filter((k) => tables.some((t) => k.startsWith(`${t}\u0000`))).map((k) => k.slice(k.indexOf('\u0000') + 1))),
  ];
  // `column` inside the removal, its bounds the parameters from `$at` on.
  const range = (column: string, at = 3) => `${column} < $${at}${removal.from === undefined ? '' : ` and ${column} >= $${at + 1}`}`;
  const bounds = [removal.before.toISOString(), ...(removal.from === undefined ? [] : [removal.from.toISOString()])];
  const params = (ids: unknown[], ...more: unknown[]) => [tenantId, ids, ...bounds, ...more];
  const gone = new Set<string>();
  const present = new Set<string>();
  const rows = async (table: 'effects' | 'suggestions' | 'evidence_erasures', column: string) => {
    const ids = idsOf(table);
    if (ids.length === 0) return;
    for (const r of await tx.query<{ id: string; gone: boolean }>(
      `select id, (${range(column)}) as gone from ${table} where tenant_id = $1 and id = any($2::text[])`,
      params(ids),
    )) {
      present.add(`${table}\u0000${r.id}`);
      if (r.gone) gone.add(`${table}\u0000${r.id}`);
    }
  };
  await rows('effects', 'created_at');
  await rows('suggestions', 'created_at');
  if (removal.tables === 'all') {
    await rows('evidence_erasures', 'requested_at');
    const turnIds = idsOf('turns', 'turn_results', 'turn_traces');
    if (turnIds.length > 0) {
      for (const r of await tx.query<{ id: string; gone: boolean; composed: boolean; traced: boolean }>(
        `select id, (${range('committed_at')}) as gone, result is not null as composed, trace_id is not null as traced
           from turns where tenant_id = $1 and id = any($2::text[])`,
        params(turnIds),
      )) {
        present.add(`turns\u0000${r.id}`);
        if (r.composed) present.add(`turn_results\u0000${r.id}`);
        if (r.traced) present.add(`turn_traces\u0000${r.id}`);
        if (!r.gone) continue;
        gone.add(`turns\u0000${r.id}`);
        if (r.composed) gone.add(`turn_results\u0000${r.id}`);
        if (r.traced) gone.add(`turn_traces\u0000${r.id}`);
      }
    }
    const events = idsOf('turn_events').map((id) => {
      const at = id.lastIndexOf('#');
      return { id, record: id.slice(0, at), revision: Number(id.slice(at + 1)) };
    });
    if (events.length > 0) {
      // Events go with their turn whenever the turn goes (as the prune deletes them).
      for (const r of await tx.query<{ record_id: string; revision: number; gone: boolean }>(
        `select e.record_id, e.revision,
                (${range('e.committed_at')}) or exists (select 1 from turns t where t.tenant_id = $1 and t.id = e.turn_id and ${range('t.committed_at')}) as gone
           from turn_events e join unnest($2::text[], $${removal.from === undefined ? 4 : 5}::int[]) as k(record_id, revision)
             on e.record_id = k.record_id and e.revision = k.revision
          where e.tenant_id = $1`,
        params(
          events.map((e) => e.record),
          events.map((e) => e.revision),
        ),
      )) {
        const k = `turn_events\u0000${r.record_id}#${Number(r.revision)}`;
        present.add(k);
        if (r.gone) gone.add(k);
      }
    }
    // A row already erased whose erasure record this prune removes: the record was its excuse.
    const erasures = await tx.query<{ erased: string[] | string }>(
      `select erased from evidence_erasures where tenant_id = $1 and ${range('requested_at', 2)}`,
      [tenantId, ...bounds],
    );
    const erased = new Set(erasures.flatMap((e) => (typeof e.erased === 'string' ? (JSON.parse(e.erased) as string[]) : e.erased)));
    if (erased.size > 0)
      for (const k of byRow.keys()) {
        const [table, id] = k.split('\u0000') as [string, string];
        if (!present.has(k) && erased.has(erasedKey(table, id))) gone.add(k);
      }
  }
  // One span per entry; the checkpoint that lists them groups them by seal (`canonicalSpans`).
  return [...gone].flatMap((k) => (byRow.get(k) ?? []).map((f): SealSpan => [f.chain, f.seq, [f.i]]));
}
