/** What replaying one recorded scenario found. */
export interface ReplayOutcome {
  /** The scenario's name as recorded (or its file name). */
  readonly name: string;
  /** The file it came from. */
  readonly file: string;
  /** True when everything recorded as expected was produced again. */
  readonly passed: boolean;
  /** When it failed: each difference as `path: expected X, got Y`, one per line. */
  readonly differences: readonly string[];
}

/**
 * Replays one kind of recorded scenario. A fixture file says which kind it is in its top-level
 * `fixture_kind` field; `warrant replay` hands it to the replayer of that kind.
 */
export interface Replayer {
  /** The `fixture_kind` value this replayer takes, e.g. `reply_contract`. */
  readonly kind: string;
  /**
   * Replays the parsed fixture. Throws only for a fixture that cannot be read at all: an
   * `InputError` from `parseInput` is enough, `replayFixtures` turns it into a `FixtureError`
   * naming the file.
   */
  replay(fixture: unknown, file: string): Promise<ReplayOutcome>;
}

/**
 * Compares `actual` with `expected` and lists each difference with its JSON path. Only the keys
 * present in `expected` are compared, so a fixture records what it promises and nothing more.
 */
export function diffExpected(expected: unknown, actual: unknown, path = '$'): string[] {
  if (expected !== null && typeof expected === 'object') {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
      const out: string[] = [];
      if (expected.length !== actual.length) out.push(`${path}: expected ${expected.length} items, got ${actual.length}`);
      expected.forEach((item, i) => out.push(...diffExpected(item, actual[i], `${path}[${i}]`)));
      return out;
    }
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${path}: expected an object, got ${show(actual)}`];
    }
    return Object.entries(expected).flatMap(([key, value]) => diffExpected(value, (actual as Record<string, unknown>)[key], `${path}.${key}`));
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}

function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
