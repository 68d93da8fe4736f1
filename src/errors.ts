import type { z } from 'zod';

/** One thing wrong with the caller's input, located by a JSON path such as `$.must_ask[1]`. */
export interface InputIssue {
  /** JSONPath-style location: `$` is the whole document. */
  readonly path: string;
  /** What is wrong there, in a sentence. */
  readonly message: string;
}

/**
 * Whose fault a {@link WarrantError} is, which decides how every surface reports it:
 * - `input`: the caller handed something malformed (CLI exit 2, HTTP 400 or the refusal's own 4xx);
 * - `configuration`: the deployment is set up wrong — a missing sentence, a duplicate workflow
 *   key, a model string that names no provider (CLI exit 2, HTTP 500: the operator must act);
 * - `store`: the database failed (CLI exit 1, HTTP 503: retrying later may work);
 * - `model`: a model misbehaved where no fallback could stand in (CLI exit 1, HTTP 502).
 */
export type Fault = 'input' | 'configuration' | 'store' | 'model';

const WARRANT_ERROR = Symbol.for('warrant.error');

/**
 * Where a turn stood when an error ended it: its id (`null` when the input had none to read) and
 * whether it had committed. A committed turn's events hold whatever the error says: sending the
 * same turn id again returns it rather than running it again.
 */
export interface TurnFailure {
  readonly turnId: string | null;
  readonly committed: boolean;
}

/**
 * The base of every error Warrant throws on purpose. Recognisable across copies of the package
 * (a `Symbol.for` marker, not `instanceof`), and grouped by {@link Fault}, so the CLI picks its
 * exit code and the server its status from the fault alone. An error that is not a
 * `WarrantError` is a bug.
 */
export class WarrantError extends Error {
  readonly [WARRANT_ERROR] = true;
  /** Set on every error a turn run rejects with (see `TurnRuntime.run`); `undefined` elsewhere. */
  turn: TurnFailure | undefined = undefined;
  constructor(
    /** Whose fault it is; see {@link Fault}. */
    readonly fault: Fault,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'WarrantError';
  }
  /** True for any Warrant error, even from a second copy of the package. */
  static isInstance(error: unknown): error is WarrantError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[WARRANT_ERROR] === true;
  }
}

/**
 * Defines `isInstance` for a subclass by its stable `name`, so a check survives duplicate copies
 * of the package the way {@link WarrantError.isInstance} does.
 */
export function isWarrantErrorNamed<E extends WarrantError>(error: unknown, name: string): error is E {
  return WarrantError.isInstance(error) && error.name === name;
}

/**
 * The caller's input was refused: malformed JSON, a schema violation, a contract that cannot be
 * satisfied. Nothing was written. Carries every issue found, each with its path; the CLI prints
 * them and exits 2, the server answers 400 with them.
 */
export class InputError extends WarrantError {
  constructor(
    /** What was being read, e.g. `reply contract` or `turn input`. */
    readonly subject: string,
    readonly issues: readonly InputIssue[],
  ) {
    super('input', `${subject} refused:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`);
    this.name = 'InputError';
  }
  /** True for any `InputError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is InputError {
    return isWarrantErrorNamed(error, 'InputError');
  }
}

/**
 * The deployment is configured wrong (a duplicate workflow key, a model string that names no
 * provider, a server setting out of range): nothing a request could fix; the operator must.
 * `issues` locates each mistake (`env.WARRANT_MODEL_ANSWER__TIMEOUT_MS`, `$.tasks.review.model`)
 * when there is a path to name; the message lists them.
 */
export class ConfigurationError extends WarrantError {
  /** Each setting found wrong, by path; empty when the message alone says it. */
  readonly issues: readonly InputIssue[];
  constructor(message: string, options?: { cause?: unknown; issues?: readonly InputIssue[] }) {
    const issues = options?.issues ?? [];
    super('configuration', issues.length === 0 ? message : `${message}:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`, options);
    this.name = 'ConfigurationError';
    this.issues = issues;
  }
  /** True for any `ConfigurationError`, even from a second copy of the package. */
  static override isInstance(error: unknown): error is ConfigurationError {
    return isWarrantErrorNamed(error, 'ConfigurationError');
  }
}

/**
 * Parses deployment settings with `schema`, as {@link parseInput} parses a caller's input, but a
 * refusal is a {@link ConfigurationError} naming every path: settings come from the operator.
 */
export function parseConfiguration<S extends z.ZodType>(schema: S, value: unknown, subject: string): z.output<S> {
  try {
    return parseInput(schema, value, subject);
  } catch (error) {
    if (!InputError.isInstance(error)) throw error;
    throw new ConfigurationError(`${subject} configured wrong`, { issues: error.issues });
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
  refuseProtoKeys(value, subject);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new InputError(subject, inputIssuesFromZod(result.error));
}

/**
 * Refuses `value` (parsed JSON) with an {@link InputError} naming each own `__proto__` key's path.
 * zod's records skip such a key without a word, so what was read would differ from what was
 * sent: it is refused before any schema runs (by {@link parseInput}, and by the server's body
 * reader before a route's schema).
 */
export function refuseProtoKeys(value: unknown, subject: string): void {
  const proto = protoKeyPaths(value);
  if (proto.length > 0) {
    throw new InputError(
      subject,
      proto.map((path) => ({ path: jsonPath(path), message: 'a "__proto__" key cannot be kept as sent; rename it' })),
    );
  }
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
  if (Object.hasOwn(value, '__proto__')) found.push([...path, '__proto__']);
  for (const key of Object.keys(value)) protoKeyPaths((value as Record<string, unknown>)[key], [...path, key], found, depth + 1);
  return found;
}
