import type { Database } from '../store/index.js';
import { checkpointMac, GENESIS, sealerOf, sealHash, type EvidenceTable, type SealEntry, type SealSpan } from '../store/evidence-sealer.js';
import {
  DIGEST_VERSION,
  DIGEST_VERSIONS,
  effectDigest,
  erasedKey,
  erasureDigest,
  isoMicrosSql,
  suggestionDigest,
  turnDigest,
  turnEventDigest,
  turnEventId,
  turnResultDigest,
  turnTraceDigest,
  type EffectEvidenceRow,
  type SuggestionEvidenceRow,
} from './evidence-digest.js';
import { storeCall } from './store-call.js';

/** What is wrong with one row or seal. */
export type EvidenceProblemKind =
  /** The row's content is not what was sealed. */
  | 'changed'
  /** A sealed row is gone, and no erasure or prune accounts for it. */
  | 'deleted'
  /** A row no seal covers: written outside Warrant. */
  | 'inserted'
  /** The row holds what another sealed row held, or its place in order (a turn's `seq`) moved. */
  | 'reordered'
  /** A seal's own content or link does not match its HMAC: the seal itself was edited. */
  | 'seal_changed'
  /** A seal is missing from the middle of its chain (seals deleted). */
  | 'seal_missing';

/** One finding of {@link verifyEvidence}. */
export interface EvidenceProblem {
  readonly tenantId: string;
  /** The table as reported (`effects`, `turns`, `turn_results`, `turn_traces`, `turn_events`, `suggestions`, `evidence_erasures`, `evidence_seals`, `evidence_checkpoints`). */
  readonly table: EvidenceTable | 'evidence_seals' | 'evidence_checkpoints';
  /** The row's id (`record#revision` for an event, `chain#seq` for a seal, `chain#through_seq` for a checkpoint). */
  readonly id: string;
  readonly kind: EvidenceProblemKind;
  readonly detail: string;
}

/** What one tenant's check covered. */
export interface TenantEvidenceReport {
  readonly tenantId: string;
  /** Rows read and compared. */
  readonly rows: number;
  readonly seals: number;
  readonly chains: number;
  /** Erasure records (who asked, when, how many rows), each accepted for the rows it lists. */
  readonly erasures: readonly { id: string; requestedBy: string; requestedAt: string; rowCount: number }[];
  /** Prune checkpoints: what range was pruned, when, by which rule. */
  readonly pruned: readonly { chainId: string; throughSeq: number; rule: string; prunedBefore: string; prunedAt: string; rowCount: number }[];
}

/** The result of {@link verifyEvidence}. */
export interface EvidenceReport {
  /** True when no problem was found. */
  readonly ok: boolean;
  readonly since: string | null;
  readonly tenants: readonly TenantEvidenceReport[];
  readonly problems: readonly EvidenceProblem[];
}

/** Options of {@link verifyEvidence}. */
export interface VerifyEvidenceOptions {
  /** Only this tenant. Default every tenant that has evidence. */
  tenantId?: string | undefined;
  /**
   * Only evidence from this time on: rows created since, and the seals covering them. Default
   * everything. The first seal of each chain in the window is taken as it is (its predecessor is
   * outside); everything after it is checked link by link.
   */
  since?: Date | undefined;
  /** The seals' key. Default the store's (see `openStore`'s `evidenceKey`). */
  key?: string | undefined;
}

/**
 * Seals are written by the app's clock and turns stamped by the database's: seals this much older
 * than `since` are read too, so a row near the boundary is found in its seal despite clock skew.
 */
const SKEW_MARGIN_MS = 5 * 60_000;

/** A row as a seal lists it: its digest, order and form, the seal (`chain#seq`), the entry's index there, and the seal's start. */
type Sealed = { readonly d: string; readonly o: number | undefined; readonly v: number; readonly seal: string; readonly i: number; readonly from: number };
/** A row as stored now: its digest in a given form (the form its seal entry names). */
type Current = { readonly table: EvidenceTable; readonly id: string; readonly digest: (v: number) => string; readonly o?: number | undefined };

/**
 * Recomputes the integrity structure of stored evidence (W13): every seal's HMAC and its link to
 * the one before in its chain; every row's digest against the seal that lists it. Reports each
 * row changed, deleted, inserted or reordered outside Warrant and each seal edited or missing, by
 * tenant, table and id. Rows an erasure record lists, and seals a prune checkpoint replaced, are
 * accepted. Reads one tenant at a time.
 */
export async function verifyEvidence(db: Database, { tenantId, since, key = sealerOf(db).key }: VerifyEvidenceOptions = {}): Promise<EvidenceReport> {
  const tenants = tenantId !== undefined ? [tenantId] : await evidenceTenants(db);
  const reports: TenantEvidenceReport[] = [];
  const problems: EvidenceProblem[] = [];
  for (const tenant of tenants) {
    const { report, found } = await verifyTenant(db, tenant, since, key);
    reports.push(report);
    problems.push(...found);
  }
  return { ok: problems.length === 0, since: since?.toISOString() ?? null, tenants: reports, problems };
}

/** The tables whose rows name a tenant with evidence; each has a B-tree index starting with `tenant_id`. */
const TENANT_TABLES = ['evidence_seals', 'effects', 'suggestions', 'turns', 'turn_events', 'evidence_erasures', 'evidence_checkpoints'];

/**
 * Every tenant with a row in any evidence table: per table, a skip over its index on `tenant_id`
 * (one probe per tenant), not a scan of its rows — a prune or a verify of a store holding
 * millions of rows lists its tenants in milliseconds.
 */
export async function evidenceTenants(db: Database): Promise<string[]> {
  const skips = TENANT_TABLES.map(
    (t, i) =>
      `s${i}(id) as (select min(tenant_id) from ${t} union all select (select min(tenant_id) from ${t} where tenant_id > s${i}.id) from s${i} where s${i}.id is not null)`,
  );
  const rows = await storeCall('evidence tenants could not be listed', () =>
    db.query<{ tenant_id: string }>(
      `with recursive ${skips.join(', ')}
       ${TENANT_TABLES.map((_, i) => `select id as tenant_id from s${i} where id is not null`).join(' union ')} order by 1`,
    ),
  );
  return rows.map((r) => r.tenant_id);
}

async function verifyTenant(
  db: Database,
  tenantId: string,
  since: Date | undefined,
  key: string,
): Promise<{ report: TenantEvidenceReport; found: EvidenceProblem[] }> {
  const found: EvidenceProblem[] = [];
  const problem = (table: EvidenceProblem['table'], id: string, kind: EvidenceProblemKind, detail: string) => found.push({ tenantId, table, id, kind, detail });
  const read = <T extends Record<string, unknown>>(what: string, sql: string, params: unknown[]) =>
    storeCall(`${what} could not be read`, () => db.query<T>(sql, params));

  const checkpoints = await read<{
    chain_id: string;
    through_seq: number;
    hash: string;
    rule: string;
    pruned_before: Date;
    pruned_at: Date;
    pruned_before_text: string;
    pruned_at_text: string;
    row_count: number;
    form: number;
    spans: SealSpan[] | string | null;
    mac: string | null;
  }>(
    'evidence checkpoints',
    `select chain_id, through_seq, hash, rule, pruned_before, pruned_at, ${isoMicrosSql('pruned_before')} as pruned_before_text,
            ${isoMicrosSql('pruned_at')} as pruned_at_text, row_count, form, spans, mac
       from evidence_checkpoints where tenant_id = $1 order by chain_id, through_seq`,
    [tenantId],
  );
  // A checkpoint with a MAC must match it. One without was written before checkpoints had MACs,
  // so it can only have cut what was sealed then (digest form 1): it is trusted for that alone.
  // A form-2 checkpoint accounts for the seal entries its spans list; a form-1 one, written
  // before spans, for every row of a seal starting before its cutoff.
  const legacyCheckpoints = new Set<string>();
  const editedCheckpoints = new Set<string>();
  const prunedEntries = new Set<string>();
  for (const c of checkpoints) {
    const name = `${c.chain_id}#${Number(c.through_seq)}`;
    const spans = typeof c.spans === 'string' ? (JSON.parse(c.spans) as SealSpan[]) : c.spans;
    if (c.mac === null) legacyCheckpoints.add(name);
    else {
      const expected = checkpointMac(key, {
        tenant_id: tenantId,
        chain_id: c.chain_id,
        through_seq: Number(c.through_seq),
        hash: c.hash,
        rule: c.rule,
        pruned_before: c.pruned_before_text,
        pruned_at: c.pruned_at_text,
        row_count: Number(c.row_count),
        form: Number(c.form),
        spans,
      });
      if (expected !== c.mac) {
        editedCheckpoints.add(name);
        problem(
          'evidence_checkpoints',
          name,
          'changed',
          'the checkpoint does not match its MAC: its cutoff, rule, time, count, rows pruned or link were edited',
        );
      } else if (Number(c.form) >= 2) for (const [chain, seq, indexes] of spans ?? []) for (const i of indexes) prunedEntries.add(`${chain}#${seq}#${i}`);
    }
  }
  const checkpointAt = new Map(checkpoints.map((c) => [`${c.chain_id}#${Number(c.through_seq)}`, c.hash]));
  const sinceSeals = since === undefined ? undefined : new Date(since.getTime() - SKEW_MARGIN_MS).toISOString();
  const seals = await read<{ chain_id: string; seq: number; prev: string; hash: string; entries: SealEntry[]; covers_from: Date; covers_to: Date }>(
    'evidence seals',
    `select chain_id, seq, prev, hash, entries, covers_from, covers_to from evidence_seals
      where tenant_id = $1 ${sinceSeals === undefined ? '' : 'and covers_to >= $2'} order by chain_id, seq`,
    sinceSeals === undefined ? [tenantId] : [tenantId, sinceSeals],
  );

  const sealed = new Map<string, Sealed>();
  const chains = new Set<string>();
  let last: { chain: string; seq: number; hash: string } | undefined;
  for (const s of seals) {
    const seq = Number(s.seq);
    const name = `${s.chain_id}#${seq}`;
    chains.add(s.chain_id);
    const expected = sealHash(key, {
      tenant_id: tenantId,
      chain_id: s.chain_id,
      seq,
      prev: s.prev,
      entries: s.entries,
      covers_from: asDate(s.covers_from).toISOString(),
      covers_to: asDate(s.covers_to).toISOString(),
    });
    if (expected !== s.hash) problem('evidence_seals', name, 'seal_changed', 'the seal does not match its HMAC: its entries, range or link were edited');
    if (last !== undefined && last.chain === s.chain_id) {
      if (seq !== last.seq + 1)
        problem('evidence_seals', `${s.chain_id}#${last.seq + 1}`, 'seal_missing', `seals ${last.seq + 1}–${seq - 1} of the chain are gone`);
      else if (s.prev !== last.hash) problem('evidence_seals', name, 'seal_changed', 'its link does not name the seal before it');
    } else if (since === undefined) {
      const cut = `${s.chain_id}#${seq - 1}`;
      const start = seq === 1 ? GENESIS : checkpointAt.get(cut);
      if (start !== undefined && legacyCheckpoints.has(cut) && s.entries.some((e) => (e.v ?? 1) >= 2))
        problem('evidence_seals', cut, 'seal_missing', 'the chain starts after a checkpoint without a MAC, which cannot have cut seals of this version');
      else if (start === undefined)
        problem(
          'evidence_seals',
          `${s.chain_id}#${seq - 1}`,
          'seal_missing',
          `the chain starts at seal ${seq}, and no prune checkpoint accounts for the seals before it`,
        );
      else if (s.prev !== start)
        problem(
          'evidence_seals',
          name,
          'seal_changed',
          seq === 1 ? 'the first seal of its chain links to something' : 'its link does not name the prune checkpoint before it',
        );
    }
    last = { chain: s.chain_id, seq, hash: s.hash };
    const from = asDate(s.covers_from).getTime();
    s.entries.forEach((e, i) => sealed.set(`${e.t}\u0000${e.id}`, { d: e.d, o: e.o, v: e.v ?? 1, seal: name, i, from }));
  }

  const idsOf = (table: EvidenceTable) => [...sealed.keys()].filter((k) => k.startsWith(`${table}\u0000`)).map((k) => k.slice(table.length + 1));
  const window = (column: string, idColumn = 'id') => (since === undefined ? '' : `and (${column} >= $2 or ${idColumn} = any($3::text[]))`);
  const params = (table: EvidenceTable, ...more: EvidenceTable[]) =>
    since === undefined ? [tenantId] : [tenantId, since.toISOString(), [...new Set([table, ...more].flatMap(idsOf))]];

  const current: Current[] = [];
  const erasures = await read<{ id: string; requested_by: string; requested_at: Date; subject_sha256: string; row_count: number; erased: string[] }>(
    'erasure records',
    `select id, requested_by, requested_at, subject_sha256, row_count, erased from evidence_erasures where tenant_id = $1 ${window('requested_at')}`,
    params('evidence_erasures'),
  );
  const erased = new Set<string>();
  for (const e of erasures) {
    current.push({
      table: 'evidence_erasures',
      id: e.id,
      digest: () =>
        erasureDigest({
          requestedBy: e.requested_by,
          requestedAt: asDate(e.requested_at),
          subjectSha256: e.subject_sha256,
          rowCount: e.row_count,
          erased: e.erased,
        }),
    });
    for (const k of e.erased) erased.add(k);
  }
  for (const r of await read<EffectEvidenceRow>(
    'effects',
    `select id, created_at, status, interaction_kind, effect::text as effect, contract::text as contract, candidates::text as candidates, trace_id
       from effects where tenant_id = $1 ${window('created_at')}`,
    params('effects'),
  )) {
    const row = {
      createdAt: asDate(r.created_at),
      status: r.status,
      interactionKind: r.interaction_kind,
      effectText: r.effect,
      contractText: r.contract,
      candidatesText: r.candidates,
      traceId: r.trace_id,
    };
    current.push({ table: 'effects', id: r.id, digest: (v) => effectDigest(row, v) });
  }
  for (const r of await read<SuggestionEvidenceRow>(
    'suggestions',
    `select id, created_at, match_id, result_type, result, evidence, trace_id from suggestions where tenant_id = $1 ${window('created_at')}`,
    params('suggestions'),
  )) {
    const row = {
      createdAt: asDate(r.created_at),
      matchId: r.match_id,
      resultType: r.result_type,
      result: r.result,
      evidence: r.evidence,
      traceId: r.trace_id,
    };
    current.push({ table: 'suggestions', id: r.id, digest: (v) => suggestionDigest(row, v) });
  }
  for (const r of await read<{
    id: string;
    conversation_id: string;
    seq: number;
    input: unknown;
    commit: unknown;
    result: unknown;
    committed_at: string;
    trace_id: string | null;
  }>(
    'turns',
    `select id, conversation_id, seq, input, commit, result, ${isoMicrosSql('committed_at')} as committed_at, trace_id from turns
      where tenant_id = $1 ${since === undefined ? '' : 'and (committed_at >= $2 or composed_at >= $2 or id = any($3::text[]))'}`,
    params('turns', 'turn_results', 'turn_traces'),
  )) {
    const row = { conversationId: r.conversation_id, input: r.input, commit: r.commit, committedAt: r.committed_at };
    current.push({ table: 'turns', id: r.id, digest: (v) => turnDigest(row, v), o: Number(r.seq) });
    if (r.result != null) {
      const result = r.result;
      current.push({ table: 'turn_results', id: r.id, digest: () => turnResultDigest(result) });
    }
    // A turn sealed in form 1 had its trace id recorded unsealed, and stays unchecked unless its
    // trace was sealed since; from form 2 on, a trace no seal covers was written outside Warrant.
    const traceId = r.trace_id;
    const legacy = (sealed.get(`turns\u0000${r.id}`)?.v ?? DIGEST_VERSION) < 2 && !sealed.has(`turn_traces\u0000${r.id}`);
    if (traceId !== null && !legacy) current.push({ table: 'turn_traces', id: r.id, digest: () => turnTraceDigest(traceId) });
  }
  for (const r of await read<{ record_id: string; revision: number; type: string; payload: unknown; turn_id: string; position: number; committed_at: string }>(
    'turn events',
    `select record_id, revision, type, payload, turn_id, position, ${isoMicrosSql('committed_at')} as committed_at from turn_events
      where tenant_id = $1 ${window('committed_at', "record_id || '#' || revision")}`,
    params('turn_events'),
  )) {
    const row = { type: r.type, payload: r.payload, turnId: r.turn_id, position: r.position, committedAt: r.committed_at };
    current.push({ table: 'turn_events', id: turnEventId(r.record_id, r.revision), digest: (v) => turnEventDigest(row, v) });
  }

  // Rows whose content is not their own sealed content: a swap shows as each holding the other's.
  // Each row's digest is recomputed in the form its seal entry names.
  const changed: { row: Current; d: string; was: Sealed }[] = [];
  const seen = new Set<string>();
  for (const row of current) {
    const k = `${row.table}\u0000${row.id}`;
    seen.add(k);
    const was = sealed.get(k);
    if (was === undefined) problem(row.table, row.id, 'inserted', 'no seal covers this row: it was written outside Warrant');
    else if (!DIGEST_VERSIONS.includes(was.v))
      problem(row.table, row.id, 'changed', `seal ${was.seal} holds its digest in form ${was.v}, which this version of Warrant does not know`);
    else {
      const d = row.digest(was.v);
      if (was.d !== d) changed.push({ row, d, was });
      else if (was.o !== undefined && was.o !== row.o) problem(row.table, row.id, 'reordered', `its place in order is ${row.o}, sealed as ${was.o}`);
    }
  }
  const sealedDigestOf = new Map<string, string>();
  for (const { row, was } of changed) sealedDigestOf.set(`${row.table}\u0000${was.d}`, row.id);
  for (const { row, d, was } of changed) {
    const other = sealedDigestOf.get(`${row.table}\u0000${d}`);
    if (other !== undefined && other !== row.id) problem(row.table, row.id, 'reordered', `it now holds what was sealed as ${other}`);
    else problem(row.table, row.id, 'changed', `its content differs from what seal ${was.seal} holds`);
  }
  // A prune removes rows written before its cutoff: a seal straddling the cutoff keeps its later
  // rows only, and its checkpoint lists the entries it removed there; a turn's result and trace go
  // with their turn even when sealed later. An edited checkpoint accounts for nothing. One written
  // before spans (form 1) accounts for any row of a seal starting before its cutoff — all a cutoff
  // can say — and one without a MAC only for rows sealed in form 1 (written when it was).
  const cutoff = (legacy: boolean) =>
    Math.max(
      -Infinity,
      ...checkpoints
        .filter((c) => {
          const name = `${c.chain_id}#${Number(c.through_seq)}`;
          return !editedCheckpoints.has(name) && legacyCheckpoints.has(name) === legacy && (legacy || Number(c.form) === 1);
        })
        .map((c) => asDate(c.pruned_before).getTime()),
    );
  const prunedBeforeMac = cutoff(false);
  const prunedBeforeLegacy = cutoff(true);
  // Whether any checkpoint that accounts for rows sealed in form `v` is there at all.
  const anyPrune = (v: number) =>
    checkpoints.some((c) => {
      const name = `${c.chain_id}#${Number(c.through_seq)}`;
      return !editedCheckpoints.has(name) && (v < 2 || !legacyCheckpoints.has(name));
    });
  const pruned = (table: EvidenceTable, id: string, was: Sealed): boolean => {
    if (prunedEntries.has(`${was.seal}#${was.i}`)) return true;
    const prunedBefore = was.v >= 2 ? prunedBeforeMac : Math.max(prunedBeforeMac, prunedBeforeLegacy);
    if (was.from < prunedBefore) return true;
    if (table !== 'turn_results' && table !== 'turn_traces') return false;
    // A turn's result and trace go with their turn, though sealed after it: accepted where the
    // turn is — its seal pruned too (no seal left lists it, nor is it stored), or its seal kept
    // (spanning the cutoff) and the turn accepted as pruned from it, in the turn's own form.
    if (seen.has(`turns\u0000${id}`)) return false;
    const turn = sealed.get(`turns\u0000${id}`);
    return turn === undefined ? anyPrune(was.v) : pruned('turns', id, turn);
  };
  for (const [k, was] of sealed) {
    if (seen.has(k)) continue;
    const [table, id] = k.split('\u0000') as [EvidenceTable, string];
    if (!erased.has(erasedKey(table, id)) && !pruned(table, id, was))
      problem(table, id, 'deleted', `sealed in ${was.seal}, and no erasure record or prune accounts for it`);
  }

  return {
    report: {
      tenantId,
      rows: current.length,
      seals: seals.length,
      chains: chains.size,
      erasures: erasures.map((e) => ({ id: e.id, requestedBy: e.requested_by, requestedAt: asDate(e.requested_at).toISOString(), rowCount: e.row_count })),
      pruned: checkpoints.map((c) => ({
        chainId: c.chain_id,
        throughSeq: Number(c.through_seq),
        rule: c.rule,
        prunedBefore: asDate(c.pruned_before).toISOString(),
        prunedAt: asDate(c.pruned_at).toISOString(),
        rowCount: c.row_count,
      })),
    },
    found,
  };
}

function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}
