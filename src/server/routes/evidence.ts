import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { eraseConversation } from '../../evidence/erase-conversation.js';
import { verifyEvidence } from '../../evidence/verify-evidence.js';
import { exportLineSchema } from '../../evidence/export-line.js';
import { exportEvidence } from '../evidence-export.js';
import type { Database } from '../../store/index.js';
import { wireString, wireTimestamp } from '../../wire-string.js';
import { hashApiKey } from '../api-keys.js';
import { idParamsSchema } from '../path-params.js';
import { problemResponses } from '../problem-responses.js';
import type { ServerEnv } from '../server-env.js';

const verifyQuerySchema = z.strictObject({ since: wireTimestamp().optional().describe('only evidence from this time on (ISO 8601); default all') });

const exportQuerySchema = z.strictObject({
  since: wireTimestamp().optional().describe('only records from this time on (ISO 8601); default all'),
  cursor: wireString().optional().describe('the `cursor` of the last line received: the export resumes after it'),
});

/** Lines gathered per chunk written to the socket: large enough to amortise writes, small enough to stay a page. */
const CHUNK_BYTES = 64 * 1024;

const evidenceProblemSchema = z.strictObject({
  table: z
    .string()
    .describe(
      '`effects`, `suggestions`, `turns`, `turn_results`, `turn_traces`, `turn_events`, `evidence_erasures`, `evidence_seals` or `evidence_checkpoints`',
    ),
  id: z.string().describe('the row id (`record#revision` for an event, `chain#seq` for a seal)'),
  kind: z.enum(['changed', 'deleted', 'inserted', 'reordered', 'seal_changed', 'seal_missing']),
  detail: z.string(),
});

const verifyResponseSchema = z
  .strictObject({
    ok: z.boolean().describe('true when every row matches its seal and every chain is whole'),
    since: z.string().nullable(),
    rows: z.number().int(),
    seals: z.number().int(),
    chains: z.number().int(),
    erasures: z.array(z.strictObject({ id: z.string(), requested_by: z.string(), requested_at: z.string(), row_count: z.number().int() })),
    pruned: z.array(
      z.strictObject({
        chain_id: z.string(),
        through_seq: z.number().int(),
        rule: z.string(),
        pruned_before: z.string(),
        pruned_at: z.string(),
        row_count: z.number().int(),
      }),
    ),
    problems: z.array(evidenceProblemSchema),
  })
  .meta({ id: 'EvidenceVerification' });

const erasureResponseSchema = z
  .strictObject({
    erased: z.boolean().describe('false when nothing was left to erase: a second request changes nothing'),
    erasure_id: z.string().nullable(),
    row_count: z.number().int(),
    rows: z.strictObject({ turns: z.number().int(), turn_events: z.number().int(), turn_records: z.number().int(), suggestions: z.number().int() }),
    earlier: z
      .array(z.strictObject({ id: z.string(), requested_by: z.string(), requested_at: z.string(), row_count: z.number().int() }))
      .describe('earlier erasures of this conversation, when nothing was left'),
  })
  .meta({ id: 'ConversationErasure' });

/**
 * The export's media type, typed as a plain `string` where the route declares it: @hono/zod-openapi
 * reads a media type named `application/…json…` as JSON, finds no JSON type for NDJSON and types its
 * answer `never`; a media type it cannot name it types as any other one it has no type for, a
 * `Response`, which is what the export answers with.
 */
const NDJSON: string = 'application/x-ndjson';

/**
 * The tenant's own evidence: `GET /v0/evidence/verify` recomputes its seals (W13) and reports
 * what was changed outside Warrant; `DELETE /v0/conversations/{id}` erases a conversation (or a
 * Match) on request, leaving an erasure record.
 */
export function evidenceRoutes(app: OpenAPIHono<ServerEnv>, { store }: { store: Database }): void {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/evidence/verify',
      operationId: 'verifyEvidence',
      tags: ['evidence'],
      summary: "Recompute the integrity seals of the tenant's evidence and report every row changed, deleted, inserted or reordered outside Warrant",
      request: { query: verifyQuerySchema },
      responses: {
        200: { description: 'the verification report', content: { 'application/json': { schema: verifyResponseSchema } } },
        ...problemResponses('verifyEvidence', ['transport', 'handler', 'apiKey', 'parameters', 'store']),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const tenantId = c.get('tenantId');
      const report = await verifyEvidence(store, { tenantId, since: query.since === undefined ? undefined : new Date(query.since) });
      const t = report.tenants[0]!;
      return c.json(
        {
          ok: report.ok,
          since: report.since,
          rows: t.rows,
          seals: t.seals,
          chains: t.chains,
          erasures: t.erasures.map((e) => ({ id: e.id, requested_by: e.requestedBy, requested_at: e.requestedAt, row_count: e.rowCount })),
          pruned: t.pruned.map((p) => ({
            chain_id: p.chainId,
            through_seq: p.throughSeq,
            rule: p.rule,
            pruned_before: p.prunedBefore,
            pruned_at: p.prunedAt,
            row_count: p.rowCount,
          })),
          problems: report.problems.map((p) => ({ table: p.table, id: p.id, kind: p.kind, detail: p.detail })),
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v0/evidence/export',
      operationId: 'exportEvidence',
      tags: ['evidence'],
      summary:
        "Stream the tenant's evidence as NDJSON: effects, suggestion results, turns with their events, erasure records, the seals, then the prune checkpoints; each line a record in its wire form carrying every column its digest covers, with its integrity proof and a cursor to resume after it",
      request: { query: exportQuerySchema },
      responses: {
        200: {
          description: 'one JSON record per line',
          content: {
            [NDJSON]: {
              // The lines as the array of their items: OpenAPI 3.1 has no `itemSchema` (3.2 does; Redocly refuses it in a 3.1 document).
              schema: z.array(exportLineSchema).describe('the lines in order, each one `EvidenceExportLine` followed by a newline'),
            },
          },
        },
        ...problemResponses('exportEvidence', ['transport', 'handler', 'apiKey', 'parameters', 'store']),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const lines = exportEvidence(store, {
        tenantId: c.get('tenantId'),
        since: query.since === undefined ? undefined : new Date(query.since),
        cursor: query.cursor,
      });
      // The first line is read before answering, so a refused cursor or a store down is a 400 or 503, not a cut stream.
      let first = await lines.next();
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        // Pulled as the client reads: a slow client holds the export at one chunk, not the whole.
        async pull(controller) {
          let chunk = '';
          while (!first.done && chunk.length < CHUNK_BYTES) {
            chunk += first.value;
            first = await lines.next();
          }
          if (chunk.length > 0) controller.enqueue(encoder.encode(chunk));
          if (first.done) controller.close();
        },
        async cancel() {
          await lines.return(undefined);
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': `${NDJSON}; charset=utf-8` } });
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/v0/conversations/{id}',
      operationId: 'eraseConversation',
      tags: ['evidence'],
      summary: "Erase a conversation's turns, events and records, and the suggestion results of the Match with this id, leaving an erasure record",
      request: { params: idParamsSchema },
      responses: {
        200: { description: 'what was erased', content: { 'application/json': { schema: erasureResponseSchema } } },
        ...problemResponses('eraseConversation', ['transport', 'handler', 'apiKey', 'parameters', 'store']),
      },
    }),
    async (c) => {
      const conversationId = c.req.valid('param').id;
      // Which key asked, without the key: the first digits of its digest, as the key table holds it.
      const key = /^Bearer\s+(\S+)/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      const outcome = await eraseConversation(store, {
        tenantId: c.get('tenantId'),
        conversationId,
        requestedBy: `api key sha256:${hashApiKey(key).slice(0, 12)}`,
      });
      return c.json(
        {
          erased: outcome.erasureId !== null,
          erasure_id: outcome.erasureId,
          row_count: outcome.rowCount,
          rows: {
            turns: outcome.rows.turns,
            turn_events: outcome.rows.turnEvents,
            turn_records: outcome.rows.turnRecords,
            suggestions: outcome.rows.suggestions,
          },
          earlier: outcome.earlier.map((e) => ({ id: e.id, requested_by: e.requestedBy, requested_at: e.requestedAt, row_count: e.rowCount })),
        },
        200,
      );
    },
  );
}
