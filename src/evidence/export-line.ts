import { z } from 'zod';
import { CHECKPOINT_FORM } from '../store/evidence-sealer.js';
import { DIGEST_VERSION } from './evidence-digest.js';

/*
 * One line of an evidence export (`warrant evidence export`, `GET /v0/evidence/export`): its one
 * schema, from which the export's types, its encoder (`compile-json-encoder.ts`), the OpenAPI
 * document's item schema of `application/x-ndjson`, and the offline checker's JSON Schema and
 * types (`examples/evidence-export/export-line.schema.json`, `export-line.d.ts`) all derive.
 *
 * What the export builds itself (ids, times, columns, proofs, seal entries, cursors) is typed
 * exactly. The documents a row stores (an effect's effect, contract and candidates; a suggestion's
 * result and evidence; a turn's input, commit and result; an event's payload) are `StoredJson`:
 * exported as stored, because their digest covers what is stored — a row written by an older
 * version or changed outside Warrant is exported as it is, for the checker to find.
 */

/** Time to the millisecond, as JavaScript writes it (`2026-11-30T12:00:00.123Z`). */
const millisTime = z.iso.datetime({ precision: 3 });
/** Time to the microsecond, as PostgreSQL keeps it and form 2 digests it (`2026-11-30T12:00:00.123456Z`). */
const microsTime = z.iso.datetime({ precision: 6 });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const traceId = z.string().nullable().describe('the W3C trace id of the request that wrote the row; null when none was recorded');
const cursor = z.string().describe('pass as `cursor` to resume right after this line');

/**
 * A JSON document as a row stores it; its digest covers exactly this. Any JSON value, though a
 * line must have the member (a missing one fails the parse). Not `z.json()`: the OpenAPI
 * generator recurses into its lazy definition without end.
 */
const storedJson = z.unknown().meta({ id: 'StoredJson', description: 'A JSON document exported as the row stores it (its digest covers exactly that).' });

/** How a record's digest is proved: the digest, its form, and the seal listing it with that seal's HMAC. */
export const evidenceProofSchema = z
  .strictObject({
    digest: sha256Hex.describe("hex SHA-256 of the row's content in `form`, recomputable from the line"),
    form: z.number().int().min(1).max(DIGEST_VERSION).describe('the digest form: 1 for seals written before trace ids and commit times were covered'),
    seal: z.string().nullable().describe('`chain#seq` of the seal listing the row; null when no seal covers it'),
    seal_hash: z.string().nullable().describe("that seal's HMAC; null when no seal covers it"),
  })
  .meta({ id: 'EvidenceProof', description: 'The integrity proof of one exported row.' });

/** One entry of a seal: a row's table, id, digest, and where they apply its order and digest form. */
export const sealEntrySchema = z
  .strictObject({
    t: z.string().describe('the table of the row'),
    id: z.string().describe('the row id (`record#revision` for an event)'),
    d: sha256Hex.describe("the row's digest"),
    o: z.number().int().optional().describe("the row's order where it has one apart from its id (a turn's `seq`)"),
    v: z.number().int().min(1).optional().describe("the digest's form; absent in seals written before forms were named, which are form 1"),
  })
  .meta({ id: 'SealEntry' });

/** An exported effect: the `EffectRecord` of `GET /v0/effects/{id}` plus the row's indexed columns its digest covers. */
export const effectLineSchema = z
  .strictObject({
    kind: z.literal('effects'),
    id: z.string(),
    record: z.strictObject({
      effect: z
        .looseObject({ id: z.string(), created_at: millisTime, trace_id: traceId })
        .describe("the stored Reply Effect (its wire form, `ReplyEffect`) with the row's id, time and trace id first"),
      contract: storedJson.describe('the Reply Contract the effect was decided on, as stored'),
      candidates: storedJson.describe('the candidate texts as sent, as stored'),
      status: z.string().describe("the row's indexed status (the effect repeats it; a change of the column alone must show)"),
      interaction_kind: z.string().describe("the row's indexed interaction kind"),
    }),
    proof: evidenceProofSchema,
    cursor,
  })
  .meta({ id: 'EvidenceExportEffect', description: 'One Reply Effect with what it was decided on.' });

/** An exported suggestion result with its evidence. */
export const suggestionLineSchema = z
  .strictObject({
    kind: z.literal('suggestions'),
    id: z.string(),
    record: z.strictObject({
      id: z.string(),
      created_at: millisTime,
      match_id: z.string(),
      result_type: z.string(),
      result: storedJson.describe('the `SuggestionResult`, as stored'),
      evidence: storedJson.describe('its `SuggestEvidence`, in the wire form'),
      stored_evidence: storedJson
        .optional()
        .describe('the evidence as it was stored and sealed, present only when that was not the wire form (camelCase, before it was kept in it)'),
      trace_id: traceId,
    }),
    proof: evidenceProofSchema,
    cursor,
  })
  .meta({ id: 'EvidenceExportSuggestion', description: 'One suggestion result with its evidence.' });

/** An exported turn with its events, each sealed row with its own proof. */
export const turnLineSchema = z
  .strictObject({
    kind: z.literal('turns'),
    id: z.string(),
    record: z.strictObject({
      id: z.string(),
      seq: z.number().int().describe("the turn's order, as its seal entry lists it"),
      conversation_id: z.string(),
      committed_at: microsTime,
      input: storedJson.describe('the `TurnInput` as run, as stored'),
      commit: storedJson.describe('what the commit decided, as stored'),
      result: storedJson.describe('the `TurnResult`, as stored; null while the turn is committed but not composed'),
      trace_id: traceId,
      events: z.array(
        z.strictObject({
          record_id: z.string(),
          revision: z.number().int(),
          type: z.string(),
          payload: storedJson,
          position: z.number().int().describe("the event's place in its turn"),
          committed_at: microsTime,
        }),
      ),
    }),
    proof: z.strictObject({
      turn: evidenceProofSchema,
      result: evidenceProofSchema.nullable().describe('null while the turn has no result'),
      trace: evidenceProofSchema.nullable().describe('null without a trace id, or for a turn sealed in form 1 (its trace was recorded unsealed)'),
      events: z.array(evidenceProofSchema).describe('one per event, in the same order'),
    }),
    cursor,
  })
  .meta({ id: 'EvidenceExportTurn', description: 'One committed turn with its events.' });

/** An exported erasure record. */
export const erasureLineSchema = z
  .strictObject({
    kind: z.literal('evidence_erasures'),
    id: z.string(),
    record: z.strictObject({
      id: z.string(),
      requested_by: z.string(),
      requested_at: millisTime,
      subject_sha256: sha256Hex.describe('hex SHA-256 of the erased conversation or Match id'),
      row_count: z.number().int(),
      erased: z.array(z.string()).describe('the digests of the erased rows'),
    }),
    proof: evidenceProofSchema,
    cursor,
  })
  .meta({ id: 'EvidenceExportErasure', description: 'One erasure record.' });

/** An exported seal: its link, range and entries, so the chain can be checked offline. */
export const sealLineSchema = z
  .strictObject({
    kind: z.literal('evidence_seals'),
    id: z.string().describe('`chain#seq`'),
    record: z.strictObject({
      chain_id: z.string(),
      seq: z.number().int(),
      prev: z.string().describe('the hash of the seal before it in its chain (or where the chain starts)'),
      hash: z.string().describe("the seal's HMAC"),
      covers_from: millisTime,
      covers_to: millisTime,
      entries: z.array(sealEntrySchema),
    }),
    cursor,
  })
  .meta({ id: 'EvidenceExportSeal', description: 'One integrity seal.' });

/** An exported prune checkpoint: every column its MAC covers. */
export const checkpointLineSchema = z
  .strictObject({
    kind: z.literal('evidence_checkpoints'),
    id: z.string().describe('`chain#through_seq`'),
    record: z.strictObject({
      chain_id: z.string(),
      through_seq: z.number().int(),
      hash: z.string().describe('the hash of the last pruned seal of the chain'),
      rule: z.string(),
      pruned_before: microsTime,
      pruned_at: microsTime,
      row_count: z.number().int(),
      form: z
        .number()
        .int()
        .min(1)
        .max(CHECKPOINT_FORM)
        .describe('1: its MAC covers the columns above; 2: it covers `spans` too, and accounts for exactly the entries they list'),
      spans: z
        .array(z.tuple([z.string().describe('chain id'), z.number().int().describe("the seal's place in its chain"), z.array(z.number().int())]))
        .nullable()
        .describe('form 2: the entries (by index in their seal) this prune removed from seals it left in place; null on a chain checkpoint and in form 1'),
      mac: z.string().nullable(),
    }),
    cursor,
  })
  .meta({ id: 'EvidenceExportCheckpoint', description: 'One prune checkpoint.' });

/**
 * One line of an evidence export, by `kind`, in the order an export walks the kinds. A cursor
 * names its kind by this position, so a kind added later goes at the end and old cursors resume.
 */
export const exportLineSchema = z
  .discriminatedUnion('kind', [effectLineSchema, suggestionLineSchema, turnLineSchema, erasureLineSchema, sealLineSchema, checkpointLineSchema])
  .meta({
    id: 'EvidenceExportLine',
    description:
      'One line of an evidence export: a record in its wire form carrying every column its digest covers, its proof, and a cursor to resume after it.',
  });

/** One line of an evidence export (see {@link exportLineSchema}). */
export type ExportLine = z.output<typeof exportLineSchema>;
/** The kinds of record an export holds. */
export type ExportKind = ExportLine['kind'];
/** The kinds in the order an export walks them; a cursor names its kind by index here. */
export const EXPORT_KINDS: readonly ExportKind[] = exportLineSchema.options.map((o) => o.shape.kind.value);
/** An exported record's proof. */
export type EvidenceProof = z.output<typeof evidenceProofSchema>;
