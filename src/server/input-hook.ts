import type { Hook } from '@hono/zod-openapi';
import { InputError, inputIssuesFromZod } from '../errors.js';
import type { ServerEnv } from './server-env.js';

/** What each validation target is called in a refusal's detail (`query refused`). */
const SUBJECTS: Readonly<Record<string, string>> = {
  json: 'request body',
  query: 'query',
  param: 'path',
  header: 'headers',
};

/**
 * The default hook of every route mounted with `app.openapi(route, handler)`: a request the
 * route's documented schema refuses (its body, query, path or headers) becomes the project's
 * {@link InputError}, which the server answers as every other refused input — 400
 * `invalid_input`, `application/problem+json`, each issue at its JSON path within the part
 * (`$.contract.must_ask[1]`, `$.limit`, `$.id`). A schema that accepts lets the handler run with
 * its output (`c.req.valid(...)`).
 */
export const refuseInvalidInput: Hook<unknown, ServerEnv, string, undefined> = (result) => {
  if (!result.success) throw new InputError(SUBJECTS[result.target] ?? result.target, inputIssuesFromZod(result.error));
  return undefined;
};
