import {
  effectDigest,
  erasureDigest,
  suggestionDigest,
  turnDigest,
  turnEventDigest,
  turnEventId,
  turnResultDigest,
} from '../evidence/evidence-digest.js';
import { storeCall } from '../evidence/store-call.js';
import type { Database } from '../store/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { suggestEvidenceToJson } from '../suggest/suggest-evidence-json.js';

/** Options of {@link exportEvidence}. */
export interface ExportEvidenceOptions {
  readonly tenantId: string;
  /** Only records from this time on. Default everything. */
  readonly since?: Date | undefined;
  /** The `cursor` of the last line received: the export resumes after it. */
  readonly cursor?: string | undefined;
  /** Rows read per statement. Default 2,000: memory stays that of one page whatever the export's size. */
  readonly pageRows?: number;
}

/** The kinds of record, in the order an export walks them. */
const KINDS = ['effects', 'suggestions', 'turns', 'evidence_erasures', 'evidence_seals'] as const;
type Kind = (typeof KINDS)[number];

/** Seals are stamped by the app's clock, turns by the database's: look this far around a page's times. */
const SKEW_MS = 5 * 60_000;

type Proof = { digest: string; seal: string | null; seal_hash: string | null };

/**
 * A tenant's evidence as NDJSON lines, one record per line in the API's wire forms, each with its
 * integrity proof (the digest its seal lists, and that seal's id and HMAC, or `null` seals when no
 * seal covers it) and a `cursor` to resume after it: effects, suggestion results, turns (with their
 * events), erasure records, then the seals themselves, so the chain can be checked offline. Read a
 * page at a time (keyset pagination), so memory does not grow with the export. A cursor that is
 * not one this export issued is refused at `$.cursor`.
 */
export async function* exportEvidence(db: Database, { tenantId, since, cursor, pageRows = 2_000 }: ExportEvidenceOptions): AsyncGenerator<string> {
  let [kindIndex, after] = cursor === undefined ? [0, undefined] : startOf(cursor);
  const sinceIso = since?.toISOString() ?? '-infinity';
  const read = <T extends Record<string, unknown>>(sql: string, params: unknown[]) => storeCall('evidence could not be exported', () => db.query<T>(sql, params));
  const proofs = async (kind: string, ids: readonly string[], from: Date, to: Date): Promise<Map<string, { seal: string; hash: string }>> => {
    if (ids.length === 0) return new Map();
    const rows = await read<{ id: string; seal: string; hash: string }>(
      `select e->>'id' as id, s.chain_id || '#' || s.seq as seal, s.hash
         from evidence_seals s, json_array_elements(s.entries) e
        where s.tenant_id = $1 and s.covers_to >= $2 and s.covers_from <= $3 and e->>'t' = $4 and e->>'id' = any($5::text[])`,
      [tenantId, new Date(from.getTime() - SKEW_MS).toISOString(), new Date(to.getTime() + SKEW_MS).toISOString(), kind, ids],
    );
    return new Map(rows.map((r) => [r.id, { seal: r.seal, hash: r.hash }]));
  };
  const proof = (digest: string, sealed: { seal: string; hash: string } | undefined): Proof => ({ digest, seal: sealed?.seal ?? null, seal_hash: sealed?.hash ?? null });
  const line = (kind: Kind, key: string, body: string) => `{"kind":${JSON.stringify(kind)},${body},"cursor":${JSON.stringify(encodeCursor('evidence-export', [String(KINDS.indexOf(kind)), key]))}}\n`;

  for (; kindIndex < KINDS.length; kindIndex++, after = undefined) {
    const kind = KINDS[kindIndex]!;
    for (;;) {
      let lines: string[];
      if (kind === 'effects') {
        const rows = await read<{ id: string; created_at: Date; status: string; interaction_kind: string; effect: string; contract: string; candidates: string }>(
          `select id, created_at, status, interaction_kind, effect::text as effect, contract::text as contract, candidates::text as candidates
             from effects where tenant_id = $1 and created_at >= $2 and id > $3 order by id limit $4`,
          [tenantId, sinceIso, after ?? '', pageRows],
        );
        const sealed = await proofs('effects', rows.map((r) => r.id), minTime(rows.map((r) => r.created_at)), maxTime(rows.map((r) => r.created_at)));
        lines = rows.map((r) => {
          const at = asDate(r.created_at);
          const head = `"id":${JSON.stringify(r.id)},"created_at":${JSON.stringify(at.toISOString())}`;
          const effect = r.effect.trim() === '{}' ? `{${head}}` : `{${head},${r.effect.trim().slice(1)}`;
          const digest = effectDigest({ createdAt: at, status: r.status, interactionKind: r.interaction_kind, effectText: r.effect, contractText: r.contract, candidatesText: r.candidates });
          return line(kind, r.id, `"id":${JSON.stringify(r.id)},"record":{"effect":${effect},"contract":${r.contract},"candidates":${r.candidates}},"proof":${JSON.stringify(proof(digest, sealed.get(r.id)))}`);
        });
      } else if (kind === 'suggestions') {
        const rows = await read<{ id: string; created_at: Date; match_id: string; result_type: string; result: unknown; evidence: Record<string, unknown> }>(
          'select id, created_at, match_id, result_type, result, evidence from suggestions where tenant_id = $1 and created_at >= $2 and id > $3 order by id limit $4',
          [tenantId, sinceIso, after ?? '', pageRows],
        );
        const sealed = await proofs('suggestions', rows.map((r) => r.id), minTime(rows.map((r) => r.created_at)), maxTime(rows.map((r) => r.created_at)));
        lines = rows.map((r) => {
          const at = asDate(r.created_at);
          const digest = suggestionDigest({ createdAt: at, matchId: r.match_id, resultType: r.result_type, result: r.result, evidence: r.evidence });
          const record = { id: r.id, created_at: at.toISOString(), match_id: r.match_id, result: r.result, evidence: suggestEvidenceToJson(r.evidence) };
          return line(kind, r.id, `"id":${JSON.stringify(r.id)},"record":${JSON.stringify(record)},"proof":${JSON.stringify(proof(digest, sealed.get(r.id)))}`);
        });
      } else if (kind === 'turns') {
        const rows = await read<{ id: string; seq: number; conversation_id: string; input: unknown; commit: unknown; result: unknown; committed_at: Date; composed_at: Date | null }>(
          `select id, seq, conversation_id, input, commit, result, committed_at, composed_at from turns
            where tenant_id = $1 and committed_at >= $2 and id > $3 order by id limit $4`,
          // By the tenant's own ids, never by \`seq\`, which every tenant shares.
          [tenantId, sinceIso, after ?? '', pageRows],
        );
        const ids = rows.map((r) => r.id);
        const events = ids.length === 0 ? [] : await read<{ record_id: string; revision: number; type: string; payload: unknown; turn_id: string; position: number }>(
          'select record_id, revision, type, payload, turn_id, position from turn_events where tenant_id = $1 and turn_id = any($2::text[]) order by turn_id, position',
          [tenantId, ids],
        );
        const times = rows.flatMap((r) => [r.committed_at, ...(r.composed_at ? [r.composed_at] : [])]);
        const from = minTime(times);
        const to = maxTime(times);
        const [turnSeals, resultSeals, eventSeals] = await Promise.all([
          proofs('turns', ids, from, to),
          proofs('turn_results', rows.filter((r) => r.result != null).map((r) => r.id), from, to),
          proofs('turn_events', events.map((e) => turnEventId(e.record_id, e.revision)), from, to),
        ]);
        const byTurn = new Map<string, typeof events>();
        for (const e of events) byTurn.set(e.turn_id, [...(byTurn.get(e.turn_id) ?? []), e]);
        lines = rows.map((r) => {
          const own = byTurn.get(r.id) ?? [];
          const record = {
            id: r.id,
            conversation_id: r.conversation_id,
            committed_at: asDate(r.committed_at).toISOString(),
            input: r.input,
            commit: r.commit,
            result: r.result ?? null,
            events: own.map((e) => ({ record_id: e.record_id, revision: e.revision, type: e.type, payload: e.payload, position: e.position })),
          };
          const proofs = {
            turn: proof(turnDigest({ conversationId: r.conversation_id, input: r.input, commit: r.commit }), turnSeals.get(r.id)),
            result: r.result == null ? null : proof(turnResultDigest(r.result), resultSeals.get(r.id)),
            events: own.map((e) => proof(turnEventDigest({ type: e.type, payload: e.payload, turnId: e.turn_id, position: e.position }), eventSeals.get(turnEventId(e.record_id, e.revision)))),
          };
          return line(kind, r.id, `"id":${JSON.stringify(r.id)},"record":${JSON.stringify(record)},"proof":${JSON.stringify(proofs)}`);
        });
      } else if (kind === 'evidence_erasures') {
        const rows = await read<{ id: string; requested_by: string; requested_at: Date; subject_sha256: string; row_count: number; erased: string[] }>(
          'select id, requested_by, requested_at, subject_sha256, row_count, erased from evidence_erasures where tenant_id = $1 and requested_at >= $2 and id > $3 order by id limit $4',
          [tenantId, sinceIso, after ?? '', pageRows],
        );
        const sealed = await proofs('evidence_erasures', rows.map((r) => r.id), minTime(rows.map((r) => r.requested_at)), maxTime(rows.map((r) => r.requested_at)));
        lines = rows.map((r) => {
          const at = asDate(r.requested_at);
          const digest = erasureDigest({ requestedBy: r.requested_by, requestedAt: at, subjectSha256: r.subject_sha256, rowCount: r.row_count, erased: r.erased });
          const record = { id: r.id, requested_by: r.requested_by, requested_at: at.toISOString(), row_count: r.row_count, erased: r.erased };
          return line(kind, r.id, `"id":${JSON.stringify(r.id)},"record":${JSON.stringify(record)},"proof":${JSON.stringify(proof(digest, sealed.get(r.id)))}`);
        });
      } else {
        const [chain, seq] = after === undefined ? ['', 0] : [after.slice(0, after.lastIndexOf('#')), Number(after.slice(after.lastIndexOf('#') + 1))];
        const rows = await read<{ chain_id: string; seq: number; prev: string; hash: string; entries: string; covers_from: Date; covers_to: Date }>(
          `select chain_id, seq, prev, hash, entries::text as entries, covers_from, covers_to from evidence_seals
            where tenant_id = $1 and covers_to >= $2 and (chain_id, seq) > ($3, $4) order by chain_id, seq limit $5`,
          [tenantId, sinceIso, chain, seq, pageRows],
        );
        lines = rows.map((r) => {
          const id = `${r.chain_id}#${Number(r.seq)}`;
          const head = { chain_id: r.chain_id, seq: Number(r.seq), prev: r.prev, hash: r.hash, covers_from: asDate(r.covers_from).toISOString(), covers_to: asDate(r.covers_to).toISOString() };
          return line(kind, id, `"id":${JSON.stringify(id)},"record":${JSON.stringify(head).slice(0, -1)},"entries":${r.entries}}`);
        });
        if (rows.length > 0) after = `${rows.at(-1)!.chain_id}#${Number(rows.at(-1)!.seq)}`;
      }
      for (const l of lines) yield l;
      if (lines.length < pageRows) break;
      if (kind !== 'evidence_seals') after = keyOfLine(lines.at(-1)!);
    }
  }
}

/** The kind and key a cursor resumes after. */
function startOf(cursor: string): [number, string] {
  const [kind, key] = decodeCursor(cursor, 'evidence-export', (p) => p.length === 2 && /^[0-4]$/.test(p[0]!) && p[1]!.length > 0);
  return [Number(kind), key!];
}

/** The key a line's cursor holds (its last field), without parsing the whole line. */
function keyOfLine(line: string): string {
  const cursor = JSON.parse(line.slice(line.lastIndexOf(',"cursor":') + 10, -2)) as string;
  return startOf(cursor)[1];
}

function asDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

function minTime(values: readonly unknown[]): Date {
  return new Date(Math.min(...values.map((v) => asDate(v).getTime())));
}

function maxTime(values: readonly unknown[]): Date {
  return new Date(Math.max(...values.map((v) => asDate(v).getTime())));
}
