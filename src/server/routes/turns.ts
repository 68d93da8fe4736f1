import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import type { Tracer } from '@opentelemetry/api';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Logger } from '../../evidence/json-logger.js';
import { inSpan, recordFinishedSpan } from '../../evidence/spans.js';
import { wireString } from '../../wire-string.js';
import type { Database } from '../../store/index.js';
import {
  createTurnRuntime,
  turnInputSchema,
  turnResultSchema,
  turnResultToJson,
  type TurnInput,
  type TurnResult,
  type TurnRuntime,
  type TurnRuntimeOptions,
} from '../../turn/index.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { listQueryShape, toListQuery } from '../list-query.js';
import { HttpProblem, problemOf } from '../problem.js';
import { problemResponses } from '../problem-responses.js';
import { readJsonBody, type JsonBodyLimits } from '../read-json-body.js';
import { idParamsSchema } from '../path-params.js';
import type { ServerMetrics } from '../metrics.js';
import type { ServerEnv } from '../server-env.js';
import { getTurn, listTurns, recordTurnTrace, type TurnRow } from '../../turn/turn-queries.js';
import { traceIdOf, traceIdSchema } from '../trace-id.js';

/** What the sidecar needs to run turns: the deployment's workflows and, optionally, its model seams. */
export type TurnDeployment = Omit<TurnRuntimeOptions, 'db' | 'tenantId'>;

export const turnRecordSchema = z
  .strictObject({
    id: z.string(),
    conversation_id: z.string(),
    created_at: z.string(),
    input: turnInputSchema.in.describe('the turn input as it was run: its wire form, every default written out'),
    result: turnResultSchema.in.nullable().describe('null while the turn is committed but not yet composed'),
    trace_id: traceIdSchema,
  })
  .meta({ id: 'TurnRecord' });

export const turnSummarySchema = z
  .strictObject({
    id: z.string(),
    conversation_id: z.string(),
    created_at: z.string(),
    reply: z.string().nullable(),
    fallback_reason: z.string().nullable().describe("why code's words stand in for the writer's; null when they do not"),
    model_failure: z.boolean().describe('a model call did not succeed, or the message could not be read'),
    trace_id: traceIdSchema,
  })
  .meta({ id: 'TurnSummary' });

const flag = z.enum(['true', 'false']).optional();

const turnListQuerySchema = z.strictObject({
  ...listQueryShape,
  conversation_id: wireString().min(1).optional(),
  fallback: flag.describe("true: only turns whose reply fell back to code's words (a fallback_reason); false: only the others"),
  model_failure: flag.describe('true: only turns with a failed model call or an unread message; false: only the others'),
  text: wireString().min(1).max(200).optional().describe('only turns whose message, id or reply blocks contain this text, ignoring case'),
});

/** Dependencies of {@link turnRoutes}. */
export interface TurnRouteDeps {
  readonly store: Database;
  readonly deployment: TurnDeployment;
  readonly limits: JsonBodyLimits;
  readonly tracer: Tracer;
  readonly logger: Logger;
  /** Keeps the server's drain waiting for work that outlives its request (a streamed turn). */
  readonly track: (work: Promise<unknown>) => void;
  /** Counts each turn's model calls by task and outcome. */
  readonly metrics: Pick<ServerMetrics, 'modelCall'>;
}

/**
 * Builds one runtime per tenant on demand (each scoped to its tenant's records). Building the
 * first one at once makes a deployment whose sentences lack a declared locale refuse to start
 * (W8), not fail on its first turn.
 */
function turnRuntimes(store: Database, deployment: TurnDeployment): (tenantId: string) => TurnRuntime {
  const runtimes = new Map<string, TurnRuntime>();
  const forTenant = (tenantId: string) => {
    let runtime = runtimes.get(tenantId);
    if (runtime === undefined) {
      runtime = createTurnRuntime({ ...deployment, db: store, tenantId });
      runtimes.set(tenantId, runtime);
    }
    return runtime;
  };
  createTurnRuntime({ ...deployment, db: store, tenantId: 'default' });
  return forTenant;
}

/**
 * Governed turns over HTTP. `POST /v0/turns` answers with the committed turn as JSON, or, with
 * `Accept: text/event-stream`, streams `progress` events while it runs and the turn as ONE final
 * `reply` event after commit and review (W5). The turn is committed and composed before any reply
 * is sent (W6). A client that disconnects before the commit cancels the turn through the request's
 * abort signal: its model calls stop and nothing is written. Once committed, the turn stays
 * committed and its result is stored, to be read with `GET /v0/turns/{id}` or by sending the turn
 * again.
 */
export function turnRoutes(app: OpenAPIHono<ServerEnv>, { store, deployment, limits, tracer, logger, track, metrics }: TurnRouteDeps): void {
  const runtimeFor = turnRuntimes(store, deployment);

  const runTurn = (tenantId: string, input: TurnInput, parent: ServerEnv['Variables']['traceContext'], signal: AbortSignal) => {
    const run = runtimeFor(tenantId).submit(input, { signal });
    const result = inSpan(
      tracer,
      'warrant.turn',
      { 'warrant.tenant': tenantId },
      async (span, scope) => {
        const turn = await run.result;
        const traceId = traceIdOf(parent);
        if (traceId !== null) await recordTurnTrace(store, tenantId, turn.turnId, traceId);
        span.setAttribute('warrant.turn_id', turn.turnId);
        span.setAttribute('warrant.events_committed', turn.evidence.eventsCommitted);
        for (const call of turn.evidence.modelCalls) {
          recordModelCallSpan(tracer, call, scope);
          metrics.modelCall(call.task, call.outcome);
        }
        return turn;
      },
      parent,
    );
    track(result.catch(() => {}));
    return { progress: run.progress, result };
  };

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v0/turns',
      middleware: [readJsonBody(limits)],
      operationId: 'runTurn',
      tags: ['turns'],
      summary: 'Run a governed turn; JSON, or progress then the reply as Server-Sent Events',
      request: { body: { required: true, content: { 'application/json': { schema: turnInputSchema } } } },
      responses: {
        200: {
          description: 'the committed turn (JSON), or with `Accept: text/event-stream` a stream of `progress` events and one final `reply` (or `error`) event',
          content: {
            'application/json': { schema: turnResultSchema.in },
            'text/event-stream': {
              schema: z
                .string()
                .describe('`event: progress` lines, then one `event: reply` whose data is a TurnResult, or one `event: error` whose data is a Problem'),
            },
          },
        },
        ...problemResponses('runTurn', ['transport', 'handler', 'apiKey', 'jsonBody', 'store']),
      },
    }),
    async (c) => {
      // The route's schema (the turn input codec) has refused a bad input with its paths before anything runs or streams.
      const input = c.req.valid('json');
      const turn = runTurn(c.get('tenantId'), input, c.get('traceContext'), clientGone(c.req.raw.signal));
      if (!(c.req.header('accept') ?? '').includes('text/event-stream')) {
        return c.json(turnResultToJson(await turn.result), 200);
      }
      return streamSSE(c, async (stream) => {
        let sequence = 0;
        for await (const event of turn.progress) {
          if (stream.aborted || stream.closed) break; // the client left: the telling stops (the request's signal cancels the turn unless it has committed)
          if (event.kind === 'reply') continue; // sent below, once the span has closed over it
          await stream.writeSSE({ event: 'progress', id: String(sequence++), data: JSON.stringify(event) });
        }
        try {
          const result = await turn.result;
          if (!stream.aborted) await stream.writeSSE({ event: 'reply', id: String(sequence++), data: JSON.stringify(turnResultToJson(result)) });
        } catch (error) {
          // The client left before the commit and its signal cancelled the turn: nobody to tell, nothing failed.
          if (c.req.raw.signal.aborted && (error as Error | null)?.name === 'AbortError') return;
          const problem = problemOf(error, c.req.path);
          if (problem.status >= 500)
            logger.log({
              level: 'error',
              msg: 'turn_failed',
              request_id: c.get('requestId'),
              trace_id: c.get('traceId'),
              error: (error as Error)?.stack ?? String(error),
            });
          if (!stream.aborted) await stream.writeSSE({ event: 'error', data: JSON.stringify(problem) });
        }
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/turns/{id}',
      operationId: 'getTurn',
      tags: ['turns'],
      summary: 'One committed turn with its input and composed result',
      request: { params: idParamsSchema },
      responses: {
        200: { description: 'the turn', content: { 'application/json': { schema: turnRecordSchema } } },
        ...problemResponses('getTurn', ['transport', 'handler', 'apiKey', 'parameters', 'record', 'store']),
      },
    }),
    async (c) => {
      const row = await getTurn(store, c.get('tenantId'), c.req.valid('param').id);
      if (row === undefined) throw new HttpProblem(404, 'not_found', 'no turn with this id', [{ path: '$.id', message: 'no turn with this id' }]);
      return c.json(
        {
          id: row.id,
          conversation_id: row.conversationId,
          created_at: row.committedAt.toISOString(),
          // Stored in its wire form, every default written out (`turnInputToJson`), when the turn committed.
          input: row.input as z.output<typeof turnInputSchema.in>,
          result: row.result,
          trace_id: row.traceId,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/turns',
      operationId: 'listTurns',
      tags: ['turns'],
      summary: "The tenant's turns, newest first, with filters and cursor pages",
      request: { query: turnListQuerySchema },
      responses: {
        200: {
          description: 'a page of turns',
          content: {
            'application/json': { schema: z.strictObject({ items: z.array(turnSummarySchema), next_cursor: z.string().nullable() }).meta({ id: 'TurnList' }) },
          },
        },
        ...problemResponses('listTurns', ['transport', 'handler', 'apiKey', 'parameters', 'store']),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const { cursor, ...page } = toListQuery(query);
      // The position is the last turn's own commit time and id: the tenant's data, nothing shared.
      const before = cursor === undefined ? undefined : turnPosition(decodeCursor(cursor, 'turns', isTurnPosition));
      const rows = await listTurns(store, c.get('tenantId'), {
        ...page,
        before,
        conversationId: query.conversation_id,
        fallback: query.fallback === undefined ? undefined : query.fallback === 'true',
        modelFailure: query.model_failure === undefined ? undefined : query.model_failure === 'true',
        text: query.text,
        limit: page.limit + 1,
      });
      const items = rows.slice(0, page.limit);
      const last = items.at(-1);
      return c.json(
        {
          items: items.map(summaryOf),
          next_cursor: rows.length > page.limit && last ? encodeCursor('turns', [last.committedAtText, last.id]) : null,
        },
        200,
      );
    },
  );
}

/**
 * The request's abort signal, with an `AbortError` as its reason: the Node adapter aborts a
 * request whose client disconnected with a plain string, and a cancelled turn rejects with its
 * signal's reason.
 */
function clientGone(request: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort(new DOMException('the client disconnected before the turn committed', 'AbortError'));
  if (request.aborted) abort();
  else request.addEventListener('abort', abort, { once: true });
  return controller.signal;
}

const COMMIT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A turns cursor's position: a commit time as the store wrote it (a real instant) and a turn id. */
function isTurnPosition(position: readonly string[]): boolean {
  const [at, id] = position;
  if (position.length !== 2 || at === undefined || id === undefined) return false;
  const ms = Date.parse(at);
  return COMMIT_TIME.test(at) && Number.isFinite(ms) && ms >= Date.parse('0001-01-01T00:00:00Z') && idParamsSchema.shape.id.safeParse(id).success;
}

function turnPosition([committedAt, id]: readonly string[]) {
  return { committedAt: committedAt!, id: id! };
}

function summaryOf(row: TurnRow) {
  const transition = row.result?.blocks.find((b) => b.kind === 'transition');
  const evidence = row.result?.evidence;
  return {
    id: row.id,
    conversation_id: row.conversationId,
    created_at: row.committedAt.toISOString(),
    reply: transition?.text ?? null,
    // The same rules as the list's filters (turn-queries.ts), so a row and its filter agree.
    fallback_reason: transition?.fallback_reason ?? null,
    model_failure: (evidence?.model_calls ?? []).some((call) => call.outcome !== 'ok') || (evidence?.understanding_failure ?? null) !== null,
    trace_id: row.traceId,
  };
}

/** A model call recorded by the turn becomes a finished span under the turn's span. */
function recordModelCallSpan(tracer: Tracer, call: TurnResult['evidence']['modelCalls'][number], parent: ServerEnv['Variables']['traceContext']): void {
  const startedAt = typeof call.startedAt === 'string' ? Date.parse(call.startedAt) : Number.NaN;
  const latency = typeof call.latencyMs === 'number' ? call.latencyMs : 0;
  const attributes: Record<string, string | number> = { 'warrant.task': call.task, 'warrant.outcome': call.outcome };
  for (const [key, name] of [
    ['promptName', 'prompt_name'],
    ['promptHash', 'prompt_hash'],
    ['modelId', 'model_id'],
    ['inputTokens', 'input_tokens'],
    ['outputTokens', 'output_tokens'],
  ] as const) {
    const value = call[key];
    if (typeof value === 'string' || typeof value === 'number') attributes[`warrant.${name}`] = value;
  }
  recordFinishedSpan(tracer, 'warrant.model_call', {
    startMs: Number.isFinite(startedAt) ? startedAt : Date.now() - latency,
    durationMs: latency,
    attributes,
    failed: call.outcome !== 'ok',
    parent,
  });
}
