import { ConfigurationError } from '../errors.js';
import type { Database, Queryable } from '../store/index.js';
import type { RecordDraft } from './run-acts.js';
import type { CommittedEvent, StoredRecord } from './stored-record.js';
import type { TurnCommit, TurnContext } from './turn-commit.js';
import type { TurnResult } from './turn-result.js';
import { turnResultFromJson, turnResultToJson } from './turn-result-json.js';
import type { WorkflowDefinition } from './workflow.js';

/** The queries of governed turns, all scoped to one tenant. */
export class TurnStore {
  constructor(
    private readonly db: Database,
    private readonly tenantId: string,
    private readonly workflows: ReadonlyMap<string, WorkflowDefinition>,
  ) {}

  /** A turn already committed under `turnId`, with its result when it was composed. */
  async loadTurn(turnId: string, q: Queryable = this.db): Promise<{ commit: TurnCommit; result: TurnResult | null } | null> {
    const [row] = await q.query<{ commit: TurnCommit; result: unknown }>(
      'select commit, result from turns where tenant_id = $1 and id = $2',
      [this.tenantId, turnId],
    );
    if (!row) return null;
    return { commit: row.commit, result: row.result == null ? null : turnResultFromJson(row.result) };
  }

  /** What the conversation's last composed turn left, and its history as transitions alone. */
  async loadContext(conversationId: string): Promise<TurnContext> {
    const rows = await this.db.query<{ transition: string | null; last: unknown }>(
      `select (select b->>'text' from jsonb_array_elements(result->'blocks') b where b->>'kind' = 'transition') as transition,
              case when seq = max(seq) over () then result end as last
         from turns
        where tenant_id = $1 and conversation_id = $2 and result is not null
        order by seq`,
      [this.tenantId, conversationId],
    );
    const lastRow = rows.at(-1);
    const last = lastRow?.last == null ? null : turnResultFromJson(lastRow.last);
    return {
      ask: last?.ask ?? null,
      aboutRecord: last?.aboutRecord ?? null,
      inView: last?.inView ?? [],
      history: rows.flatMap((r) => (r.transition == null ? [] : [r.transition])),
      lastReceipts: (last?.blocks ?? []).flatMap((b) => (b.kind === 'receipt' ? [{ id: b.id, title: b.title, body: b.body }] : [])),
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
   * Commits a turn in one transaction: claims the turn id (a second claim finds it taken and
   * writes nothing), locks each drafted record in id order, and appends the events of every
   * record still at the revision its handlers saw. A record that moved (another turn committed
   * first) gets none of its events: `build` is told, and turns those acts into conflicts.
   */
  async commit(plan: {
    readonly turnId: string;
    readonly conversationId: string;
    readonly input: unknown;
    readonly drafts: readonly RecordDraft[];
    /** Records to snapshot into the commit after the writes. */
    readonly snapshot: readonly string[];
    readonly build: (conflicted: ReadonlySet<string>, records: readonly StoredRecord[]) => TurnCommit;
  }): Promise<{ committed: true; commit: TurnCommit } | { committed: false }> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.query(
        `insert into turns (tenant_id, id, conversation_id, input, commit) values ($1, $2, $3, $4::jsonb, '{}'::jsonb)
         on conflict (tenant_id, id) do nothing returning id`,
        [this.tenantId, plan.turnId, plan.conversationId, JSON.stringify(plan.input)],
      );
      if (claimed.length === 0) return { committed: false as const };
      const conflicted = new Set<string>();
      let position = 0;
      const drafts = [...plan.drafts].sort((a, b) => (a.recordId < b.recordId ? -1 : a.recordId > b.recordId ? 1 : 0));
      for (const draft of drafts) {
        const [row] = await tx.query<{ revision: number }>(
          'select revision from turn_records where tenant_id = $1 and id = $2 for update',
          [this.tenantId, draft.recordId],
        );
        if (draft.baseRevision === null) {
          if (row) {
            conflicted.add(draft.recordId);
            continue;
          }
          const inserted = await tx.query(
            `insert into turn_records (tenant_id, id, workflow, revision, state, created_by_turn)
             values ($1, $2, $3, $4, $5::jsonb, $6) on conflict (tenant_id, id) do nothing returning id`,
            [this.tenantId, draft.recordId, draft.workflow, draft.events.length, JSON.stringify(draft.state), plan.turnId],
          );
          if (inserted.length === 0) {
            conflicted.add(draft.recordId);
            continue;
          }
        } else {
          if (!row || row.revision !== draft.baseRevision) {
            conflicted.add(draft.recordId);
            continue;
          }
          await tx.query(
            'update turn_records set revision = $3, state = $4::jsonb, updated_at = now() where tenant_id = $1 and id = $2',
            [this.tenantId, draft.recordId, draft.baseRevision + draft.events.length, JSON.stringify(draft.state)],
          );
        }
        const base = draft.baseRevision ?? 0;
        for (const [i, event] of draft.events.entries()) {
          await tx.query(
            `insert into turn_events (tenant_id, record_id, revision, type, payload, turn_id, position)
             values ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
            [this.tenantId, draft.recordId, base + i + 1, event.type, JSON.stringify(event.payload), plan.turnId, position++],
          );
        }
      }
      const records = await this.loadRecords([...plan.snapshot, ...plan.drafts.map((d) => d.recordId)], tx);
      const commit = plan.build(conflicted, [...records.values()]);
      await tx.query('update turns set commit = $3::jsonb where tenant_id = $1 and id = $2', [
        this.tenantId,
        plan.turnId,
        JSON.stringify(commit),
      ]);
      return { committed: true as const, commit };
    });
  }

  /**
   * Stores a composed result unless one is already there, and returns the stored one, so that
   * every submission of a turn id returns the same result whoever composed first.
   */
  async saveResult(turnId: string, result: TurnResult): Promise<TurnResult> {
    const json = turnResultToJson(result);
    const updated = await this.db.query(
      'update turns set result = $3::jsonb, composed_at = now() where tenant_id = $1 and id = $2 and result is null returning id',
      [this.tenantId, turnId, JSON.stringify(json)],
    );
    if (updated.length > 0) return turnResultFromJson(json);
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
