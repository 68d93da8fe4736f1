/**
 * Runs every example of the live OpenAPI document through the client generated from it: each
 * operation's example request (body, path and query parameters as the document gives them) sent
 * with `openapi-fetch` over the generated `paths`, its answer read back. Type-checked by
 * `generated-client.test.ts` with tsc against freshly generated types, then run against a live
 * sidecar.
 */
import createClient from 'openapi-fetch';
import type { paths } from './openapi-schema.js';

/** One operation's example, as the test reads it out of the document. */
export interface DocumentExample {
  readonly operationId: string;
  readonly method: 'get' | 'post' | 'delete';
  readonly path: keyof paths;
  readonly pathParameters: Record<string, string>;
  readonly query: Record<string, string | number>;
  readonly request: unknown;
  /** The documented 2xx response example, and whether it is JSON (else NDJSON: answered as text, documented as its lines). */
  readonly response: unknown;
  readonly json: boolean;
}

/** What one example's call answered. */
export interface ExampleOutcome {
  readonly operationId: string;
  readonly status: number;
  /** Top-level member names of the answer and of the documented response example (JSON), or the first line's `kind` (NDJSON). */
  readonly answered: string[];
  readonly documented: string[];
}

/** An NDJSON body's first line: the text's first line parsed, or the first of the lines the document shows. */
const firstLine = (value: unknown) => (Array.isArray(value) ? value[0] : JSON.parse(String(value).split('\n')[0]!)) as { kind: string };

const shape = (value: unknown, json: boolean): string[] => (json ? Object.keys(value as object).sort() : [String(firstLine(value).kind)]);

/**
 * Sends every example in order. Records the documented example names by id that a run mints
 * anew (an effect, a suggestion result) are read by the ids this run's own calls returned.
 */
export async function everyExample(baseUrl: string, key: string, examples: readonly DocumentExample[]): Promise<ExampleOutcome[]> {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${key}` } });
  // One signature for every path: the examples are data read from the document, not literals the compiler can narrow.
  const request = client.request as unknown as (
    method: string,
    path: string,
    init: { params: { path: Record<string, string>; query: Record<string, string | number> }; body?: unknown; parseAs: 'json' | 'text' },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const minted: Record<string, string> = {};
  const outcomes: ExampleOutcome[] = [];
  for (const example of examples) {
    const pathParameters = { ...example.pathParameters };
    if (example.operationId === 'getEffect' && minted.effect) pathParameters.id = minted.effect;
    if (example.operationId === 'getSuggestion' && minted.suggestion) pathParameters.id = minted.suggestion;
    const answer = await request(example.method, example.path, {
      params: { path: pathParameters, query: example.query },
      ...(example.request === undefined ? {} : { body: example.request }),
      parseAs: example.json ? 'json' : 'text',
    });
    if (answer.data === undefined) throw new Error(`${example.operationId}: ${answer.response.status} ${JSON.stringify(answer.error)}`);
    if (example.operationId === 'verifyReply') minted.effect = (answer.data as { effect: { id: string } }).effect.id;
    if (example.operationId === 'suggestReplies') minted.suggestion = (answer.data as { id: string }).id;
    outcomes.push({
      operationId: example.operationId,
      status: answer.response.status,
      answered: shape(answer.data, example.json),
      documented: shape(example.response, example.json),
    });
  }
  return outcomes;
}
