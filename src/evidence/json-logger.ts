/** One structured log record: a message and flat, JSON-serialisable fields. */
export interface LogRecord {
  /** `info` for normal traffic, `warn` for refused or degraded work, `error` for bugs and store failures. */
  readonly level: 'info' | 'warn' | 'error';
  /** A short, stable event name such as `request` or `drain`; dashboards filter on it. */
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** Where Warrant writes its structured logs. One method so any logging library can sit behind it. */
export interface Logger {
  log(record: LogRecord): void;
}

/** Options of {@link createJsonLogger}. */
export interface JsonLoggerOptions {
  /**
   * Receives each line (without the newline). Default: standard output, the place container
   * platforms collect logs from. Tests pass a function that keeps the lines.
   */
  write?: (line: string) => void;
  /** Clock for the `time` field. Default `Date.now`; tests pin it. */
  now?: () => number;
}

/**
 * A logger that writes one JSON object per line: `{"time": ISO-8601, "level", "msg", …fields}`.
 * Values that cannot be serialised (a cycle, a bigint) become their string form rather than
 * losing the whole line.
 */
export function createJsonLogger({
  write = (line) => void process.stdout.write(line + '\n'),
  now = Date.now,
}: JsonLoggerOptions = {}): Logger {
  return {
    log(record) {
      const entry = { time: new Date(now()).toISOString(), ...record };
      let line: string;
      try {
        line = JSON.stringify(entry, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
      } catch {
        line = JSON.stringify(Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, typeof v === 'string' ? v : String(v)])));
      }
      write(line);
    },
  };
}

/** A logger that drops everything: for benchmarks that measure the work, not the log pipe. */
export const silentLogger: Logger = { log() {} };
