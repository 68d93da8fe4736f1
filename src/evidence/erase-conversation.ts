import type { Database } from '../store/index.js';
import { sha256Hex } from '../store/evidence-sealer.js';
import { DIGEST_VERSION, erasedKey, erasureDigest, turnEventId } from './evidence-digest.js';
import { newRecordId } from './record-id.js';
import { insertSeals, sealLaneOf } from './seal-write.js';
import { storeCall } from './store-call.js';

/** What {@link eraseConversation} did. */
export interface ErasureOutcome {
  /** The erasure record written, or `null` when there was nothing to erase. */
  readonly erasureId: string | null;
  /** Rows removed, by table. */
  readonly rows: { readonly turns: number; readonly turnEvents: number; readonly turnRecords: number; readonly suggestions: number };
  readonly rowCount: number;
  /** When nothing was left: the earlier erasures of the same conversation, if any (so a second erase says it was done). */
  readonly earlier: readonly { id: string; requestedBy: string; requestedAt: string; rowCount: number }[];
}

/** Options of {@link eraseConversation}. */
export interface EraseConversationOptions {
  readonly tenantId: string;
  /** A turn conversation's id, or a suggestion Match's id: both are erased. */
  readonly conversationId: string;
  /** Who asked, kept in the erasure record (an operator's name, `api key <label>`). */
  readonly requestedBy: string;
  /** Default now. */
  readonly now?: Date;
}

/**
 * The digest an erasure keeps of what it erased, never the id itself: the same conversation id
 * under the same tenant gives the same digest, so a second request finds the first.
 */
export function erasureSubject(tenantId: string, conversationId: string): string {
  return sha256Hex(`${tenantId}\n${conversationId}`);
}

/**
 * Erases a conversation on request (privacy law's right to erasure): in one transaction, every
 * turn of `conversationId` with its events and the records its turns created, and every stored
 * suggestion request of the Match with that id, for `tenantId` only — and writes an erasure record
 * (who asked, when, how many rows, digests of the erased rows' keys, no content), sealed like any
 * evidence, which `verifyEvidence` accepts for exactly those rows. Erasing what is already gone
 * writes nothing and reports the earlier erasures.
 *
 * Reply Effects are not tied to a conversation (a verification request names none), so they are
 * not erased here; retention removes them.
 */
export async function eraseConversation(
  db: Database,
  { tenantId, conversationId, requestedBy, now = new Date() }: EraseConversationOptions,
): Promise<ErasureOutcome> {
  const subject = erasureSubject(tenantId, conversationId);
  const lane = sealLaneOf(db);
  let outcome: ErasureOutcome;
  try {
    outcome = await storeCall('the conversation could not be erased', () =>
      db.transaction(async (tx) => {
        const turns = await tx.query<{ id: string; composed: boolean; traced: boolean }>(
          'delete from turns where tenant_id = $1 and conversation_id = $2 returning id, result is not null as composed, trace_id is not null as traced',
          [tenantId, conversationId],
        );
        const turnIds = turns.map((t) => t.id);
        const events =
          turnIds.length === 0
            ? []
            : await tx.query<{ record_id: string; revision: number }>(
                'delete from turn_events where tenant_id = $1 and turn_id = any($2::text[]) returning record_id, revision',
                [tenantId, turnIds],
              );
        const records =
          turnIds.length === 0
            ? []
            : await tx.query('delete from turn_records where tenant_id = $1 and created_by_turn = any($2::text[]) returning id', [tenantId, turnIds]);
        const suggestions = await tx.query<{ id: string }>('delete from suggestions where tenant_id = $1 and match_id = $2 returning id', [
          tenantId,
          conversationId,
        ]);
        const erased = [
          ...turns.flatMap((t) => [
            erasedKey('turns', t.id),
            ...(t.composed ? [erasedKey('turn_results', t.id)] : []),
            ...(t.traced ? [erasedKey('turn_traces', t.id)] : []),
          ]),
          ...events.map((e) => erasedKey('turn_events', turnEventId(e.record_id, Number(e.revision)))),
          ...suggestions.map((s) => erasedKey('suggestions', s.id)),
        ].sort();
        const rows = { turns: turns.length, turnEvents: events.length, turnRecords: records.length, suggestions: suggestions.length };
        const rowCount = turns.length + events.length + records.length + suggestions.length;
        if (rowCount === 0) {
          const earlier = await tx.query<{ id: string; requested_by: string; requested_at: Date | string; row_count: number }>(
            'select id, requested_by, requested_at, row_count from evidence_erasures where tenant_id = $1 and subject_sha256 = $2 order by requested_at',
            [tenantId, subject],
          );
          return {
            erasureId: null,
            rows,
            rowCount,
            earlier: earlier.map((e) => ({
              id: e.id,
              requestedBy: e.requested_by,
              requestedAt: new Date(e.requested_at).toISOString(),
              rowCount: e.row_count,
            })),
          };
        }
        const id = newRecordId('era_');
        await tx.query(
          'insert into evidence_erasures (tenant_id, id, requested_by, requested_at, subject_sha256, row_count, erased) values ($1, $2, $3, $4, $5, $6, $7::json)',
          [tenantId, id, requestedBy, now.toISOString(), subject, rowCount, JSON.stringify(erased)],
        );
        if (lane) {
          const d = erasureDigest({ requestedBy, requestedAt: now, subjectSha256: subject, rowCount, erased });
          await insertSeals(tx, [lane.seal(tenantId, [{ t: 'evidence_erasures', id, d, v: DIGEST_VERSION }], now, now)]);
        }
        return { erasureId: id, rows, rowCount, earlier: [] };
      }),
    );
  } catch (error) {
    lane?.retire();
    throw error;
  }
  if (outcome.erasureId === null) lane?.release();
  else lane?.commit();
  return outcome;
}
