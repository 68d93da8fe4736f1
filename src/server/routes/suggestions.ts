import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Tracer } from '@opentelemetry/api';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { newRecordId, recordIdTime } from '../../evidence/record-id.js';
import { inSpan } from '../../evidence/spans.js';
import { wireString, wireTimestamp } from '../../wire-string.js';
import type { Database } from '../../store/index.js';
import { emptyProfile, emptyWiki, suggestionResultSchema, suggestReplies, type SuggestSkills } from '../../suggest/index.js';
import { matchInputSchema } from '../../suggest/match.js';
import { profileInputSchema } from '../../suggest/profile.js';
import { wikiInputSchema } from '../../suggest/wiki.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { listQueryShape, toListQuery } from '../list-query.js';
import { HttpProblem, problemDocument } from '../problem.js';
import { problemResponses } from '../problem-responses.js';
import { traceIdSchema } from '../trace-id.js';
import { readJsonBody, type JsonBodyLimits } from '../read-json-body.js';
import { idParamsSchema } from '../path-params.js';
import { idempotencyHeadersSchema } from '../idempotency.js';
import type { ServerMetrics } from '../metrics.js';
import type { ServerEnv } from '../server-env.js';
import { suggestEvidenceJsonSchema, suggestEvidenceToJson } from '../../suggest/suggest-evidence.js';
import { getSuggestion, insertSuggestion, listSuggestions, type SuggestionRow } from '../suggestion-queries.js';

/** What the sidecar needs to suggest replies. */
export interface SuggestionDeployment {
  /** The model-backed skills; `null` runs every gate and returns a stop state (generation needs a model). */
  readonly skills: SuggestSkills | null;
  /** The clock the event gate measures silence against when a request names no `now`. Default `Date.now`. */
  readonly now?: () => number;
}

const ID_PREFIX = 'sug_';

/**
 * `POST /v0/suggestions` request (snake_case inside `match`, `wiki`, `profile`: the application's
 * own shapes). Each part is read by its layer's one schema, so the route gets the library's shapes.
 */
const suggestRequestSchema = z
  .strictObject({
    match: matchInputSchema,
    wiki: wikiInputSchema.optional(),
    profile: profileInputSchema.optional(),
    now: wireTimestamp().optional().describe('the moment silence is measured against; default: the server clock'),
    analysis_language: z.enum(['en', 'lt']).optional().describe("analysis and rationales in this language; default: the match's"),
  })
  .meta({ id: 'SuggestRequest' });

export const suggestResponseSchema = z
  .strictObject({
    id: z.string().describe('time-ordered id, `sug_…`'),
    result: suggestionResultSchema.meta({
      id: 'SuggestionResult',
      description: 'The application result, exactly as specified: a union on `resultType` with exactly four camelCase root properties.',
    }),
    evidence: suggestEvidenceJsonSchema,
    trace_id: traceIdSchema,
  })
  .meta({ id: 'SuggestResponse' });

/** One row of `GET /v0/suggestions`. */
const suggestionSummarySchema = z
  .strictObject({
    id: z.string(),
    created_at: z.string().describe('ISO 8601'),
    match_id: z.string(),
    result_type: z.enum(['suggestions', 'clarification', 'hold', 'close']),
    analysis_summary: z.string().describe("the result's `analysisSummary`: why it stopped, or what the suggestions answer"),
    question: z.string().describe("the result's `question` (a clarification's; otherwise empty)"),
    suggestion_count: z.number().int(),
    trace_id: traceIdSchema,
  })
  .meta({ id: 'SuggestionSummary' });

export const suggestionListSchema = z
  .strictObject({
    items: z.array(suggestionSummarySchema),
    next_cursor: z.string().nullable().describe('pass as `cursor` for the next page; null on the last'),
  })
  .meta({ id: 'SuggestionList' });

const suggestionListQuerySchema = z.strictObject({
  ...listQueryShape,
  result_type: suggestionSummarySchema.shape.result_type.optional(),
  match_id: wireString().min(1).optional(),
});

/**
 * Gated reply suggestions over HTTP: the gates decide whether anything should be written; the
 * result (suggestions or a stop state) and its evidence are stored before the response (W6),
 * read back one by one, and listed with the same filters and cursors as effects and turns.
 */
export function suggestionRoutes(
  app: OpenAPIHono<ServerEnv>,
  {
    store,
    deployment,
    limits,
    tracer,
    idempotent,
    metrics,
  }: {
    store: Database;
    deployment: SuggestionDeployment;
    limits: JsonBodyLimits;
    tracer: Tracer;
    idempotent: MiddlewareHandler<ServerEnv>;
    metrics: Pick<ServerMetrics, 'modelCall'>;
  },
): void {
  app.openapi(
    createRoute({
      method: 'post',
      path: '/v0/suggestions',
      middleware: [readJsonBody(limits), idempotent],
      operationId: 'suggestReplies',
      tags: ['suggestions'],
      summary: 'Decide whether to write to a match and, if so, return 3–5 audited suggestions; else a stop state',
      request: { headers: idempotencyHeadersSchema, body: { required: true, content: { 'application/json': { schema: suggestRequestSchema } } } },
      responses: {
        200: { description: 'the result and its evidence, stored', content: { 'application/json': { schema: suggestResponseSchema } } },
        ...problemResponses('suggestReplies', ['transport', 'handler', 'apiKey', 'jsonBody', 'idempotencyKey', 'store', 'suggestionUnavailable'], {
          503: {
            description:
              'Warrant could not decide and retrying can help (a model step failed, fewer than three drafts survived): `suggestion_unavailable` with a `Retry-After` header, the result and its evidence stored under the id the detail names; or the store failed',
            headers: {
              'Retry-After': {
                description: 'seconds to wait before retrying (sent with `suggestion_unavailable` and `store_unavailable`)',
                schema: { type: 'integer' },
              },
            },
          },
        }),
      },
    }),
    async (c) => {
      const { match, wiki = emptyWiki, profile = emptyProfile, ...request } = c.req.valid('json');
      const outcome = await inSpan(
        tracer,
        'warrant.suggest',
        { 'warrant.match_id': match.id },
        async (span) => {
          const done = await suggestReplies({
            match,
            wiki,
            profile,
            skills: deployment.skills,
            now: request.now === undefined ? (deployment.now ?? Date.now)() : Date.parse(request.now),
            ...(request.analysis_language ? { analysisLanguage: request.analysis_language } : {}),
            // A client that goes away cancels its skill calls; nothing is stored for it.
            signal: c.req.raw.signal,
          });
          span.setAttribute('warrant.result_type', done.result.resultType);
          span.setAttribute('warrant.model_calls', done.evidence.calls.length);
          for (const call of done.evidence.calls) metrics.modelCall(call.task, call.outcome);
          return done;
        },
        c.get('traceContext'),
      );
      const id = newRecordId(ID_PREFIX);
      await insertSuggestion(store, c.get('tenantId'), {
        id,
        createdAt: new Date(recordIdTime(id, ID_PREFIX)!),
        matchId: match.id,
        resultType: outcome.result.resultType,
        result: outcome.result,
        evidence: outcome.evidence,
        traceId: c.get('traceId'),
      });
      // "Wait for her" is an answer; "Warrant could not decide, try again" is not: where retrying can
      // help, say so as the HTTP status (the stored result and evidence stay readable by id).
      const unavailable = outcome.evidence.unavailable;
      if (unavailable?.retryAfterSeconds != null) {
        const why = unavailable.step ? `${unavailable.step} step failed: ${unavailable.failure}` : unavailable.reason;
        const document = problemDocument(
          503,
          'suggestion_unavailable',
          `no decision could be made (${why}); the result and its evidence are stored as ${id}`,
          c.req.path,
        );
        // Its issues copied into a plain array, as the route's problem schema types them.
        const problem = { ...document, title: 'Suggestion unavailable', issues: [...document.issues] };
        // Typed as the route's problem responses declare it (a problem document as JSON), sent in their media type.
        return c.json(problem, 503, {
          'Content-Type': 'application/problem+json',
          'Retry-After': String(unavailable.retryAfterSeconds),
        });
      }
      return c.json({ id, result: outcome.result, evidence: suggestEvidenceToJson(outcome.evidence), trace_id: c.get('traceId') }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/suggestions/{id}',
      operationId: 'getSuggestion',
      tags: ['suggestions'],
      summary: 'One stored suggestion result with its evidence',
      request: { params: idParamsSchema },
      responses: {
        200: { description: 'the stored result', content: { 'application/json': { schema: suggestResponseSchema } } },
        ...problemResponses('getSuggestion', ['transport', 'handler', 'apiKey', 'parameters', 'record', 'store']),
      },
    }),
    async (c) => {
      const row = await getSuggestion(store, c.get('tenantId'), c.req.valid('param').id);
      if (row === undefined)
        throw new HttpProblem(404, 'not_found', 'no suggestion result with this id', [{ path: '$.id', message: 'no suggestion result with this id' }]);
      return c.json({ id: row.id, result: row.result, evidence: suggestEvidenceToJson(row.evidence), trace_id: row.traceId }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/suggestions',
      operationId: 'listSuggestions',
      tags: ['suggestions'],
      summary: "The tenant's stored suggestion results, newest first, with filters and cursor pages",
      request: { query: suggestionListQuerySchema },
      responses: {
        200: { description: 'a page of suggestion results', content: { 'application/json': { schema: suggestionListSchema } } },
        ...problemResponses('listSuggestions', ['transport', 'handler', 'apiKey', 'parameters', 'store']),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { cursor, ...page } = toListQuery(query);
      // A suggestion's id is time-ordered like an effect's: the last one is the whole position.
      const beforeId =
        cursor === undefined ? undefined : decodeCursor(cursor, 'suggestions', (p) => p.length === 1 && recordIdTime(p[0]!, ID_PREFIX) !== undefined)[0];
      const rows = await listSuggestions(store, c.get('tenantId'), {
        ...page,
        beforeId,
        limit: page.limit + 1,
        resultType: query.result_type,
        matchId: query.match_id,
      });
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return c.json(
        { items: items.map(summaryOf), next_cursor: rows.length > page.limit && last !== undefined ? encodeCursor('suggestions', [last.id]) : null },
        200,
      );
    },
  );
}

function summaryOf(row: SuggestionRow) {
  const { result } = row;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    match_id: row.matchId,
    result_type: row.resultType,
    analysis_summary: result.analysisSummary,
    question: result.question,
    suggestion_count: result.resultType === 'suggestions' ? result.suggestions.length : 0,
    trace_id: row.traceId,
  };
}
