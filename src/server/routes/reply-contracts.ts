import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Tracer } from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { effectToJson, governReply, relayBody, replyContractSchema, replyEffectJsonSchema, type ReplyEffectJson } from '../../contract/index.js';
import { probeContract, probeReportJsonSchema, probeReportToJson, type ParaphraseSource } from '../../probe/index.js';
import type { EffectStore, StoredEffect } from '../../evidence/effect-store.js';
import type { Logger } from '../../evidence/json-logger.js';
import { newRecordId, recordIdTime } from '../../evidence/record-id.js';
import { inSpan } from '../../evidence/spans.js';
import { wireString } from '../../wire-string.js';
import type { createContractCache } from '../contract-cache.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { listQueryShape, toListQuery } from '../list-query.js';
import { HttpProblem } from '../problem.js';
import { problemResponses } from '../problem-responses.js';
import { traceIdOf, traceIdSchema } from '../trace-id.js';
import { readJsonBody, type JsonBodyLimits } from '../read-json-body.js';
import { idParamsSchema } from '../path-params.js';
import { idempotencyHeadersSchema } from '../idempotency.js';
import type { ServerMetrics } from '../metrics.js';
import type { ServerEnv } from '../server-env.js';

/** Most candidates one verification takes: a host ranks a few drafts, not hundreds. */
export const MAX_CANDIDATES = 64;

const EFFECT_ID_PREFIX = 'eff_';

const candidateText = wireString();

/** `POST /v0/reply-contracts/verify` request: a contract and the candidate replies, in preference order. */
export const verifyRequestSchema = z
  .strictObject({
    contract: replyContractSchema,
    candidates: z.array(candidateText).max(MAX_CANDIDATES).describe('candidate replies, best first; may be empty'),
  })
  .meta({ id: 'VerifyRequest' });

/** A verify request as the route's schema reads it. */
export type VerifyRequest = z.output<typeof verifyRequestSchema>;

/** `POST /v0/reply-contracts/probe` request: the contract to probe. */
export const probeRequestSchema = z
  .strictObject({
    contract: replyContractSchema,
    paraphrase_candidates: z.number().int().min(1).max(MAX_CANDIDATES).optional().describe('how many paraphrase candidates to ask the model for (default 8)'),
  })
  .meta({ id: 'ProbeRequest' });

/** A stored effect on the wire: the effect JSON with its id and time. */
const storedEffectJsonSchema = replyEffectJsonSchema
  .extend({
    id: z.string().describe('time-ordered id, `eff_…`'),
    created_at: z.string().describe('ISO 8601'),
    trace_id: traceIdSchema,
  })
  .meta({ id: 'StoredReplyEffect' });

/** `POST /v0/reply-contracts/verify` response. A relay forwards `body` and nothing else. */
export const verifyResponseSchema = z
  .strictObject({
    body: z.string().describe('the selected reply: the first passing candidate, else the approved fallback'),
    effect: storedEffectJsonSchema,
  })
  .meta({ id: 'VerifyResponse' });

/** `GET /v0/effects/{id}`: the effect with what it was decided on. */
export const effectRecordSchema = z
  .strictObject({
    effect: storedEffectJsonSchema,
    contract: replyContractSchema,
    candidates: z.array(z.string()).describe('the candidate texts as sent; `forbidden_matches` offsets index into them'),
  })
  .meta({ id: 'EffectRecord' });

/** One row of `GET /v0/effects`. */
/** Violation codes of an effect row, one per term list of the contract. */
const VIOLATION_CODES = ['forbidden_term_present', 'missing_must_include', 'missing_must_ask', 'missing_canonical_term'] as const;

/** Each verdict list of a candidate (wire names) with the code its entries are reported under, in the order a support person reads them. */
const VIOLATION_LISTS = [
  ['forbidden_terms_present', 'forbidden_term_present'],
  ['missing_must_include', 'missing_must_include'],
  ['missing_must_ask', 'missing_must_ask'],
  ['missing_canonical_terms', 'missing_canonical_term'],
] as const;

const effectSummarySchema = z
  .strictObject({
    id: z.string(),
    created_at: z.string(),
    status: z.string(),
    interaction_kind: z.string(),
    authority_status: z.string(),
    selected_candidate: z.number().int().nullable(),
    body: z.string(),
    candidate_count: z.number().int(),
    trace_id: traceIdSchema,
    first_violation: z
      .strictObject({
        candidate: z.number().int().describe("the candidate's index"),
        code: z.enum(VIOLATION_CODES),
        term: z.string(),
      })
      .nullable()
      .describe(
        'why the first candidate was refused: its first violation, in the order forbidden, must_include, must_ask, canonical; null when a candidate was accepted or none was given',
      ),
  })
  .meta({ id: 'EffectSummary' });

export const effectListSchema = z
  .strictObject({ items: z.array(effectSummarySchema), next_cursor: z.string().nullable().describe('pass as `cursor` for the next page; null on the last') })
  .meta({ id: 'EffectList' });

const effectListQuerySchema = z.strictObject({
  ...listQueryShape,
  status: z.enum(['accepted', 'fallback']).optional(),
  interaction_kind: wireString().min(1).optional(),
  text: wireString().min(1).max(200).optional().describe('only effects whose body or a candidate contains this text (case-insensitive)'),
});

/** Dependencies of {@link replyContractRoutes}. */
export interface ReplyContractRouteDeps {
  readonly effects: EffectStore;
  readonly contracts: ReturnType<typeof createContractCache>;
  readonly limits: JsonBodyLimits;
  readonly tracer: Tracer;
  readonly logger: Logger;
  /** The paraphrase part of `POST /v0/reply-contracts/probe`; absent, that part is skipped and the report says so. */
  readonly paraphrase?: ParaphraseSource;
  /** Counts verdicts by status and fallback reason. */
  readonly metrics: Pick<ServerMetrics, 'verdict'>;
  /** `Idempotency-Key` handling of `POST /v0/reply-contracts/verify` (see `idempotentPosts`). */
  readonly idempotent: MiddlewareHandler<ServerEnv>;
}

/**
 * Reply contracts over HTTP: verify (persisting the effect before answering, W6), probe a
 * contract for holes (nothing stored), read one effect back, list a tenant's effects.
 */
export function replyContractRoutes(app: OpenAPIHono<ServerEnv>, deps: ReplyContractRouteDeps): void {
  const { effects, limits } = deps;
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v0/reply-contracts/verify',
      // The body is read (size, depth, content type) and its Idempotency-Key claimed before the schema reads it.
      middleware: [readJsonBody(limits), deps.idempotent],
      operationId: 'verifyReply',
      tags: ['reply-contracts'],
      summary: 'Verify candidate replies against a Reply Contract (v0 or v1); persist and return the effect',
      request: { headers: idempotencyHeadersSchema, body: { required: true, content: { 'application/json': { schema: verifyRequestSchema } } } },
      responses: {
        200: { description: 'the selected body and the persisted effect', content: { 'application/json': { schema: verifyResponseSchema } } },
        ...problemResponses('verifyReply', ['transport', 'handler', 'apiKey', 'jsonBody', 'idempotencyKey', 'store']),
      },
    }),
    async (c) => c.json(await verifyAndStore(deps, c.get('tenantId'), c.req.valid('json'), c.get('traceContext')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v0/reply-contracts/probe',
      middleware: [readJsonBody(limits)],
      operationId: 'probeContract',
      tags: ['reply-contracts'],
      summary: "Report a contract's holes (disguises, weak terms, paraphrase attacks), each with a demonstrating candidate",
      request: { body: { required: true, content: { 'application/json': { schema: probeRequestSchema } } } },
      responses: {
        200: {
          description: 'the findings; none when the contract has no hole the probe knows',
          content: { 'application/json': { schema: probeReportJsonSchema } },
        },
        ...problemResponses('probeContract', ['transport', 'handler', 'apiKey', 'jsonBody']),
      },
    }),
    async (c) => {
      const request = c.req.valid('json');
      const { compiled } = deps.contracts.get(request.contract);
      const report = await probeContract(compiled.contract, {
        ...(deps.paraphrase ? { paraphrase: deps.paraphrase } : {}),
        ...(request.paraphrase_candidates ? { paraphraseCount: request.paraphrase_candidates } : {}),
        // A client that goes away cancels the paraphrase call.
        signal: c.req.raw.signal,
      });
      return c.json(probeReportToJson(report), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/effects/{id}',
      operationId: 'getEffect',
      tags: ['reply-contracts'],
      summary: 'One persisted effect with its contract and candidates',
      request: { params: idParamsSchema },
      responses: {
        200: { description: 'the effect', content: { 'application/json': { schema: effectRecordSchema } } },
        ...problemResponses('getEffect', ['transport', 'handler', 'apiKey', 'parameters', 'record', 'store']),
      },
    }),
    async (c) => {
      const stored = await effects.get(c.get('tenantId'), c.req.valid('param').id);
      if (stored === undefined) throw new HttpProblem(404, 'not_found', 'no effect with this id', [{ path: '$.id', message: 'no effect with this id' }]);
      return c.json({ effect: storedEffectJson(stored), contract: stored.contract, candidates: [...stored.candidates] }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/effects',
      operationId: 'listEffects',
      tags: ['reply-contracts'],
      summary: "The tenant's effects, newest first, with filters and cursor pages",
      request: { query: effectListQuerySchema },
      responses: {
        200: { description: 'a page of effects', content: { 'application/json': { schema: effectListSchema } } },
        ...problemResponses('listEffects', ['transport', 'handler', 'apiKey', 'parameters', 'store']),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { cursor, ...page } = toListQuery(query);
      // The position is the last effect's own id (time-ordered): the tenant's data, nothing shared.
      const beforeId =
        cursor === undefined ? undefined : decodeCursor(cursor, 'effects', (p) => p.length === 1 && recordIdTime(p[0]!, EFFECT_ID_PREFIX) !== undefined)[0];
      const rows = await effects.list(c.get('tenantId'), {
        ...page,
        beforeId,
        limit: page.limit + 1,
        status: query.status,
        interactionKind: query.interaction_kind,
        text: query.text,
      });
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return c.json(
        {
          items: items.map(summaryOf),
          next_cursor: rows.length > page.limit && last !== undefined ? encodeCursor('effects', [last.id]) : null,
        },
        200,
      );
    },
  );
}

/**
 * Verifies a request (`{contract, candidates}`, as {@link verifyRequestSchema} read it) for
 * `tenantId` and stores its effect; resolves once the effect is committed (W6) with the response
 * body `{body, effect}`. The route and `WarrantServer.verify` share it, so a preloaded effect is
 * made exactly like one that came over HTTP.
 */
export async function verifyAndStore(
  { effects, contracts, tracer, logger, metrics }: Pick<ReplyContractRouteDeps, 'effects' | 'contracts' | 'tracer' | 'logger' | 'metrics'>,
  tenantId: string,
  request: VerifyRequest,
  parent?: ServerEnv['Variables']['traceContext'],
) {
  const { compiled, warnings } = contracts.get(request.contract);
  if (warnings.length > 0) logger.log({ level: 'warn', msg: 'contract_warnings', tenant: tenantId, trace_id: traceIdOf(parent), warnings });
  const effect = await inSpan(
    tracer,
    'warrant.verify',
    { 'warrant.candidates': request.candidates.length },
    (span) => {
      const governed = governReply(compiled, request.candidates);
      span.setAttribute('warrant.status', governed.status);
      span.setAttribute('warrant.interaction_kind', governed.interactionKind);
      return governed;
    },
    parent,
  );
  const json = effectToJson(effect);
  const id = newRecordId(EFFECT_ID_PREFIX);
  const stored: StoredEffect = {
    tenantId,
    id,
    createdAt: new Date(recordIdTime(id, EFFECT_ID_PREFIX)!),
    status: json.status,
    interactionKind: json.interaction_kind,
    effect: json,
    contract: request.contract,
    candidates: request.candidates,
    traceId: traceIdOf(parent),
  };
  await effects.insert(stored);
  const reason = firstViolation(json.status, json.candidates)?.code;
  metrics.verdict(json.status, json.status === 'accepted' ? '' : (reason ?? 'no_candidate'));
  return { body: relayBody(effect), effect: storedEffectJson(stored) };
}

/**
 * A stored effect as the routes answer it: its wire JSON (the store decodes it through the
 * effect's schema as it reads it back) with the row's id, time and trace.
 */
function storedEffectJson(stored: StoredEffect) {
  return { id: stored.id, created_at: stored.createdAt.toISOString(), trace_id: stored.traceId ?? null, ...stored.effect };
}

/** The first candidate's first violation: what a support person reads first on a fallback row. */
function firstViolation(status: string, candidates: ReplyEffectJson['candidates']) {
  const first = candidates[0];
  if (status !== 'fallback' || first === undefined) return null;
  for (const [list, code] of VIOLATION_LISTS) {
    const term = first[list][0];
    if (term !== undefined) return { candidate: first.index, code, term };
  }
  return null;
}

function summaryOf(stored: StoredEffect) {
  const { effect } = stored;
  return {
    id: stored.id,
    created_at: stored.createdAt.toISOString(),
    status: stored.status,
    interaction_kind: stored.interactionKind,
    authority_status: effect.authority_status,
    selected_candidate: effect.selected_candidate,
    body: effect.body,
    candidate_count: effect.candidates.length,
    trace_id: stored.traceId ?? null,
    first_violation: firstViolation(stored.status, effect.candidates),
  };
}
