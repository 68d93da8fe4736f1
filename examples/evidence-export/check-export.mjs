#!/usr/bin/env node
/**
 * Checks a Warrant evidence export offline, from the NDJSON alone, with nothing of Warrant's: it
 * recomputes every record's digest from its own line (in the form its proof names), finds the
 * seal exported below it that lists the record, and checks that the seal lists exactly that
 * digest in that form. Given the tenant (`WARRANT_TENANT`) and the deployment's key
 * (`WARRANT_EVIDENCE_KEY`, or the published default), it also recomputes every seal's HMAC and its link to the seal before it (or to the prune
 * checkpoint its chain starts after), and every checkpoint's MAC.
 *
 *   node check-export.mjs acme.ndjson            # or: warrant evidence export --tenant acme | node check-export.mjs
 *   WARRANT_TENANT=acme WARRANT_EVIDENCE_KEY=… node check-export.mjs acme.ndjson   # the HMACs too
 *
 * Prints one line per problem and a summary; exits 1 when anything does not match. An export made
 * with `--since` starts its chains mid-way: their first links are not checked. The digests are
 * those of `src/evidence/evidence-digest.ts`, spelled out again here on purpose, so an auditor
 * can read in one page what each record's digest covers. What a line holds is not spelled out
 * again: `export-line.schema.json` beside this file is its JSON Schema, generated from the
 * export's own schema, and the types below come from it (`export-line.d.ts`).
 */
/** @typedef {import('./export-line.js').EvidenceExportLine} ExportLine */
/** @typedef {import('./export-line.js').EvidenceProof} EvidenceProof */
/** @typedef {import('./export-line.js').EvidenceExportSeal['record']} Seal */
/** @typedef {import('./export-line.js').EvidenceExportCheckpoint['record']} Checkpoint */
/**
 * One sealed row of a line, its digest recomputed from the line.
 * @typedef {{ table: string, id: string, form: number, digest: string, proof: EvidenceProof, order?: number }} LineDigest
 */
/** @typedef {{ table: string, id: string, detail: string }} ExportProblem */
import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The key Warrant seals with when none is configured. */
export const DEFAULT_EVIDENCE_KEY = 'warrant-evidence-v1';
const GENESIS = '0'.repeat(64);

/** @param {string} text */
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
/** @param {unknown} value */
const q = (value) => JSON.stringify(value ?? null);

/**
 * JSON with object keys sorted, no spaces: how `jsonb` columns (whose key order the database chooses) are digested.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = /** @type {Record<string, unknown>} */ (value);
  return `{${Object.keys(object)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k])}`)
    .join(',')}}`;
}

/**
 * The digests of one exported line's record, recomputed from the line: one entry per sealed row it
 * carries (a turn carries its result, its trace and its events too), each with the digest the
 * export's proof claims. Seal and checkpoint lines carry none.
 *
 * `json` columns (an effect's documents) are digested as their stored text, which Warrant writes
 * with `JSON.stringify`: the line holds them verbatim, and `JSON.stringify` of the parsed value
 * gives that text back. `jsonb` columns are digested in {@link canonicalJson}. Form 1 (seals
 * written before trace ids and commit times were covered) leaves those out.
 * @param {string | ExportLine} text
 * @returns {LineDigest[]}
 */
export function lineDigests(text) {
  /** @type {ExportLine} */
  const line = typeof text === 'string' ? JSON.parse(text) : text;
  const id = line.id;
  /** @type {(form: number, text: string) => string} */
  const at = (form, text) => (form >= 2 ? `,${text}` : '');
  if (line.kind === 'effects') {
    const { record: r, proof: p } = line;
    const { id: _id, created_at, trace_id, ...effect } = r.effect;
    const text = `${q(created_at)},${q(r.status)},${q(r.interaction_kind)},${JSON.stringify(effect)},${q(r.contract)},${JSON.stringify(r.candidates)}`;
    return [{ table: 'effects', id, form: p.form, digest: sha256(`["effects",${text}${at(p.form, q(trace_id))}]`), proof: p }];
  }
  if (line.kind === 'suggestions') {
    const { record: r, proof: p } = line;
    const evidence = canonicalJson(r.stored_evidence ?? r.evidence);
    const text = `${q(r.created_at)},${q(r.match_id)},${q(r.result_type)},${canonicalJson(r.result)},${evidence}`;
    return [{ table: 'suggestions', id, form: p.form, digest: sha256(`["suggestions",${text}${at(p.form, q(r.trace_id))}]`), proof: p }];
  }
  if (line.kind === 'turns') {
    const { record: r, proof: p } = line;
    const turn = `${q(r.conversation_id)},${canonicalJson(r.input)},${canonicalJson(r.commit)}`;
    /** @type {LineDigest[]} */
    const out = [
      { table: 'turns', id, form: p.turn.form, digest: sha256(`["turns",${turn}${at(p.turn.form, q(r.committed_at))}]`), proof: p.turn, order: r.seq },
    ];
    if (r.result !== null) {
      if (p.result === null) throw new Error(`turn ${id}: a result with no proof`);
      out.push({ table: 'turn_results', id, form: p.result.form, digest: sha256(`["turn_results",${canonicalJson(r.result)}]`), proof: p.result });
    }
    // A trace with no proof was recorded unsealed, under a turn sealed in form 1.
    if (p.trace !== null) out.push({ table: 'turn_traces', id, form: p.trace.form, digest: sha256(`["turn_traces",${q(r.trace_id)}]`), proof: p.trace });
    r.events.forEach((e, i) => {
      const proof = p.events[i];
      if (proof === undefined) throw new Error(`turn ${id}: event ${i} has no proof`);
      const text = `${q(e.type)},${canonicalJson(e.payload)},${q(id)},${e.position}${at(proof.form, q(e.committed_at))}`;
      out.push({ table: 'turn_events', id: `${e.record_id}#${e.revision}`, form: proof.form, digest: sha256(`["turn_events",${text}]`), proof });
    });
    return out;
  }
  if (line.kind === 'evidence_erasures') {
    const { record: r, proof: p } = line;
    const text = `${q(r.requested_by)},${q(r.requested_at)},${q(r.subject_sha256)},${r.row_count},${JSON.stringify(r.erased)}`;
    return [{ table: 'evidence_erasures', id, form: p.form, digest: sha256(`["evidence_erasures",${text}]`), proof: p }];
  }
  return [];
}

/**
 * A seal's HMAC: over its link, tenant, chain, place, time range and entries (an entry's form only where it names one).
 * @param {string} key
 * @param {string} tenantId
 * @param {Seal} s
 */
export function sealHash(key, tenantId, s) {
  const entries = s.entries.map((e) => (e.v === undefined ? [e.t, e.id, e.d, e.o ?? null] : [e.t, e.id, e.d, e.o ?? null, e.v]));
  return createHmac('sha256', key)
    .update([s.prev, tenantId, s.chain_id, String(s.seq), s.covers_from, s.covers_to, JSON.stringify(entries)].join('\n'), 'utf8')
    .digest('hex');
}

/**
 * A prune checkpoint's MAC: over every column, times to the microsecond. Form 2 (a checkpoint
 * that lists the seal entries it pruned from seals it left in place, `spans`) is tagged apart
 * from form 1 and covers the spans too.
 * @param {string} key
 * @param {string} tenantId
 * @param {Checkpoint} c
 */
export function checkpointMac(key, tenantId, c) {
  const parts = [tenantId, c.chain_id, String(c.through_seq), c.hash, c.rule, c.pruned_before, c.pruned_at, String(c.row_count)];
  const form = c.form ?? 1;
  const text = form === 1 ? ['checkpoint', ...parts] : [`checkpoint/${form}`, ...parts, JSON.stringify(c.spans ?? null)];
  return createHmac('sha256', key).update(text.join('\n'), 'utf8').digest('hex');
}

/**
 * Checks the lines of one tenant's export (`tenantId` is needed only with `key`: the HMACs cover
 * it). Returns how many records and sealed rows were checked, and every problem found.
 * @param {Iterable<string> | AsyncIterable<string>} lines
 * @param {{ key?: string | undefined, tenantId?: string | undefined }} [options]
 * @returns {Promise<{ records: number, rows: number, seals: number, checkpoints: number, problems: ExportProblem[] }>}
 */
export async function checkExport(lines, { key, tenantId } = {}) {
  /** @type {ExportProblem[]} */
  const problems = [];
  /** @type {(table: string, id: string, detail: string) => void} */
  const problem = (table, id, detail) => {
    problems.push({ table, id, detail });
  };
  /** @type {LineDigest[]} */
  const rows = [];
  /** @type {Seal[]} */
  const seals = [];
  /** @type {Map<string, Checkpoint>} */
  const checkpoints = new Map();
  let records = 0;
  for await (const text of lines) {
    if (text.trim() === '') continue;
    /** @type {ExportLine} */
    const line = JSON.parse(text);
    records++;
    if (line.kind === 'evidence_seals') seals.push(line.record);
    else if (line.kind === 'evidence_checkpoints') checkpoints.set(line.id, line.record);
    else rows.push(...lineDigests(line));
  }
  /** @type {Map<string, Seal['entries'][number] & { seal: string }>} */
  const listed = new Map();
  for (const s of seals) for (const e of s.entries) listed.set(`${e.t}\u0000${e.id}`, { ...e, seal: `${s.chain_id}#${s.seq}` });
  for (const row of rows) {
    if (row.digest !== row.proof.digest) problem(row.table, row.id, `the line's content digests to ${row.digest}, its proof says ${row.proof.digest}`);
    if (row.proof.seal === null) {
      problem(row.table, row.id, 'no seal covers it');
      continue;
    }
    const entry = listed.get(`${row.table}\u0000${row.id}`);
    if (entry === undefined) problem(row.table, row.id, `its seal ${row.proof.seal} is not in the export, or does not list it`);
    else if (entry.d !== row.digest || (entry.v ?? 1) !== row.form) problem(row.table, row.id, `seal ${entry.seal} lists another content for it`);
    else if (entry.o !== undefined && entry.o !== row.order) problem(row.table, row.id, `seal ${entry.seal} lists it at ${entry.o}, the line at ${row.order}`);
  }
  if (key !== undefined) {
    /** @type {Seal | undefined} */
    let last;
    for (const s of seals) {
      const name = `${s.chain_id}#${s.seq}`;
      if (sealHash(key, tenantId ?? '', s) !== s.hash) problem('evidence_seals', name, 'the seal does not match its HMAC');
      if (last?.chain_id === s.chain_id) {
        if (s.seq !== last.seq + 1 || s.prev !== last.hash) problem('evidence_seals', name, 'its link does not name the seal before it');
      } else {
        const start = s.seq === 1 ? GENESIS : checkpoints.get(`${s.chain_id}#${s.seq - 1}`)?.hash;
        if (start !== undefined && s.prev !== start) problem('evidence_seals', name, 'its link does not name where its chain starts');
      }
      last = s;
    }
    for (const [name, c] of checkpoints) {
      if (c.mac !== null && checkpointMac(key, tenantId ?? '', c) !== c.mac) problem('evidence_checkpoints', name, 'the checkpoint does not match its MAC');
    }
  }
  return { records, rows: rows.length, seals: seals.length, checkpoints: checkpoints.size, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  const lines = createInterface({ input: file === undefined || file === '-' ? process.stdin : createReadStream(file), crlfDelay: Infinity });
  // The lines name no tenant (an export is one tenant's), and the HMACs cover it: without one, only the digests are checked.
  const tenantId = process.env.WARRANT_TENANT;
  if (tenantId === undefined) process.stderr.write("WARRANT_TENANT is not set: checking the digests only, not the seals' HMACs\n");
  const key = tenantId === undefined ? undefined : (process.env.WARRANT_EVIDENCE_KEY ?? DEFAULT_EVIDENCE_KEY);
  const { records, rows, seals, checkpoints, problems } = await checkExport(lines, { key, tenantId });
  for (const p of problems) process.stdout.write(`${p.table} ${p.id}: ${p.detail}\n`);
  const verdict = problems.length === 0 ? 'every digest matches its seal' : `${problems.length} problems`;
  process.stdout.write(`${records} records, ${rows} sealed rows, ${seals} seals, ${checkpoints} checkpoints: ${verdict}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
