/** Shared by the evidence tests and benchmarks (not exported from the package). */
import { tripWorkflow } from '../../examples/trip/index.js';
import { insertSealedSuggestion, insertSuggestion, type SuggestionRow } from './suggestion-queries.js';
import type { Database } from '../store/index.js';
import { createTurnRuntime } from '../turn/turn-runtime.js';
import type { ReplyContractJson, ReplyEffectJson } from '../contract/index.js';
import { createEffectStore, type StoredEffect } from '../evidence/effect-store.js';
import { newRecordId } from '../evidence/record-id.js';
import { parseTurnInput } from '../turn/turn-input.js';
import { effectDigest, suggestionDigest, turnDigest, turnEventDigest, turnEventId, turnResultDigest } from '../evidence/evidence-digest.js';
import { insertSeals } from '../evidence/seal-write.js';
import { sealerOf, type SealEntry } from '../store/evidence-sealer.js';
import { stopState } from '../suggest/suggestion-result.js';
import { recordTurnTrace } from '../turn/turn-queries.js';

/**
 * The wire JSON of a Reply Effect with `body`, as `effectToJson` makes it: the one candidate
 * accepted, or none passing and the fallback shown.
 */
export function testEffectJson(body: string, status: 'accepted' | 'fallback' = 'accepted', interactionKind = 'chat'): ReplyEffectJson {
  const passed = status === 'accepted';
  return {
    contract_version: 'v0',
    interaction_kind: interactionKind,
    authority_status: 'awaiting_human_confirmation',
    entity_roles: { customer: 'buyer' },
    status,
    selected_candidate: passed ? 0 : null,
    body,
    candidates: [
      {
        index: 0,
        passed,
        missing_must_include: [],
        missing_must_ask: passed ? [] : ['估車'],
        missing_canonical_terms: [],
        forbidden_terms_present: [],
        forbidden_matches: [],
        normalization_hints: [],
      },
    ],
  };
}

/** The wire JSON of the contract {@link testEffectJson}'s effects were governed by. */
export function testContractJson(interactionKind = 'chat'): ReplyContractJson {
  return {
    contract_version: 'v0',
    interaction_kind: interactionKind,
    entity_roles: { customer: 'buyer' },
    authority_status: 'awaiting_human_confirmation',
    fallback_body: '請問要估車嗎？',
    must_include: [],
    must_ask: ['估車'],
    canonical_terms: [],
    forbidden_terms: [],
  };
}

/** A Reply Effect row of `tenantId` whose body and candidates hold `text`. */
export function testEffect(tenantId: string, text: string, at = new Date()): StoredEffect {
  return {
    tenantId,
    id: newRecordId('eff_'),
    createdAt: at,
    status: 'accepted',
    interactionKind: 'chat',
    effect: testEffectJson(`估車：${text}`),
    contract: testContractJson(),
    candidates: [`估車：${text}`, `${text} 2`],
  };
}

/**
 * A stored suggestion request of Match `matchId`: a `hold` with the evidence of a request that
 * had no model (a gate record whose detail has camelCase members, a model call record).
 */
export function testSuggestion(matchId: string, at = new Date()): SuggestionRow {
  return {
    id: newRecordId('sug_'),
    createdAt: at,
    matchId,
    resultType: 'hold',
    result: stopState('hold', 'Generation needs a model.'),
    evidence: {
      matchId,
      gates: [{ gate: 'match', decision: 'pass', reason: 'one_root_match', detail: { matchId, nonAuthoritative: { aiGenerations: 0 } } }],
      audits: [],
      candidates: [],
      calls: [{ task: 'suggest.burst', outcome: 'no_model', promptName: 'built-in:suggest.burst', modelId: null, latencyMs: 0 }],
      needsModel: true,
      unavailable: { reason: 'no_model', step: null, failure: null, retryAfterSeconds: null },
      suspicions: [],
      boundaries: [],
      state: { language: 'en', eventState: 'active', task: null, ruleset: null, effort: null, obligations: [], directions: [] },
    },
    traceId: null,
  };
}

/**
 * Stores `row` the way `insertSuggestion` stored every row before its evidence was stored in the
 * wire form: the evidence as the library made it (camelCase), sealed over that form. A store may
 * hold such rows; they must keep verifying and reading back.
 */
export async function insertCamelCaseSuggestion(db: Database, tenantId: string, row: SuggestionRow): Promise<void> {
  await insertSealedSuggestion(db, tenantId, row, row.evidence, { t: 'suggestions', id: row.id, d: suggestionDigest(row, 1) });
}

/**
 * Writes evidence of every kind for `tenantId` through Warrant's own writers: six effects, one
 * suggestion result of Match `conversation`, and two turns (with their results and events) of
 * conversation `conversation` — 13 sealed rows. With `traceId`, every one of them is made by that
 * request, as the sidecar records it — the first turn's trace is then a 14th sealed row.
 */
export async function writeTestEvidence(
  db: Database,
  tenantId: string,
  conversation = 'c1',
  traceId: string | null = null,
): Promise<{ effects: StoredEffect[]; suggestion: string }> {
  const effects = createEffectStore(db);
  const written = Array.from({ length: 6 }, (_, i) => ({ ...testEffect(tenantId, `reply ${i} of ${tenantId}`), traceId }));
  await Promise.all(written.map((e) => effects.insert(e)));
  const { id: suggestion, ...row } = testSuggestion(conversation);
  await insertSuggestion(db, tenantId, { id: suggestion, ...row, traceId });
  const runtime = createTurnRuntime({ db, workflows: [tripWorkflow], locales: ['en'], tenantId });
  const record = `r-${conversation}`;
  await runtime.run(
    parseTurnInput({
      turn_id: `${conversation}-t1`,
      conversation_id: conversation,
      locale: 'en',
      understanding: { acts: [{ operation: 'start_trip', workflow: 'trip', record, values: { destination: 'Oslo' } }] },
    }),
  );
  if (traceId !== null) await recordTurnTrace(db, tenantId, `${conversation}-t1`, traceId);
  await runtime.run(
    parseTurnInput({
      turn_id: `${conversation}-t2`,
      conversation_id: conversation,
      locale: 'en',
      understanding: { acts: [{ operation: 'add_traveler', record, values: { name: 'Ada' } }] },
    }),
  );
  return { effects: written, suggestion };
}

/**
 * Writes one effect, one suggestion result and one composed turn with an event for `tenantId` as
 * Warrant wrote them before digests had forms: each row with a trace id, sealed with entries
 * that name no form, whose digests leave out the trace id and the commit times.
 */
export async function writeFormOneEvidence(db: Database, tenantId: string, traceId: string): Promise<{ effect: string; suggestion: string; turn: string }> {
  const at = new Date();
  const effect = { ...testEffect(tenantId, 'sealed in form 1', at), id: 'eff_form1' };
  const texts = { effect: JSON.stringify(effect.effect), contract: JSON.stringify(effect.contract), candidates: JSON.stringify(effect.candidates) };
  const { result: stored, evidence } = testSuggestion('m1', at);
  const suggestion = { id: 'sug_form1', createdAt: at, matchId: 'm1', resultType: 'hold', result: stored, evidence };
  const turn = { id: 'form1-t1', conversationId: 'form1', input: { message: 'hi' }, commit: { transitions: [] } };
  const result = { blocks: [] };
  const event = { type: 'trip_started', payload: { destination: 'Oslo' }, turnId: turn.id, position: 0 };
  const lane = sealerOf(db).acquire();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into effects (tenant_id, id, created_at, status, interaction_kind, effect, contract, candidates, trace_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [tenantId, effect.id, at.toISOString(), effect.status, effect.interactionKind, texts.effect, texts.contract, texts.candidates, traceId],
    );
    await tx.query(
      `insert into suggestions (tenant_id, id, created_at, match_id, result_type, result, evidence, trace_id) values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [
        tenantId,
        suggestion.id,
        at.toISOString(),
        suggestion.matchId,
        suggestion.resultType,
        JSON.stringify(suggestion.result),
        JSON.stringify(suggestion.evidence),
        traceId,
      ],
    );
    const [row] = await tx.query<{ seq: number }>(
      `insert into turns (tenant_id, id, conversation_id, input, commit, result, composed_at, trace_id) values ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, now(), $7) returning seq`,
      [tenantId, turn.id, turn.conversationId, JSON.stringify(turn.input), JSON.stringify(turn.commit), JSON.stringify(result), traceId],
    );
    await tx.query(
      `insert into turn_events (tenant_id, record_id, revision, type, payload, turn_id, position) values ($1, 'r-form1', 1, $2, $3::jsonb, $4, 0)`,
      [tenantId, event.type, JSON.stringify(event.payload), turn.id],
    );
    const entries: SealEntry[] = [
      {
        t: 'effects',
        id: effect.id,
        d: effectDigest(
          {
            createdAt: at,
            status: effect.status,
            interactionKind: effect.interactionKind,
            effectText: texts.effect,
            contractText: texts.contract,
            candidatesText: texts.candidates,
            traceId: traceId,
          },
          1,
        ),
      },
      { t: 'suggestions', id: suggestion.id, d: suggestionDigest({ ...suggestion, traceId: traceId }, 1) },
      { t: 'turns', id: turn.id, d: turnDigest({ ...turn, committedAt: 'not covered by form 1' }, 1), o: Number(row!.seq) },
      { t: 'turn_results', id: turn.id, d: turnResultDigest(result) },
      { t: 'turn_events', id: turnEventId('r-form1', 1), d: turnEventDigest({ ...event, committedAt: 'not covered by form 1' }, 1) },
    ];
    await insertSeals(tx, [lane.seal(tenantId, entries, at, at)]);
  });
  lane.commit();
  return { effect: effect.id, suggestion: suggestion.id, turn: turn.id };
}
