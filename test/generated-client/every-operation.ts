/**
 * A host written against the client generated from the live OpenAPI document: every operation
 * once, through `openapi-fetch`, with the types `openapi-typescript` produced. Type-checked by
 * `generated-client.test.ts` with tsc against freshly generated types (`openapi-schema.d.ts`,
 * written by the test and not kept in git), then run against a live sidecar.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi-schema.js';

type Schemas = components['schemas'];

/** What the calls need from the test: requests in the shapes the document declares. */
export interface Inputs {
  readonly contract: Schemas['ReplyContract'];
  readonly candidates: string[];
  readonly turn: paths['/v0/turns']['post']['requestBody']['content']['application/json'];
  readonly suggest: Schemas['SuggestRequest'];
}

/** What each call returned, read through the generated types (a free-form type would not compile here). */
export interface Observed {
  readonly verifyStatus: Schemas['StoredReplyEffect']['status'];
  readonly effectId: string;
  readonly effectBody: string;
  readonly listedEffectIds: string[];
  readonly firstViolationCode: string | null;
  readonly turnReply: string;
  readonly turnAnswerStatuses: string[];
  readonly storedTurnReply: string | null;
  readonly listedTurnIds: string[];
  readonly suggestResultType: Schemas['SuggestionResult']['resultType'];
  readonly suggestNeedsModel: boolean;
  readonly storedSuggestId: string;
  readonly listedSuggestionIds: string[];
  readonly probeFindingKinds: string[];
  readonly problem: { status: number; code: string; type: string };
}

/** Calls all ten operations of the document in turn and returns what a host would read. */
export async function everyOperation(baseUrl: string, key: string, inputs: Inputs): Promise<Observed> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${key}` } });

  const verified = await client.POST('/v0/reply-contracts/verify', { body: { contract: inputs.contract, candidates: inputs.candidates } });
  if (verified.data === undefined) throw new Error(`verifyReply: ${JSON.stringify(verified.error)}`);
  const effect = await client.GET('/v0/effects/{id}', { params: { path: { id: verified.data.effect.id } } });
  if (effect.data === undefined) throw new Error('getEffect failed');
  const effects = await client.GET('/v0/effects', { params: { query: { status: 'fallback', limit: 10 } } });
  if (effects.data === undefined) throw new Error('listEffects failed');
  const probed = await client.POST('/v0/reply-contracts/probe', { body: { contract: inputs.contract } });
  if (probed.data === undefined) throw new Error(`probeContract: ${JSON.stringify(probed.error)}`);

  const turn = await client.POST('/v0/turns', { body: inputs.turn });
  if (turn.data === undefined) throw new Error(`runTurn: ${JSON.stringify(turn.error)}`);
  // The operation may also answer as an event stream (text); asked for JSON, it answers with a TurnResult.
  if (typeof turn.data === 'string') throw new Error('runTurn answered with an event stream');
  const transition = turn.data.blocks.find((b) => b.kind === 'transition');
  const answers = turn.data.blocks.flatMap((b) => (b.kind === 'answer' ? [b.status] : []));
  const storedTurn = await client.GET('/v0/turns/{id}', { params: { path: { id: turn.data.turn_id } } });
  if (storedTurn.data === undefined) throw new Error('getTurn failed');
  const storedTransition = storedTurn.data.result?.blocks.find((b) => b.kind === 'transition');
  const turns = await client.GET('/v0/turns', { params: { query: { conversation_id: turn.data.conversation_id, limit: 5 } } });
  if (turns.data === undefined) throw new Error('listTurns failed');

  const suggested = await client.POST('/v0/suggestions', { body: inputs.suggest });
  if (suggested.data === undefined) throw new Error(`suggestReplies: ${JSON.stringify(suggested.error)}`);
  const stored = await client.GET('/v0/suggestions/{id}', { params: { path: { id: suggested.data.id } } });
  if (stored.data === undefined) throw new Error('getSuggestion failed');
  const suggestions = await client.GET('/v0/suggestions', { params: { query: { result_type: suggested.data.result.resultType, limit: 5 } } });
  if (suggestions.data === undefined) throw new Error('listSuggestions failed');

  // An error is a typed problem document too.
  const missing = await client.GET('/v0/effects/{id}', { params: { path: { id: 'eff_000000000000_no_such_effect' } } });
  if (missing.error === undefined) throw new Error('a missing effect was found');

  return {
    verifyStatus: verified.data.effect.status,
    effectId: effect.data.effect.id,
    effectBody: effect.data.effect.body,
    listedEffectIds: effects.data.items.map((e) => e.id),
    firstViolationCode: effects.data.items[0]?.first_violation?.code ?? null,
    turnReply: transition?.kind === 'transition' ? transition.text : '',
    turnAnswerStatuses: answers,
    storedTurnReply: storedTransition?.kind === 'transition' ? storedTransition.text : null,
    listedTurnIds: turns.data.items.map((t) => t.id),
    suggestResultType: suggested.data.result.resultType,
    suggestNeedsModel: suggested.data.evidence.needs_model,
    storedSuggestId: stored.data.id,
    listedSuggestionIds: suggestions.data.items.map((s) => s.id),
    probeFindingKinds: probed.data.findings.map((f) => f.kind),
    problem: { status: missing.response.status, code: missing.error.code, type: missing.error.type },
  };
}
