import type { z } from 'zod';

/** One thing wrong with the caller's input, located by a JSON path such as `$.must_ask[1]`. */
export interface InputIssue {
  /** JSONPath-style location: `$` is the whole document. */
  readonly path: string;
  /** What is wrong there, in a sentence. */
  readonly message: string;
}

/**
 * The caller's input was refused: malformed JSON, a schema violation, a contract that cannot be
 * satisfied. Nothing was written. Carries every issue found, each with its path; the CLI prints
 * them and exits 2, the server answers 400 with them.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    /** What was being read, e.g. `reply contract` or `turn input`. */
    readonly subject: string,
    readonly issues: readonly InputIssue[],
  ) {
    super(`${subject} refused:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
  }
  /** True for any `InputError`, even from a second copy of the package. */
  static isInstance(error: unknown): error is InputError {
    return error instanceof Error && error.name === 'InputError' && Array.isArray((error as InputError).issues);
  }
}

/** Formats a zod issue path as `$.a.b[2]`; keys that are not plain identifiers are quoted. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${acc}.${name}` : `${acc}[${JSON.stringify(name)}]`;
  }, '$');
}

/** Turns zod issues into {@link InputIssue}s, naming unknown keys where zod reports them. */
export function inputIssuesFromZod(error: z.ZodError, prefix: readonly PropertyKey[] = []): InputIssue[] {
  return error.issues.flatMap((issue) => {
    const base = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: jsonPath([...base, key]), message: 'unknown key' }));
    }
    if (issue.code === 'invalid_key') {
      // A record key refused: say why (zod's own message is only "Invalid key in record").
      return [{ path: jsonPath(base), message: `key ${issue.issues.map((i) => i.message).join('; ')}` }];
    }
    return [{ path: jsonPath(base), message: issue.message }];
  });
}

/**
 * Parses `value` with `schema`; on failure throws an {@link InputError} naming every issue's path.
 * The one way every layer validates what a caller hands it.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, subject: string): z.output<S> {
  // zod's records skip a `__proto__` key without a word, so what was read would differ from what
  // was sent: such a key is refused here, with its path, before any schema runs.
  const proto = protoKeyPaths(value);
  if (proto.length > 0) {
    throw new InputError(subject, proto.map((path) => ({ path: jsonPath(path), message: 'a "__proto__" key cannot be kept as sent; rename it' })));
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new InputError(subject, inputIssuesFromZod(result.error));
}

/** Parses JSON text, refusing malformed text with an {@link InputError} at `$`. */
export function parseJsonText(text: string, subject: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(subject, [{ path: '$', message: `not valid JSON: ${(error as Error).message}` }]);
  }
}

/** Paths of every own `__proto__` key in a parsed JSON value (JSON.parse makes them own keys). */
function protoKeyPaths(value: unknown, path: PropertyKey[] = [], found: PropertyKey[][] = [], depth = 0): PropertyKey[][] {
  if (value === null || typeof value !== 'object' || depth > 256) return found;
  if (Array.isArray(value)) {
    value.forEach((item, i) => protoKeyPaths(item, [...path, i], found, depth + 1));
    return found;
  }
  if (Object.prototype.hasOwnProperty.call(value, '__proto__')) found.push([...path, '__proto__']);
  for (const key of Object.keys(value)) protoKeyPaths((value as Record<string, unknown>)[key], [...path, key], found, depth + 1);
  return found;
}
