import { z } from 'zod';
import { PROBLEM_STATUS, problemSchema, type ProblemCode } from './problem.js';

/**
 * The problem codes each step of a request can answer with. An operation lists the steps it goes
 * through and its document lists exactly their codes; `problem-responses.test.ts` provokes each
 * code on each operation that lists it, and checks every code of `PROBLEM_STATUS` is listed by
 * some operation or answered outside them.
 */
export const PROBLEMS_OF = {
  /** Node's HTTP parser, before any route (`answerClientErrorsAsProblems`): any request. */
  transport: ['malformed_request', 'request_timeout', 'headers_too_large'],
  /** Any handler: a deployment configured wrong, or a bug. */
  handler: ['configuration_error', 'internal_error'],
  /** The bearer key check; it reads the key table, so the store failing is 503 here already. */
  apiKey: ['unauthorized', 'store_unavailable'],
  /** `readJsonBody` and the body's schema. */
  jsonBody: ['unsupported_media_type', 'payload_too_large', 'malformed_json', 'too_deep', 'invalid_input'],
  /** Query parameters or the `{id}` of the path, read through their schema. */
  parameters: ['invalid_input'],
  /** A record read by id. */
  record: ['not_found'],
  /** Reads or writes the store: a value it refuses slipped past validation, or it fails. */
  store: ['unstorable_input', 'store_unavailable'],
  /** `Idempotency-Key` (`idempotentPosts`): a malformed key, a key still running, a key reused with another body. */
  idempotencyKey: ['invalid_input', 'idempotency_key_in_use', 'idempotency_key_reused'],
  /** `POST /v0/suggestions` when no decision could be made and retrying can help. */
  suggestionUnavailable: ['suggestion_unavailable'],
} as const satisfies Record<string, readonly ProblemCode[]>;

/** A step of {@link PROBLEMS_OF}. */
export type RequestStep = keyof typeof PROBLEMS_OF;

/**
 * Codes answered outside every operation, with why: a generator cannot attach them to one.
 * `model_unavailable` is mapped (`problemOf`) but no route lets a model failure escape: a turn
 * falls back to code's words, a suggestion answers `suggestion_unavailable`, the probe records
 * the failed paraphrase call in its report.
 */
export const PROBLEMS_OUTSIDE_OPERATIONS: Readonly<Partial<Record<ProblemCode, string>>> = {
  not_found: 'also a path no route serves',
  method_not_allowed: 'a documented path called with a method it does not take',
  model_unavailable: 'mapped for a model failure no route lets escape',
};

/** The codes an operation going through `steps` can answer with, deduplicated, in table order. */
export function problemCodesOf(steps: readonly RequestStep[]): ProblemCode[] {
  const listed = new Set<ProblemCode>(steps.flatMap((step) => PROBLEMS_OF[step]));
  return (Object.keys(PROBLEM_STATUS) as ProblemCode[]).filter((code) => listed.has(code));
}

/** Headers a problem response documents: each an integer (`Retry-After`). */
type ProblemHeaders = Readonly<Record<string, { readonly description: string; readonly schema: { readonly type: 'integer' } }>>;

/** The `Retry-After` every `store_unavailable` answer carries (`problemResponse`). */
const storeRetryAfter: ProblemHeaders = {
  'Retry-After': { description: 'seconds to wait before retrying (sent with `store_unavailable`)', schema: { type: 'integer' } },
};

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The statuses an operation going through `Steps` answers problems with: those of its steps' codes. */
type ProblemStatusOf<Steps extends readonly RequestStep[]> = (typeof PROBLEM_STATUS)[(typeof PROBLEMS_OF)[Steps[number]][number]];

/** The problem document schema of one operation: its `code` the enum of the operation's codes. */
function operationProblemSchema(operationId: string, codes: readonly ProblemCode[]) {
  return problemSchema
    .extend({ code: z.enum(codes as [ProblemCode, ...ProblemCode[]]).describe('stable snake_case code; the ones this operation can answer with') })
    .meta({ id: `${pascal(operationId)}Problem`, description: `RFC 9457 problem details (\`application/problem+json\`) of \`${operationId}\`` });
}

/** One problem response of an operation, as `createRoute` takes it. */
interface ProblemResponse {
  readonly description: string;
  readonly headers?: ProblemHeaders;
  readonly content: { readonly 'application/problem+json': { readonly schema: ReturnType<typeof operationProblemSchema> } };
}

/**
 * The error responses of operation `operationId` (which goes through `steps`), for `createRoute`:
 * one `application/problem+json` response per status, all with one schema — `<OperationId>Problem`,
 * the problem document whose `code` is the enum of exactly this operation's codes, so a generated
 * client can switch on it. Each response's description names its codes. `extra` overrides a
 * status's response object (e.g. a `Retry-After` header) and keeps the schema.
 *
 * Typed by status (`steps` read as a literal tuple), so a handler may answer a problem itself as
 * the route declares it (`c.json(problem, 503, …)`): @hono/zod-openapi types a handler's answers
 * from the statuses a route lists, and an index signature would list none.
 */
export function problemResponses<const Steps extends readonly RequestStep[]>(
  operationId: string,
  steps: Steps,
  extra: Readonly<Record<number, { description: string; headers?: ProblemHeaders }>> = {},
): Record<ProblemStatusOf<Steps>, ProblemResponse> {
  const codes = problemCodesOf(steps);
  const schema = operationProblemSchema(operationId, codes);
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEM_STATUS[code], [...(byStatus.get(PROBLEM_STATUS[code]) ?? []), code]);
  const responses: Record<number, ProblemResponse> = {};
  for (const [status, of] of byStatus) {
    responses[status] = {
      description: `${extra[status]?.description ?? 'problem details'}: ${of.map((c) => `\`${c}\``).join(', ')}`,
      ...(extra[status]?.headers ? { headers: extra[status].headers } : of.includes('store_unavailable') ? { headers: storeRetryAfter } : {}),
      content: { 'application/problem+json': { schema } },
    };
  }
  // Keyed by exactly the statuses of `steps`' codes, from the same two tables the type reads.
  return responses as Record<ProblemStatusOf<Steps>, ProblemResponse>;
}
