import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { InputError, isWarrantErrorNamed, WarrantError, type InputIssue } from '../errors.js';
import { UnstorableValueError } from '../store/index.js';

/**
 * Every problem `code` the server answers with, and its HTTP status: the one table the OpenAPI
 * document's per-operation `code` enums are drawn from (`problemResponses`). A code not here
 * cannot be thrown (`HttpProblem` and `problemDocument` take only these).
 */
export const PROBLEM_STATUS = {
  /** Node's HTTP parser refused the request (a bad `content-length`, header or request line). */
  malformed_request: 400,
  malformed_json: 400,
  too_deep: 400,
  invalid_input: 400,
  unstorable_input: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_key_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  headers_too_large: 431,
  internal_error: 500,
  configuration_error: 500,
  model_unavailable: 502,
  store_unavailable: 503,
  suggestion_unavailable: 503,
} as const;

/** A problem `code`: a key of {@link PROBLEM_STATUS}. */
export type ProblemCode = keyof typeof PROBLEM_STATUS;

/**
 * A refusal the server decides on before or instead of any work (no key, unknown id, body too
 * large, wrong content type). Carries its HTTP status and a stable snake_case code.
 */
export class HttpProblem extends WarrantError {
  constructor(
    readonly status: ContentfulStatusCode,
    /** Stable snake_case code, e.g. `payload_too_large`; clients branch on it. */
    readonly code: ProblemCode,
    /** What went wrong, in a sentence. */
    readonly detail: string,
    /** Where in the request it went wrong, when that is known. */
    readonly issues: readonly InputIssue[] = [],
  ) {
    super('input', detail);
    this.name = 'HttpProblem';
  }
  /** True for any `HttpProblem`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is HttpProblem {
    return isWarrantErrorNamed(error, 'HttpProblem');
  }
}

/** An RFC 9457 problem document, plus Warrant's `code` and `issues` extension members. */
export interface ProblemDocument {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly code: ProblemCode;
  readonly issues: readonly InputIssue[];
}

/** The wire schema of {@link ProblemDocument}, for the OpenAPI document. */
export const problemSchema = z
  .strictObject({
    type: z.string().describe('`urn:warrant:problem:<code>`'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().describe('the request path'),
    code: z.string().describe('stable snake_case code'),
    issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).describe('each thing wrong, by JSON path'),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 problem details (`application/problem+json`)' });

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  431: 'Request header fields too large',
  500: 'Internal error',
  502: 'Model unavailable',
  503: 'Store unavailable',
};

/**
 * The one place an error becomes an HTTP status: a pure mapping from the error's class and fault,
 * decided where the error was made (the driver's errors are classified where they are wrapped,
 * `classifyDriverError`). A refusal (`HttpProblem`) has its own status; the caller's input
 * (`InputError`) is 400 with every issue's path; a value the store refused
 * (`UnstorableValueError`) 400 `unstorable_input`; then by fault: `store` 503, `model` 502,
 * `configuration` 500 with a code that says so; anything else — a bug — 500 without internals.
 */
export function problemOf(error: unknown, instance: string): ProblemDocument {
  if (HttpProblem.isInstance(error)) return document(error.status, error.code, error.detail, instance, error.issues);
  if (InputError.isInstance(error)) return document(400, 'invalid_input', `${error.subject} refused`, instance, error.issues);
  if (UnstorableValueError.isInstance(error)) {
    return document(400, 'unstorable_input', 'the store refused a value of this request; nothing was written', instance, [
      { path: '$', message: 'holds a value the store cannot hold' },
    ]);
  }
  if (!WarrantError.isInstance(error)) return document(500, 'internal_error', 'an unexpected failure; it has been logged', instance);
  switch (error.fault) {
    case 'input':
      return document(400, 'invalid_input', error.message, instance);
    case 'store':
      return storeUnavailable(instance);
    case 'model':
      return document(502, 'model_unavailable', 'a model failed and no fallback could stand in; nothing was acknowledged', instance);
    case 'configuration':
      return document(500, 'configuration_error', 'the server is configured wrong; the operator has been told in the log', instance);
  }
}

function storeUnavailable(instance: string): ProblemDocument {
  return document(503, 'store_unavailable', 'the store could not complete the request; nothing was acknowledged', instance);
}

/** Seconds a client is told to wait (`Retry-After`) before retrying a request the store could not serve. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/** Responds with `problem` as `application/problem+json` (a store outage with `Retry-After`). */
export function problemResponse(c: Context, problem: ProblemDocument): Response {
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' };
  if (problem.status === 401) headers['www-authenticate'] = 'Bearer realm="warrant"';
  if (problem.code === 'store_unavailable') headers['retry-after'] = String(STORE_RETRY_AFTER_SECONDS);
  return c.body(JSON.stringify(problem), problem.status as ContentfulStatusCode, headers);
}

/** A problem document for a refusal decided outside the app (e.g. by Node's HTTP parser). */
export function problemDocument(status: number, code: ProblemCode, detail: string, instance: string, issues: readonly InputIssue[] = []): ProblemDocument {
  return document(status, code, detail, instance, issues);
}

function document(status: number, code: ProblemCode, detail: string, instance: string, issues: readonly InputIssue[] = []): ProblemDocument {
  return {
    type: `urn:warrant:problem:${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    instance,
    code,
    issues,
  };
}
