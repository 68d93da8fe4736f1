import { createHmac, hash, randomBytes } from 'node:crypto';

/**
 * The evidence an integrity seal covers, by the name `warrant evidence verify` reports it under.
 * `turn_results` is the `result` of a `turns` row (set once, after the commit that sealed the
 * turn), `turn_traces` its `trace_id` (set once, after the request that committed it);
 * `turn_events` rows are named `record_id#revision`.
 */
export type EvidenceTable = 'effects' | 'suggestions' | 'turns' | 'turn_results' | 'turn_traces' | 'turn_events' | 'evidence_erasures';

/** One row a seal covers: its table, its id, the SHA-256 of its content and, where rows have one, its place in order. */
export interface SealEntry {
  readonly t: EvidenceTable;
  readonly id: string;
  /** Hex SHA-256 of the row's content without its id (see `evidence-digest.ts`), so a swap of two rows shows as one. */
  readonly d: string;
  /** The row's position where it has one apart from its id (a turn's `seq`). */
  readonly o?: number;
  /**
   * The form of digest `d` is (see `evidence-digest.ts`): absent in seals written before digests
   * were versioned, which are form 1; every new entry says {@link DIGEST_VERSION}.
   */
  readonly v?: number;
}

/**
 * The digest form new seal entries are written in. 1: the forms of the first seals (no
 * `trace_id`, no commit times); 2: every stored column that is evidence (see `evidence-digest.ts`).
 */
export const DIGEST_VERSION = 2;

/** A row of `evidence_seals`, as written. */
export interface SealRow {
  readonly tenant_id: string;
  readonly chain_id: string;
  readonly seq: number;
  /** The previous seal's `hash` in this chain, or {@link GENESIS} (or a prune checkpoint's hash). */
  readonly prev: string;
  readonly hash: string;
  readonly entries: readonly SealEntry[];
  /** ISO times: the earliest and latest rows covered, so `--since` finds the seals it needs. */
  readonly covers_from: string;
  readonly covers_to: string;
}

/** The `prev` of a chain's first seal. */
export const GENESIS = '0'.repeat(64);

/**
 * The key when none is configured. A published key makes the chain detect edits by anyone who does
 * not also recompute it; `WARRANT_EVIDENCE_KEY` (a secret the database never sees) makes a
 * rewritten chain detectable too.
 */
export const DEFAULT_EVIDENCE_KEY = 'warrant-evidence-v1';

/**
 * Hex SHA-256 of `text` (UTF-8). Node's one-shot `hash`, not a `createHash` object per call: every
 * effect is digested as it is queued, on the thread that serves requests, and the one-shot form
 * skips the object's setup (see the evidence-integrity figures in docs/server.md).
 */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/**
 * The link of a seal: HMAC-SHA256 under the deployment's key over everything the seal says —
 * its chain, place, predecessor, time range and entries — so changing any of them, or the rows
 * whose digests it lists, breaks this seal or a later one.
 */
export function sealHash(key: string, seal: Omit<SealRow, 'hash'>): string {
  return createHmac('sha256', key)
    .update(
      [
        seal.prev,
        seal.tenant_id,
        seal.chain_id,
        String(seal.seq),
        seal.covers_from,
        seal.covers_to,
        // An entry's version is linked only where it has one, so seals written before versions
        // hash as they did, and a version edited down (to dodge a column) breaks the seal.
        JSON.stringify(seal.entries.map((e) => (e.v === undefined ? [e.t, e.id, e.d, e.o ?? null] : [e.t, e.id, e.d, e.o ?? null, e.v]))),
      ].join('\n'),
      'utf8',
    )
    .digest('hex');
}

/**
 * Rows a prune removed from a seal it left in place (one spanning its cutoff): the seal's chain
 * and place, and the indexes of its entries whose rows went, ascending. Indexes, not ids or
 * digests: the seal's HMAC fixes what each index names (table, id and digest), so an index names
 * one row of one seal and nothing else, in a few bytes — a digest would not (rows of equal content
 * share one), and an id needs its table and thirty characters.
 */
export type SealSpan = readonly [chainId: string, seq: number, indexes: readonly number[]];

/**
 * The form of checkpoint new prunes write. 1: its MAC covers the columns of migration 091, and
 * verification accepts any row of a seal starting before its cutoff as pruned (all a cutoff can
 * say); 2: its MAC covers {@link SealSpan}s too, and it accounts for exactly the entries they list.
 */
export const CHECKPOINT_FORM = 2;

/** A row of `evidence_checkpoints` as its MAC covers it: times as ISO text to the microsecond. */
export interface CheckpointRow {
  readonly tenant_id: string;
  readonly chain_id: string;
  readonly through_seq: number;
  readonly hash: string;
  readonly rule: string;
  readonly pruned_before: string;
  readonly pruned_at: string;
  readonly row_count: number;
  /** {@link CHECKPOINT_FORM}; absent or 1 for checkpoints written before spans. */
  readonly form?: number | undefined;
  /** Form 2: the rows pruned from seals left in place, in {@link canonicalSpans} order; null on a chain's checkpoint. */
  readonly spans?: readonly SealSpan[] | null | undefined;
}

/** Spans sorted by chain and place, each seal once, its indexes ascending and distinct: the one text a MAC covers. */
export function canonicalSpans(spans: Iterable<SealSpan>): SealSpan[] {
  const bySeal = new Map<string, { chain: string; seq: number; indexes: Set<number> }>();
  for (const [chain, seq, indexes] of spans) {
    const k = `${chain}#${seq}`;
    const at = bySeal.get(k) ?? { chain, seq: Number(seq), indexes: new Set<number>() };
    for (const i of indexes) at.indexes.add(Number(i));
    bySeal.set(k, at);
  }
  return [...bySeal.values()]
    .sort((a, b) => (a.chain < b.chain ? -1 : a.chain > b.chain ? 1 : a.seq - b.seq))
    .map((s) => [s.chain, s.seq, [...s.indexes].sort((x, y) => x - y)] as const);
}

/**
 * A prune checkpoint's MAC: HMAC-SHA256 under the seals' key over every column, so the cutoff,
 * rule, time, count and spans it shows (and the rows it lets verification accept as pruned)
 * cannot be changed, nor a checkpoint inserted, without the key. Form 2 is tagged apart from
 * form 1, so a checkpoint cannot be passed off as the other form.
 */
export function checkpointMac(key: string, c: CheckpointRow): string {
  const parts = [c.tenant_id, c.chain_id, String(c.through_seq), c.hash, c.rule, c.pruned_before, c.pruned_at, String(c.row_count)];
  const text = (c.form ?? 1) === 1 ? ['checkpoint', ...parts] : [`checkpoint/${c.form}`, ...parts, JSON.stringify(c.spans ?? null)];
  return createHmac('sha256', key).update(text.join('\n'), 'utf8').digest('hex');
}

/**
 * How long a chain takes seals: one UTC day. A writer's lane starts a new chain when the day it
 * was opened ends, so a chain's period is part of its id and, once it is over, nothing is
 * appended to it again; a prune can then let go of the checkpoint of such a chain whose seals are
 * all pruned (see `collapseCheckpoints`), instead of keeping one per chain ever cut.
 */
export const CHAIN_PERIOD_MS = 86_400_000;

/** `writer.YYYYMMDD.lane`: a chain that names the UTC day it takes seals on. */
const PERIOD_CHAIN = /^[^.]+\.(\d{4})(\d{2})(\d{2})\.\d+$/;

/**
 * When the chain `chainId` stops taking seals: the end of the UTC day its id names, or undefined
 * for a chain that names none (written before chains rotated, or a tenant-wide checkpoint's `*`),
 * which may take seals for as long as its writer runs.
 */
export function chainPeriodEnd(chainId: string): Date | undefined {
  const m = PERIOD_CHAIN.exec(chainId);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + CHAIN_PERIOD_MS) : undefined;
}

/** The UTC day `day` (days since 1970) as `YYYYMMDD`. */
function dayStamp(day: number): string {
  return new Date(day * CHAIN_PERIOD_MS).toISOString().slice(0, 10).replaceAll('-', '');
}

/**
 * One writer's chain slot, held by one write at a time (a flush, a turn's commit). It links the
 * seals of that write to the lane's previous seals, per tenant; the write then reports how it
 * ended, which is what keeps the chain free of gaps under group commit: a lane's next seal is
 * only staged once the previous write on it has committed or failed.
 */
export interface SealLane {
  /** Stages the seal of `entries` of `tenantId` (linked to the last one staged or committed here). */
  seal(tenantId: string, entries: readonly SealEntry[], coversFrom: Date, coversTo: Date): SealRow;
  /** The write committed: what was staged becomes the lane's head; the lane is free again. */
  commit(): void;
  /** Nothing was written (a condition of the statement was false): the staged seals are dropped; the lane is free again. */
  release(): void;
  /**
   * The write failed and may or may not have committed (a connection lost during its commit):
   * the lane is never used again, so the chain it leaves ends cleanly wherever it ended.
   */
  retire(): void;
}

/** Seals evidence as it is written; see {@link createEvidenceSealer}. */
export interface EvidenceSealer {
  /** False when integrity is switched off (`WARRANT_EVIDENCE_INTEGRITY=off`): writers then write no seals. */
  readonly enabled: boolean;
  /** The HMAC key, for `verifyEvidence`. */
  readonly key: string;
  /** A free lane of the current day's chains, or a new one. */
  acquire(): SealLane;
}

/** Options of {@link createEvidenceSealer}. */
export interface EvidenceSealerOptions {
  /** HMAC key of the links. Default {@link DEFAULT_EVIDENCE_KEY}. */
  key?: string | undefined;
  /** Default true. */
  enabled?: boolean | undefined;
  /** The clock that says which day's chain a write takes. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * The chains of one process over one store. Each lane is a chain per tenant, named by a random
 * writer id (new at every start), the UTC day it was opened and the lane's number
 * (`9f2c4e1a7b3d.20261202.0`): replicas and restarts never share a chain, so no two writers race
 * for a chain's head and nothing needs a lock or a read before a write — the seal goes into the
 * same statement (or transaction) as the rows it covers. Concurrent flushes take different lanes;
 * a lane is as long-lived as its writes keep committing, and no longer than its day: a write
 * taking a lane after the day it was opened gets a new lane (a new chain) instead, so a chain's
 * last seal is staged on its day or by a write that began then.
 */
export function createEvidenceSealer({ key = DEFAULT_EVIDENCE_KEY, enabled = true, now = Date.now }: EvidenceSealerOptions = {}): EvidenceSealer {
  const writerId = randomBytes(6).toString('hex');
  const free: { lane: SealLane; day: number }[] = [];
  let lanes = 0;
  const newLane = (day: number): SealLane => {
    const chainId = `${writerId}.${dayStamp(day)}.${lanes++}`;
    const heads = new Map<string, { seq: number; hash: string }>();
    let staged = new Map<string, { seq: number; hash: string }>();
    const lane: SealLane = {
      seal(tenantId, entries, coversFrom, coversTo) {
        const head = staged.get(tenantId) ?? heads.get(tenantId) ?? { seq: 0, hash: GENESIS };
        const body = {
          tenant_id: tenantId,
          chain_id: chainId,
          seq: head.seq + 1,
          prev: head.hash,
          entries,
          covers_from: coversFrom.toISOString(),
          covers_to: coversTo.toISOString(),
        };
        const row: SealRow = { ...body, hash: sealHash(key, body) };
        staged.set(tenantId, { seq: row.seq, hash: row.hash });
        return row;
      },
      commit() {
        for (const [tenant, head] of staged) heads.set(tenant, head);
        staged = new Map();
        free.push({ lane, day });
      },
      release() {
        staged = new Map();
        free.push({ lane, day });
      },
      retire() {
        staged = new Map();
      },
    };
    return lane;
  };
  return {
    enabled,
    key,
    acquire: () => {
      const day = Math.floor(now() / CHAIN_PERIOD_MS);
      // A lane of an earlier day is let go: its chain ends there.
      for (let f = free.pop(); f !== undefined; f = free.pop()) if (f.day === day) return f.lane;
      return newLane(day);
    },
  };
}

const fallback = new WeakMap<object, EvidenceSealer>();

/**
 * The sealer of `db`: the one `openStore` configured, or else (a store built by hand) one made for
 * it with the default key, the same for every call.
 */
export function sealerOf(db: { readonly sealer?: EvidenceSealer | undefined }): EvidenceSealer {
  if (db.sealer) return db.sealer;
  let made = fallback.get(db);
  if (!made) fallback.set(db, (made = createEvidenceSealer()));
  return made;
}
