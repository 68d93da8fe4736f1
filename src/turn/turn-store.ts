import { ConfigurationError, InputError } from '../errors.js';
import { DIGEST_VERSION, isoMicrosSql, turnDigest, turnEventDigest, turnEventId, turnResultDigest } from '../evidence/evidence-digest.js';
import { insertSeals, sealLaneOf, sealWith } from '../evidence/seal-write.js';
import { abortable } from '../store/abortable.js';
import type { SealEntry } from '../store/evidence-sealer.js';
import type { Database, Queryable } from '../store/index.js';
import { StoreError } from '../store/database.js';
import type { RecordDraft } from './run-acts.js';
import type { CommittedEvent, StoredRecord } from './stored-record.js';
import type { TurnCommit, TurnContext } from './turn-commit.js';
import type { TurnInputJson } from './turn-input.js';
import type { TurnResult } from './turn-result.js';
import { turnResultFromJson, turnResultToJson } from './turn-result.js';
import type { WorkflowDefinition } from './workflow.js';

/**
 * How many earlier transitions a turn's context holds by default: the conversation's history as
 * the model reads it (understanding a message, writing the reply). Enough for the thread of a
 * conversation; bounded, so a turn's cost and prompt do not grow with the conversation.
 */
export const DEFAULT_HISTORY_TURNS = 20;

/** The queries of governed turns, all scoped to one tenant. */
export class TurnStore {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
    private readonly workflows: ReadonlyMap<string, WorkflowDefinition>,
    /** Earlier transitions a turn's context holds (see `TurnRuntimeOptions.historyTurns`). */
    private readonly historyTurns = DEFAULT_HISTORY_TURNS,
  ) {
    if (!Number.isInteger(historyTurns) || historyTurns < 0) throw new RangeError(`historyTurns must be a whole number ≥ 0, got ${historyTurns}`);
  }

  /**
   * This store for the part of a turn before its commit: once `signal` aborts, every statement is
   * refused with the signal's reason and a commit not yet made rolls back (see `abortable`).
   */
  cancellableBy(signal: AbortSignal): TurnStore {
    return new TurnStore(abortable(this.db, signal), this.tenantId, this.workflows, this.historyTurns);
  }

  /** A turn already committed under `turnId`, with its result when it was composed. */
  async loadTurn(turnId: string, q: Queryable = this.db): Promise<{ commit: TurnCommit; result: TurnResult | null } | null> {
    const [row] = await q.query<{ commit: TurnCommit; result: unknown }>('select commit, result from turns where tenant_id = $1 and id = $2', [
      this.tenantId,
      turnId,
    ]);
    if (!row) return null;
    return { commit: row.commit, result: row.result == null ? null : storedResult(row.result) };
  }

  /**
   * What the conversation's last composed turn left, and its history: the transitions of its last
   * `historyTurns` composed turns, oldest first. Reads at most that many rows, backwards through
   * the `(tenant_id, conversation_id, seq)` index, so a turn's cost and the history handed to the
   * model stay the same however long the conversation has run.
   */
  async loadContext(conversationId: string): Promise<TurnContext> {
    return (await this.loadStart(null, conversationId)).context;
  }

  /**
   * What a turn reads before it acts, in one statement: the turn already committed under
   * `turnId` (a retry), if any, and its conversation's context (see {@link loadContext}).
   */
  async loadStart(
    turnId: string | null,
    conversationId: string,
  ): Promise<{ existing: { commit: TurnCommit; result: TurnResult | null } | null; context: TurnContext }> {
    const rows = await this.db.query<{ kind: 'turn' | 'recent'; commit: TurnCommit | null; result: unknown; transition: string | null }>(
      `select 'turn' as kind, commit, result, null as transition, 0::int8 as seq
         from turns
        where tenant_id = $1 and id = $4
       union all
       select 'recent', null, case when seq = max(seq) over () then result end,
              (select b->>'text' from jsonb_array_elements(result->'blocks') b where b->>'kind' = 'transition'),
              seq
         from (select seq, result
                 from turns
                where tenant_id = $1 and conversation_id = $2 and result is not null
                order by seq desc
                limit $3) recent
       order by kind desc, seq`,
      [this.tenantId, conversationId, Math.max(1, this.historyTurns), turnId],
    );
    const turn = rows.find((r) => r.kind === 'turn');
    const recent = rows.filter((r) => r.kind === 'recent');
    const lastRow = recent.at(-1);
    const last = lastRow?.result == null ? null : storedResult(lastRow.result);
    const transitions = recent.flatMap((r) => (r.transition == null ? [] : [r.transition]));
    return {
      existing: turn ? { commit: turn.commit!, result: turn.result == null ? null : storedResult(turn.result) } : null,
      context: {
        ask: last?.ask ?? null,
        aboutRecord: last?.aboutRecord ?? null,
        inView: last?.inView ?? [],
        history: this.historyTurns === 0 ? [] : transitions.slice(-this.historyTurns),
        lastReceipts: (last?.blocks ?? []).flatMap((b) => (b.kind === 'receipt' ? [{ id: b.id, title: b.title, body: b.body }] : [])),
      },
    };
  }

  /** The records among `ids` that exist, with their state validated by their workflow. */
  async loadRecords(ids: readonly string[], q: Queryable = this.db): Promise<Map<string, StoredRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await q.query<{ id: string; workflow: string; revision: number; state: unknown }>(
      'select id, workflow, revision, state from turn_records where tenant_id = $1 and id = any($2::text[])',
      [this.tenantId, [...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, this.storedRecord(r)]));
  }

  /** One committed event, by record and revision (for a contested receipt). */
  async loadEvent(recordId: string, revision: number): Promise<CommittedEvent | null> {
    const [row] = await this.db.query<EventRow>(
      'select record_id, revision, type, payload, turn_id from turn_events where tenant_id = $1 and record_id = $2 and revision = $3',
      [this.tenantId, recordId, revision],
    );
    return row ? toEvent(row) : null;
  }

  /** The events `turnId` committed, in the order its acts produced them. */
  async loadTurnEvents(turnId: string): Promise<CommittedEvent[]> {
    const rows = await this.db.query<EventRow>(
      'select record_id, revision, type, payload, turn_id from turn_events where tenant_id = $1 and turn_id = $2 order by position',
      [this.tenantId, turnId],
    );
    return rows.map(toEvent);
  }

  /**
   * Commits a turn in one transaction of at most five statements whatever its size: locks the
   * drafted records that exist, in id order, and reads their revisions; inserts the new records
   * and updates the moved ones, each in one statement; appends every event in one; reads the
   * records in view it does not already hold; and finally claims the turn id with the commit
   * itself. A record that moved (another turn committed first) gets none of its events: `build`
   * is told, and turns those acts into conflicts. A turn id claimed meanwhile by another
   * submission rolls the whole transaction back and reports `committed: false`. The events
   * written come back with the commit, so composing the turn reads nothing again.
   *
   * With `compose` (a composition that calls no model: code's own words), the turn is composed
   * inside the transaction and its result written with the turn row, so the turn costs one commit
   * instead of two and is never committed without its result. A composition that throws (the
   * claim guard refusing) rolls the whole turn back.
   */
  async commit(plan: {
    readonly turnId: string;
    readonly conversationId: string;
    /** The input in its wire form, as stored and sealed. */
    readonly input: TurnInputJson;
    readonly drafts: readonly RecordDraft[];
    /** Records to snapshot into the commit after the writes. */
    readonly snapshot: readonly string[];
    readonly build: (conflicted: ReadonlySet<string>, records: readonly StoredRecord[]) => TurnCommit;
    readonly compose?: ((commit: TurnCommit, events: readonly CommittedEvent[]) => Promise<TurnResult>) | undefined;
  }): Promise<{ committed: true; commit: TurnCommit; events: CommittedEvent[]; result: TurnResult | null } | { committed: false }> {
    // The turn, its events and its result are sealed in the same transaction (W13).
    const lane = sealLaneOf(this.db);
    try {
      const done = await this.db.transaction(async (tx) => {
        const conflicted = new Set<string>();
        const drafts = [...plan.drafts].sort((a, b) => (a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0));
        const existing = drafts.filter((d) => d.baseRevision !== null);
        if (existing.length > 0) {
          const locked = await tx.query<{ id: string; revision: number }>(
            'select id, revision from turn_records where tenant_id = $1 and id = any($2::text[]) order by id for update',
            [this.tenantId, existing.map((d) => d.recordId)],
          );
          const revisions = new Map(locked.map((r) => [r.id, r.revision]));
          for (const d of existing) if (revisions.get(d.recordId) !== d.baseRevision) conflicted.add(d.recordId);
        }
        const created = drafts.filter((d) => d.baseRevision === null);
        if (created.length > 0) {
          const inserted = await tx.query<{ id: string }>(
            `insert into turn_records (tenant_id, id, workflow, revision, state, created_by_turn)
             select $1, r.id, r.workflow, r.revision, r.state, $2
               from jsonb_to_recordset($3::jsonb) as r(id text, workflow text, revision integer, state jsonb)
             on conflict (tenant_id, id) do nothing returning id`,
            [
              this.tenantId,
              plan.turnId,
              JSON.stringify(created.map((d) => ({ id: d.recordId, workflow: d.workflow, revision: d.events.length, state: d.state }))),
            ],
          );
          const claimed = new Set(inserted.map((r) => r.id));
          for (const d of created) if (!claimed.has(d.recordId)) conflicted.add(d.recordId);
        }
        const moved = existing.filter((d) => !conflicted.has(d.recordId));
        if (moved.length > 0) {
          await tx.query(
            `update turn_records t set revision = r.revision, state = r.state, updated_at = now()
               from jsonb_to_recordset($2::jsonb) as r(id text, revision integer, state jsonb)
              where t.tenant_id = $1 and t.id = r.id`,
            [this.tenantId, JSON.stringify(moved.map((d) => ({ id: d.recordId, revision: d.baseRevision! + d.events.length, state: d.state })))],
          );
        }
        const written = drafts.filter((d) => !conflicted.has(d.recordId));
        const events: CommittedEvent[] = written.flatMap((d) =>
          d.events.map((event, i) => ({
            recordId: d.recordId,
            revision: (d.baseRevision ?? 0) + i + 1,
            type: event.type,
            // As the store hands it back: JSON, whatever the handler built.
            payload: JSON.parse(JSON.stringify(event.payload)) as Record<string, unknown>,
            turnId: plan.turnId,
          })),
        );
        if (events.length > 0) {
          await tx.query(
            `insert into turn_events (tenant_id, record_id, revision, type, payload, turn_id, position)
             select $1, e.record_id, e.revision, e.type, e.payload, $2, e.position
               from jsonb_to_recordset($3::jsonb) as e(record_id text, revision integer, type text, payload jsonb, position integer)`,
            [
              this.tenantId,
              plan.turnId,
              JSON.stringify(events.map((e, position) => ({ record_id: e.recordId, revision: e.revision, type: e.type, payload: e.payload, position }))),
            ],
          );
        }
        // The records the turn wrote are as it wrote them; only the others are read.
        const known = new Map<string, StoredRecord>(
          written.map((d) => [
            d.recordId,
            this.storedRecord({
              id: d.recordId,
              workflow: d.workflow,
              revision: (d.baseRevision ?? 0) + d.events.length,
              state: JSON.parse(JSON.stringify(d.state)),
            }),
          ]),
        );
        const wanted = [...new Set([...plan.snapshot, ...drafts.map((d) => d.recordId)])];
        const read = await this.loadRecords(
          wanted.filter((id) => !known.has(id)),
          tx,
        );
        const records = wanted.flatMap((id) => known.get(id) ?? read.get(id) ?? []);
        const commit = plan.build(conflicted, records);
        const json = plan.compose ? turnResultToJson(await plan.compose(commit, events)) : null;
        // The commit time comes back as the digests read it (to the microsecond); the events
        // were stamped with the same `now()`, the transaction's start.
        const claimed = await tx.query<{ id: string; seq: number; committed_at: string }>(
          `insert into turns (tenant_id, id, conversation_id, input, commit, result, composed_at)
           values ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, case when $6::jsonb is null then null else now() end)
           on conflict (tenant_id, id) do nothing returning id, seq, ${isoMicrosSql('committed_at')} as committed_at`,
          [this.tenantId, plan.turnId, plan.conversationId, JSON.stringify(plan.input), JSON.stringify(commit), json === null ? null : JSON.stringify(json)],
        );
        if (claimed.length === 0) throw new ClaimedElsewhere();
        if (lane) {
          const committedAt = claimed[0]!.committed_at;
          const v = DIGEST_VERSION;
          const entries: SealEntry[] = [
            {
              t: 'turns',
              id: plan.turnId,
              d: turnDigest({ conversationId: plan.conversationId, input: plan.input, commit, committedAt }),
              o: Number(claimed[0]!.seq),
              v,
            },
            ...(json === null ? [] : [{ t: 'turn_results' as const, id: plan.turnId, d: turnResultDigest(json), v }]),
            ...events.map((e, position) => ({
              t: 'turn_events' as const,
              id: turnEventId(e.recordId, e.revision),
              d: turnEventDigest({ type: e.type, payload: e.payload, turnId: plan.turnId, position, committedAt }),
              v,
            })),
          ];
          // The seal's range starts at the commit time the turn and its events are stamped with
          // (the database's clock), so a prune, which removes turns by that time, finds the seal
          // of every turn it removes among the seals starting before its cutoff.
          const at = new Date(committedAt);
          const now = new Date();
          await insertSeals(tx, [lane.seal(this.tenantId, entries, at, now > at ? now : at)]);
        }
        // As `saveResult` returns it: the stored JSON read back, so both paths give the same value.
        return { committed: true as const, commit, events, result: json === null ? null : storedResult(json) };
      });
      lane?.commit();
      return done;
    } catch (error) {
      if (error instanceof ClaimedElsewhere) {
        lane?.release();
        return { committed: false };
      }
      lane?.retire();
      throw error;
    }
  }

  /**
   * Stores a composed result unless one is already there, and returns the stored one, so that
   * every submission of a turn id returns the same result whoever composed first.
   */
  async saveResult(turnId: string, result: TurnResult): Promise<TurnResult> {
    const json = turnResultToJson(result);
    const updated = await sealWith(
      this.db,
      this.tenantId,
      [{ t: 'turn_results', id: turnId, d: turnResultDigest(json), v: DIGEST_VERSION }],
      new Date(),
      'update turns set result = $3::jsonb, composed_at = now() where tenant_id = $1 and id = $2 and result is null returning id',
      [this.tenantId, turnId, JSON.stringify(json)],
    );
    if (updated.length > 0) return storedResult(json);
    const stored = await this.loadTurn(turnId);
    if (!stored?.result) throw new Error(`turn ${turnId} has no stored result after composing`);
    return stored.result;
  }

  private storedRecord(row: { id: string; workflow: string; revision: number; state: unknown }): StoredRecord {
    const workflow = this.workflows.get(row.workflow);
    if (!workflow) throw new ConfigurationError(`record ${row.id} belongs to workflow ${row.workflow}, which this runtime does not define`);
    return { id: row.id, workflow: row.workflow, revision: row.revision, state: workflow.state.parse(row.state) };
  }
}

/** Thrown inside a commit whose turn id another submission claimed first, to roll it back. */
class ClaimedElsewhere extends Error {}

type EventRow = {
  record_id: string;
  revision: number;
  type: string;
  payload: Record<string, unknown>;
  turn_id: string;
};

function toEvent(row: EventRow): CommittedEvent {
  return { recordId: row.record_id, revision: row.revision, type: row.type, payload: row.payload, turnId: row.turn_id };
}

/** A stored turn result, read through its schema: one that does not match it is the store's fault, not the caller's. */
function storedResult(json: unknown): TurnResult {
  try {
    return turnResultFromJson(json);
  } catch (error) {
    if (InputError.isInstance(error))
      throw new StoreError(`a stored turn result does not match its schema:\n${error.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
    throw error;
  }
}
