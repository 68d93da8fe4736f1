import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Tracer } from '@opentelemetry/api';
import { z } from 'zod';
import { newRecordId, recordIdTime } from '../../evidence/record-id.js';
import { inSpan } from '../../evidence/spans.js';
import { storeCall } from '../../evidence/store-call.js';
import { InputError, parseInput } from '../../errors.js';
import { wireTimestamp } from '../../wire-string.js';
import type { Database } from '../../store/index.js';
import {
  emptyProfile,
  emptyWiki,
  matchSchema,
  parseMatch,
  parseProfile,
  parseWiki,
  profileSchema,
  suggestionResultSchema,
  suggestReplies,
  wikiSchema,
  type SuggestSkills,
} from '../../suggest/index.js';
import { HttpProblem, problemSchema } from '../problem.js';
import { readJsonBody, type JsonBodyLimits } from '../read-json-body.js';
import { idParamsSchema, readIdParam } from '../path-params.js';
import type { ServerEnv } from '../server-env.js';

/** What the sidecar needs to suggest replies. */
export interface SuggestionDeployment {
  /** The model-backed skills; `null` runs every gate and returns a stop state (generation needs a model). */
  readonly skills: SuggestSkills | null;
  /** The clock the event gate measures silence against when a request names no `now`. Default `Date.now`. */
  readonly now?: () => number;
}

const ID_PREFIX = 'sug_';

/** `POST /v0/suggestions` request (camelCase inside `match`, `wiki`, `profile`: the seed's shapes). */
const suggestRequestSchema = z
  .strictObject({
    match: matchSchema,
    wiki: wikiSchema.optional(),
    profile: profileSchema.optional(),
    now: wireTimestamp().optional().describe('the moment silence is measured against; default: the server clock'),
    analysis_language: z.enum(['en', 'lt']).optional().describe("analysis and rationales in this language; default: the match's"),
  })
  .meta({ id: 'SuggestRequest' });

const envelopeSchema = z.strictObject({
  match: z.unknown().refine((v) => v !== undefined, 'required'),
  wiki: z.unknown().optional(),
  profile: z.unknown().optional(),
  now: suggestRequestSchema.shape.now,
  analysis_language: suggestRequestSchema.shape.analysis_language,
});

const suggestResponseSchema = z
  .strictObject({
    id: z.string().describe('time-ordered id, `sug_…`'),
    result: suggestionResultSchema,
    evidence: z.record(z.string(), z.unknown()).describe('every gate, audit and model call that decided the result'),
  })
  .meta({ id: 'SuggestResponse' });

const problems = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, { description: 'problem details', content: { 'application/problem+json': { schema: problemSchema } } }]));

/** Parses one part of the request, moving its issues' paths under the part's key. */
function part<T>(key: string, value: unknown, parse: (v: unknown) => T): T {
  try {
    return parse(value);
  } catch (error) {
    if (!InputError.isInstance(error)) throw error;
    throw new InputError(error.subject, error.issues.map((i) => ({ ...i, path: `$.${key}${i.path.startsWith('$') ? i.path.slice(1) : `.${i.path}`}` })));
  }
}

/**
 * Gated reply suggestions over HTTP: the gates decide whether anything should be written; the
 * result (suggestions or a stop state) and its evidence are stored before the response (W6).
 */
export function suggestionRoutes(
  app: OpenAPIHono<ServerEnv>,
  { store, deployment, limits, tracer }: { store: Database; deployment: SuggestionDeployment; limits: JsonBodyLimits; tracer: Tracer },
): void {
  app.openAPIRegistry.registerPath(
    createRoute({
      method: 'post',
      path: '/v0/suggestions',
      summary: 'Decide whether to write to a match and, if so, return 3–5 audited suggestions; else a stop state',
      request: { body: { required: true, content: { 'application/json': { schema: suggestRequestSchema } } } },
      responses: {
        200: { description: 'the result and its evidence, stored', content: { 'application/json': { schema: suggestResponseSchema } } },
        ...problems(400, 401, 413, 415, 503),
      },
    }),
  );
  app.post('/v0/suggestions', readJsonBody(limits), async (c) => {
    const request = parseInput(envelopeSchema, c.get('body'), 'suggest request');
    const match = part('match', request.match, parseMatch);
    const wiki = request.wiki === undefined ? emptyWiki : part('wiki', request.wiki, parseWiki);
    const profile = request.profile === undefined ? emptyProfile : part('profile', request.profile, parseProfile);
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
        });
        span.setAttribute('warrant.result_type', done.result.resultType);
        span.setAttribute('warrant.model_calls', done.evidence.calls.length);
        return done;
      },
      c.get('traceContext'),
    );
    const id = newRecordId(ID_PREFIX);
    await storeCall('the suggestion result could not be stored', () =>
      store.query(
        'insert into suggestions (tenant_id, id, created_at, match_id, result_type, result, evidence) values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
        [c.get('tenantId'), id, new Date(recordIdTime(id, ID_PREFIX)!).toISOString(), match.id, outcome.result.resultType, JSON.stringify(outcome.result), JSON.stringify(outcome.evidence)],
      ),
    );
    return c.json({ id, result: outcome.result, evidence: outcome.evidence });
  });

  app.openAPIRegistry.registerPath(
    createRoute({
      method: 'get',
      path: '/v0/suggestions/{id}',
      summary: 'One stored suggestion result with its evidence',
      request: { params: idParamsSchema },
      responses: { 200: { description: 'the stored result', content: { 'application/json': { schema: suggestResponseSchema } } }, ...problems(401, 404, 503) },
    }),
  );
  app.get('/v0/suggestions/:id', async (c) => {
    const id = readIdParam(c);
    const [row] = await storeCall('suggestion results could not be read', () =>
      store.query<{ id: string; result: unknown; evidence: unknown }>('select id, result, evidence from suggestions where tenant_id = $1 and id = $2', [
        c.get('tenantId'),
        id,
      ]),
    );
    if (row === undefined) throw new HttpProblem(404, 'not_found', 'no suggestion result with this id', [{ path: '$.id', message: 'no suggestion result with this id' }]);
    return c.json({ id: row.id, result: row.result, evidence: row.evidence });
  });
}
