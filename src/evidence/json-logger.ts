import { pino, stdTimeFunctions } from 'pino';
import { InputError } from '../errors.js';

/** How much a log line matters; a logger set to a level drops the lines below it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One structured log record: a message and flat, JSON-serialisable fields. */
export interface LogRecord {
  /** `info` for normal traffic, `warn` for refused or degraded work, `error` for bugs and store failures, `debug` for detail an operator asks for. */
  readonly level: LogLevel;
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
  /** Lines below this level are dropped. Default `info`; `warrant serve` reads `WARRANT_LOG_LEVEL`. */
  level?: LogLevel;
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/**
 * Fields that may hold a secret or a user's words. Warrant's own lines never carry them; the
 * redaction is the net under a field added later by mistake (a key, a candidate reply, a body).
 */
const REDACTED = ['authorization', 'key', 'api_key', 'token', 'candidates', 'candidate', 'body', 'message', 'text'];

/**
 * A logger that writes one JSON object per line with pino: `{"level", "time": ISO-8601, "msg",
 * …fields}`, levels by name. Values that cannot be serialised (a cycle, a bigint) do not lose the
 * line. Fields named like secrets or user text (`authorization`, `key`, `token`, `candidates`,
 * `body`, `message`, `text`) are written as `[redacted]`.
 */
export function createJsonLogger({ write = (line) => void process.stdout.write(`${line}\n`), now = Date.now, level = 'info' }: JsonLoggerOptions = {}): Logger {
  const logger = pino(
    {
      level,
      base: null,
      messageKey: 'msg',
      formatters: { level: (label) => ({ level: label }) },
      timestamp: now === Date.now ? stdTimeFunctions.isoTime : () => `,"time":"${new Date(now()).toISOString()}"`,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: { error: (value: unknown) => (typeof value === 'string' ? value : String((value as Error)?.stack ?? value)) },
    },
    { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) },
  );
  return {
    log({ level: at, msg, ...fields }) {
      logger[at](fields, msg);
    },
  };
}

/**
 * The log level of `warrant serve` from `env` (the only place it is read): `WARRANT_LOG_LEVEL`,
 * one of `debug`, `info` (the default), `warn`, `error`. Anything else is refused, naming it.
 */
export function logLevelFromEnv(env: Record<string, string | undefined>): LogLevel {
  const raw = env.WARRANT_LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return 'info';
  if (!(LEVELS as readonly string[]).includes(raw)) {
    throw new InputError('WARRANT_LOG_LEVEL', [{ path: '$', message: `${JSON.stringify(raw)} is not one of ${LEVELS.join(', ')}` }]);
  }
  return raw as LogLevel;
}

/** A logger that drops everything: for benchmarks that measure the work, not the log pipe. */
export const silentLogger: Logger = { log() {} };
