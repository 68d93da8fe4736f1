import {
  canonicalJson,
  DIGEST_VERSION,
  effectDigest,
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
} from '../evidence/evidence-digest.js';
import { compileJsonEncoder, RawJson } from '../evidence/compile-json-encoder.js';
import { EXPORT_KINDS, exportLineSchema, type EvidenceProof, type ExportKind } from '../evidence/export-line.js';
import { storeCall } from '../evidence/store-call.js';
import type { Database } from '../store/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { suggestEvidenceToJson } from '../suggest/suggest-evidence.js';
import { storedSuggestEvidence } from './suggestion-queries.js';

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

const encodeLine = compileJsonEncoder(exportLineSchema);
/** A record as its NDJSON line, written as the line's schema declares it (`compile-json-encoder.ts` says why it is not parsed). */
const lineOf: typeof encodeLine = (value) => `${encodeLine(value)}\n`;

/** Seals are stamped by the app's clock, turns by the database's: look this far around a page's times. */
const SKEW_MS = 5 * 60_000;

/** The longest span of a seal found by its end time alone; wider ones are listed once per export. */
const WIDE_MS = 1_000;

/** The seal listing a row, and the form its entry's digest is in (which the proof's digest is computed in). */
type SealedIn = { seal: string; hash: string; v: number };

/** The digest form of a row's proof: its seal entry's, or the current one for a row no seal lists. */
const formOf = (sealed: SealedIn | undefined) => sealed?.v ?? DIGEST_VERSION;

/**
 * A tenant's evidence as NDJSON lines, one record per line in the API's wire forms (each line as
 * `exportLineSchema` declares it, written through the encoder compiled from it), each with its
 * integrity proof (the digest its seal lists, the digest's form, and that seal's id and HMAC, or
 * `null` seals when no seal covers it) and a `cursor` to resume after it: effects, suggestion
 * results, turns (with their events), erasure records, the seals themselves, then the prune
 * checkpoints, so the chain can be checked offline. Each record carries every column its digest
 * covers (the effect's indexed `status` and `interaction_kind`, trace ids, commit times to the
 * microsecond, an erasure's subject digest), so its digest can be recomputed from its line alone
 * (`examples/evidence-export/check-export.mjs`). Read a page at a time (keyset pagination), so
 * memory does not grow with the export. A cursor that is not one this export issued is refused at
 * `$.cursor`.
 */
export async function* exportEvidence(db: Database, { tenantId, since, cursor, pageRows = 2_000 }: ExportEvidenceOptions): AsyncGenerator<string> {
  let [kindIndex, after] = cursor === undefined ? [0, undefined] : startOf(cursor);
  const sinceIso = since?.toISOString() ?? '-infinity';
  const read = <T extends Record<string, unknown>>(sql: string, params: unknown[]) =>
    storeCall('evidence could not be exported', () => db.query<T>(sql, params));
  const sealsOf = sealFinder(read, tenantId);
  const proofs = async (kind: string, ids: readonly string[], from: Date, to: Date): Promise<Map<string, SealedIn>> => {
    if (ids.length === 0) return new Map();
    const found = await sealsOf(from, to, kind === 'turns' || kind === 'turn_results' || kind === 'turn_events' ? SKEW_MS : 0);
    const out = new Map<string, SealedIn>();
    for (const id of ids) {
      const sealed = found.get(`${kind}\u0000${id}`);
      if (sealed !== undefined) out.set(id, sealed);
    }
    return out;
  };
  const proof = (digest: string, sealed: SealedIn | undefined): EvidenceProof => ({
    digest,
    form: formOf(sealed),
    seal: sealed?.seal ?? null,
    seal_hash: sealed?.hash ?? null,
  });
  const cursorOf = (kind: ExportKind, key: string) => encodeCursor('evidence-export', [String(EXPORT_KINDS.indexOf(kind)), key]);

  // The next page of a kind is asked for as soon as a page arrives, so the store reads it while
  // this one is digested and serialised: two pages in memory at most.
  let ahead: { key: string; rows: Promise<{ id: string }[]> } | undefined;
  const paged = async <T extends { id: string }>(kind: ExportKind, after: string, fetch: (after: string) => Promise<T[]>): Promise<T[]> => {
    const rows = await (ahead?.key === `${kind}\u0000${after}` ? (ahead.rows as Promise<T[]>) : fetch(after));
    ahead = undefined;
    if (rows.length === pageRows) {
      const last = rows.at(-1)!.id;
      const next = fetch(last);
      next.catch(() => {}); // awaited with the next page; an export stopped early never asks
      ahead = { key: `${kind}\u0000${last}`, rows: next };
    }
    return rows;
  };

  for (; kindIndex < EXPORT_KINDS.length; kindIndex++, after = undefined) {
    const kind = EXPORT_KINDS[kindIndex]!;
    for (;;) {
      let lines: string[];
      if (kind === 'effects') {
        const rows = await paged('effects', after ?? '', (a) =>
          read<EffectEvidenceRow>(
            `select id, created_at, status, interaction_kind, effect::text as effect, contract::text as contract, candidates::text as candidates, trace_id
             from effects where tenant_id = $1 and created_at >= $2 and id > $3 order by id limit $4`,
            [tenantId, sinceIso, a, pageRows],
          ),
        );
        const sealed = await proofs(
          'effects',
          rows.map((r) => r.id),
          minTime(rows.map((r) => r.created_at)),
          maxTime(rows.map((r) => r.created_at)),
        );
        lines = rows.map((r) => {
          const at = asDate(r.created_at);
          // The row's id, time and trace id first, then the stored effect's members as stored.
          const head = `"id":${JSON.stringify(r.id)},"created_at":${JSON.stringify(at.toISOString())},"trace_id":${JSON.stringify(r.trace_id ?? null)}`;
          const effect = new RawJson(r.effect.trim() === '{}' ? `{${head}}` : `{${head},${r.effect.trim().slice(1)}`);
          const own = sealed.get(r.id);
          const digest = effectDigest(
            {
              createdAt: at,
              status: r.status,
              interactionKind: r.interaction_kind,
              effectText: r.effect,
              contractText: r.contract,
              candidatesText: r.candidates,
              traceId: r.trace_id,
            },
            formOf(own),
          );
          return lineOf({
            kind: 'effects',
            id: r.id,
            record: {
              effect,
              contract: new RawJson(r.contract),
              candidates: new RawJson(r.candidates),
              status: r.status,
              interaction_kind: r.interaction_kind,
            },
            proof: proof(digest, own),
            cursor: cursorOf('effects', r.id),
          });
        });
      } else if (kind === 'suggestions') {
        const rows = await paged('suggestions', after ?? '', (a) =>
          read<SuggestionEvidenceRow>(
            'select id, created_at, match_id, result_type, result, evidence, trace_id from suggestions where tenant_id = $1 and created_at >= $2 and id > $3 order by id limit $4',
            [tenantId, sinceIso, a, pageRows],
          ),
        );
        const sealed = await proofs(
          'suggestions',
          rows.map((r) => r.id),
          minTime(rows.map((r) => r.created_at)),
          maxTime(rows.map((r) => r.created_at)),
        );
        lines = rows.map((r) => {
          const at = asDate(r.created_at);
          const own = sealed.get(r.id);
          const digest = suggestionDigest(
            { createdAt: at, matchId: r.match_id, resultType: r.result_type, result: r.result, evidence: r.evidence, traceId: r.trace_id },
            formOf(own),
          );
          const evidence = suggestEvidenceToJson(storedSuggestEvidence(r.id, r.evidence));
          const evidenceJson: unknown = JSON.parse(JSON.stringify(evidence));
          return lineOf({
            kind: 'suggestions',
            id: r.id,
            record: {
              id: r.id,
              created_at: at.toISOString(),
              match_id: r.match_id,
              result_type: r.result_type,
              result: r.result,
              evidence: evidenceJson,
              // Evidence stored before it was kept in its wire form (camelCase) was sealed as stored:
              // that form rides along, so the digest can be recomputed from the line.
              stored_evidence: canonicalJson(evidenceJson) === canonicalJson(r.evidence) ? undefined : r.evidence,
              trace_id: r.trace_id ?? null,
            },
            proof: proof(digest, own),
            cursor: cursorOf('suggestions', r.id),
          });
        });
      } else if (kind === 'turns') {
        const rows = await paged('turns', after ?? '', (a) =>
          read<{
            id: string;
            seq: number;
            conversation_id: string;
            input: unknown;
            commit: unknown;
            result: unknown;
            committed_at: Date;
            committed_at_text: string;
            composed_at: Date | null;
            trace_id: string | null;
          }>(
            `select id, seq, conversation_id, input, commit, result, committed_at, ${isoMicrosSql('committed_at')} as committed_at_text, composed_at, trace_id from turns
            where tenant_id = $1 and committed_at >= $2 and id > $3 order by id limit $4`,
            // By the tenant's own ids, never by \`seq\`, which every tenant shares.
            [tenantId, sinceIso, a, pageRows],
          ),
        );
        const ids = rows.map((r) => r.id);
        const events =
          ids.length === 0
            ? []
            : await read<{ record_id: string; revision: number; type: string; payload: unknown; turn_id: string; position: number; committed_at: string }>(
                `select record_id, revision, type, payload, turn_id, position, ${isoMicrosSql('committed_at')} as committed_at from turn_events where tenant_id = $1 and turn_id = any($2::text[]) order by turn_id, position`,
                [tenantId, ids],
              );
        const times = rows.flatMap((r) => [r.committed_at, ...(r.composed_at ? [r.composed_at] : [])]);
        const from = minTime(times);
        const to = maxTime(times);
        const [turnSeals, resultSeals, traceSeals, eventSeals] = await Promise.all([
          proofs('turns', ids, from, to),
          proofs(
            'turn_results',
            rows.filter((r) => r.result != null).map((r) => r.id),
            from,
            to,
          ),
          proofs(
            'turn_traces',
            rows.filter((r) => r.trace_id != null).map((r) => r.id),
            from,
            to,
          ),
          proofs(
            'turn_events',
            events.map((e) => turnEventId(e.record_id, e.revision)),
            from,
            to,
          ),
        ]);
        const byTurn = new Map<string, typeof events>();
        for (const e of events) byTurn.set(e.turn_id, [...(byTurn.get(e.turn_id) ?? []), e]);
        lines = rows.map((r) => {
          const own = byTurn.get(r.id) ?? [];
          const proofs = {
            turn: proof(
              turnDigest(
                { conversationId: r.conversation_id, input: r.input, commit: r.commit, committedAt: r.committed_at_text },
                formOf(turnSeals.get(r.id)),
              ),
              turnSeals.get(r.id),
            ),
            result: r.result == null ? null : proof(turnResultDigest(r.result), resultSeals.get(r.id)),
            // A turn sealed in form 1 had its trace recorded unsealed (verification leaves it unchecked): no proof.
            trace:
              r.trace_id == null || (formOf(turnSeals.get(r.id)) < 2 && !traceSeals.has(r.id))
                ? null
                : proof(turnTraceDigest(r.trace_id), traceSeals.get(r.id)),
            events: own.map((e) => {
              const sealed = eventSeals.get(turnEventId(e.record_id, e.revision));
              return proof(
                turnEventDigest({ type: e.type, payload: e.payload, turnId: e.turn_id, position: e.position, committedAt: e.committed_at }, formOf(sealed)),
                sealed,
              );
            }),
          };
          return lineOf({
            kind: 'turns',
            id: r.id,
            // Commit times to the microsecond, as form 2 digests them.
            record: {
              id: r.id,
              seq: Number(r.seq),
              conversation_id: r.conversation_id,
              committed_at: r.committed_at_text,
              input: r.input,
              commit: r.commit,
              result: r.result ?? null,
              trace_id: r.trace_id ?? null,
              events: own.map((e) => ({
                record_id: e.record_id,
                revision: e.revision,
                type: e.type,
                payload: e.payload,
                position: e.position,
                committed_at: e.committed_at,
              })),
            },
            proof: proofs,
            cursor: cursorOf('turns', r.id),
          });
        });
      } else if (kind === 'evidence_erasures') {
        const rows = await paged('evidence_erasures', after ?? '', (a) =>
          read<{ id: string; requested_by: string; requested_at: Date; subject_sha256: string; row_count: number; erased: string[] }>(
            'select id, requested_by, requested_at, subject_sha256, row_count, erased from evidence_erasures where tenant_id = $1 and requested_at >= $2 and id > $3 order by id limit $4',
            [tenantId, sinceIso, a, pageRows],
          ),
        );
        const sealed = await proofs(
          'evidence_erasures',
          rows.map((r) => r.id),
          minTime(rows.map((r) => r.requested_at)),
          maxTime(rows.map((r) => r.requested_at)),
        );
        lines = rows.map((r) => {
          const at = asDate(r.requested_at);
          const digest = erasureDigest({
            requestedBy: r.requested_by,
            requestedAt: at,
            subjectSha256: r.subject_sha256,
            rowCount: r.row_count,
            erased: r.erased,
          });
          return lineOf({
            kind: 'evidence_erasures',
            id: r.id,
            record: {
              id: r.id,
              requested_by: r.requested_by,
              requested_at: at.toISOString(),
              subject_sha256: r.subject_sha256,
              row_count: r.row_count,
              erased: r.erased,
            },
            proof: proof(digest, sealed.get(r.id)),
            cursor: cursorOf('evidence_erasures', r.id),
          });
        });
      } else if (kind === 'evidence_checkpoints') {
        // Every checkpoint, whatever `since`: they are few (a newer one collapses the older ones
        // of its chain), and the first exported seal of a chain may link to one.
        const [chain, seq] = splitKey(after);
        const rows = await read<{
          chain_id: string;
          through_seq: number;
          hash: string;
          rule: string;
          pruned_before: string;
          pruned_at: string;
          row_count: number;
          form: number;
          spans: unknown;
          mac: string | null;
        }>(
          `select chain_id, through_seq, hash, rule, ${isoMicrosSql('pruned_before')} as pruned_before, ${isoMicrosSql('pruned_at')} as pruned_at, row_count,
                  form, spans, mac
             from evidence_checkpoints where tenant_id = $1 and (chain_id, through_seq) > ($2, $3) order by chain_id, through_seq limit $4`,
          [tenantId, chain, seq, pageRows],
        );
        lines = rows.map((r) => {
          const id = `${r.chain_id}#${Number(r.through_seq)}`;
          return lineOf({
            kind: 'evidence_checkpoints',
            id,
            // Times to the microsecond and the spans (form 2), as its MAC covers them.
            record: {
              chain_id: r.chain_id,
              through_seq: Number(r.through_seq),
              hash: r.hash,
              rule: r.rule,
              pruned_before: r.pruned_before,
              pruned_at: r.pruned_at,
              row_count: Number(r.row_count),
              form: Number(r.form),
              spans: (typeof r.spans === 'string' ? JSON.parse(r.spans) : r.spans) ?? null,
              mac: r.mac,
            },
            cursor: cursorOf('evidence_checkpoints', id),
          });
        });
      } else {
        const [chain, seq] = splitKey(after);
        const rows = await read<{ chain_id: string; seq: number; prev: string; hash: string; entries: string; covers_from: Date; covers_to: Date }>(
          `select chain_id, seq, prev, hash, entries::text as entries, covers_from, covers_to from evidence_seals
            where tenant_id = $1 and covers_to >= $2 and (chain_id, seq) > ($3, $4) order by chain_id, seq limit $5`,
          [tenantId, sinceIso, chain, seq, pageRows],
        );
        lines = rows.map((r) => {
          const id = `${r.chain_id}#${Number(r.seq)}`;
          return lineOf({
            kind: 'evidence_seals',
            id,
            record: {
              chain_id: r.chain_id,
              seq: Number(r.seq),
              prev: r.prev,
              hash: r.hash,
              covers_from: asDate(r.covers_from).toISOString(),
              covers_to: asDate(r.covers_to).toISOString(),
              entries: new RawJson(r.entries),
            },
            cursor: cursorOf('evidence_seals', id),
          });
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
  const [kind, key] = decodeCursor(cursor, 'evidence-export', (p) => p.length === 2 && /^[0-5]$/.test(p[0]!) && p[1]!.length > 0);
  return [Number(kind), key!];
}

/** A seal's or checkpoint's key (`chain#seq`) as the chain and number to page after. */
function splitKey(after: string | undefined): [string, number] {
  if (after === undefined) return ['', 0];
  const at = after.lastIndexOf('#');
  return [after.slice(0, at), Number(after.slice(at + 1))];
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

type Read = <T extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * Finds the seals listing a page's rows written between `from` and `to`. A seal's range is the
 * times of the rows it lists — exactly, for effects, suggestion results and erasure records
 * (stamped by the same clock as their seal: `margin` 0), within {@link SKEW_MS} for turns (the
 * database's clock). So the seals wanted end between `from - margin` and `to + margin` plus their
 * own span: one bounded range of the `(tenant_id, covers_to)` index when spans are at most
 * {@link WIDE_MS} (a group-commit batch spans milliseconds), their entries parsed here rather
 * than expanded by the server. Seals spanning more (a batch of rows dated far apart, which the
 * sidecar never writes) are listed once per export, by range only, and fetched by key for the
 * pages they overlap, so no page scans the seals after it. Keyed `table\u0000id`; the pages of
 * turns ask it three times for one window, which is read once.
 */
function sealFinder(read: Read, tenantId: string): (from: Date, to: Date, margin: number) => Promise<Map<string, SealedIn>> {
  let wide: Promise<{ chain_id: string; seq: number; from: number; to: number }[]> | undefined;
  let last: { from: number; to: number; found: Promise<Map<string, SealedIn>> } | undefined;
  const find = async (from: Date, to: Date, margin: number) => {
    const low = new Date(from.getTime() - margin);
    const high = new Date(to.getTime() + margin);
    const highest = new Date(high.getTime() + WIDE_MS);
    wide ??= read<{ chain_id: string; seq: number; covers_from: Date; covers_to: Date }>(
      `select chain_id, seq, covers_from, covers_to from evidence_seals where tenant_id = $1 and covers_to > covers_from + interval '${WIDE_MS} milliseconds'`,
      [tenantId],
    ).then((rows) => rows.map((r) => ({ chain_id: r.chain_id, seq: Number(r.seq), from: asDate(r.covers_from).getTime(), to: asDate(r.covers_to).getTime() })));
    const across = (await wide).filter((w) => w.from <= high.getTime() && w.to > highest.getTime());
    type SealText = { chain_id: string; seq: number; hash: string; entries: string };
    const seals = await read<SealText>(
      `select chain_id, seq, hash, entries::text as entries from evidence_seals
        where tenant_id = $1 and covers_to >= $2 and covers_to <= $3 and covers_from <= $4`,
      [tenantId, low.toISOString(), highest.toISOString(), high.toISOString()],
    );
    if (across.length > 0) {
      seals.push(
        ...(await read<SealText>(
          `select s.chain_id, s.seq, s.hash, s.entries::text as entries
             from json_to_recordset($2::json) w(chain_id text, seq bigint) join evidence_seals s on s.tenant_id = $1 and s.chain_id = w.chain_id and s.seq = w.seq`,
          [tenantId, JSON.stringify(across.map(({ chain_id, seq }) => ({ chain_id, seq })))],
        )),
      );
    }
    const found = new Map<string, SealedIn>();
    for (const s of seals) {
      const seal = `${s.chain_id}#${Number(s.seq)}`;
      for (const e of JSON.parse(s.entries) as { t: string; id: string; v?: number }[]) found.set(`${e.t}\u0000${e.id}`, { seal, hash: s.hash, v: e.v ?? 1 });
    }
    return found;
  };
  return (from, to, margin) => {
    if (last === undefined || last.from !== from.getTime() || last.to !== to.getTime())
      last = { from: from.getTime(), to: to.getTime(), found: find(from, to, margin) };
    return last.found;
  };
}
