import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { createJsonLogger, logLevelFromEnv } from '../../evidence/json-logger.js';
import { retentionDaysFromEnv, retentionPolicyOf, scheduleRetention } from '../../evidence/retention.js';
import { tracingFromEnv } from '../../evidence/tracing-from-env.js';
import { metricsFromEnv } from '../../server/metrics.js';
import {
  apiKeysFromEnv,
  createServer,
  generateApiKey,
  hashApiKey,
  limitsFromEnv,
  listen,
  parseApiKeysFile,
  replaceApiKeys,
  type ApiKeyGrant,
  type RunningServer,
  type ServerOptions,
  type WarrantServer,
} from '../../server/index.js';
import { openStore, storeOptionsFromEnv, type Database } from '../../store/index.js';
import { loadWorkflowModule } from '../../turn/load-workflow-module.js';
import { withHelp } from '../command-help.js';
import type { CliIo } from '../io.js';
import { readInputFile } from '../read-input-file.js';
import { cliDeployment } from '../cli-deployment.js';

/** The tenant that owns the key `warrant serve` generates when none is configured. */
export const DEFAULT_TENANT = 'default';

/** Label of that generated key: it is replaced at each start, so only the printed one works. */
const GENERATED_LABEL = 'generated at start';

/** Options of {@link startSidecar}. */
export interface SidecarOptions {
  port?: number;
  host?: string;
  /** A keys file (see `apiKeysFileSchema`), relative to the io's working folder. */
  keysFile?: string;
  /** Runs on the started server before the address is printed (e.g. `npm start` loading examples). */
  prepare?: (context: { store: Database; server: WarrantServer; tenantId: string }) => Promise<void>;
  /** Extra server options (readiness checks, turn workflows). */
  server?: Partial<Omit<ServerOptions, 'store' | 'apiKeys'>>;
  /** PostgreSQL settings of an embedded store (see `StoreOptions.pgliteSettings`); default PGlite's. */
  pgliteSettings?: Readonly<Record<string, string>>;
}

/** A started sidecar and how to stop it. */
export interface Sidecar {
  readonly running: RunningServer;
  /** The open store, the server and the first configured key's tenant (the generated key's: `default`). */
  readonly store: Database;
  readonly server: WarrantServer;
  readonly tenantId: string;
  /** Drains requests in flight, flushes writes, closes the store. */
  stop(): Promise<void>;
  /** Writes a note of the sidecar's own (starting, draining, stopped) as a JSON line on stdout, in the one log stream. */
  note(msg: string, fields?: Record<string, unknown>): void;
}

/**
 * Opens the store (`DATABASE_URL` or the PGlite folder), makes the keys from `--keys` and
 * `WARRANT_API_KEYS` the whole key table (a key left out of the configuration is revoked), and
 * listens with the limits of the environment (see `limitsFromEnv`). With no key configured it
 * generates one for the `default` tenant, which then is the only key, and prints it once on
 * stderr — never into the JSON log stream on stdout (it is stored as a digest and cannot be shown
 * again; the next start revokes it).
 */
export async function startSidecar(io: CliIo, { port, host, keysFile, prepare, server = {}, pgliteSettings }: SidecarOptions = {}): Promise<Sidecar> {
  const configured: ApiKeyGrant[] = [...apiKeysFromEnv(io.env)];
  if (keysFile !== undefined) {
    configured.push(...parseApiKeysFile(await readInputFile(io, keysFile, '--keys')));
    await warnIfShared(io, keysFile);
  }
  const limits = limitsFromEnv(io.env);
  const tracing = tracingFromEnv(io.env);
  const metrics = metricsFromEnv(io.env);
  // One stream: the server's notes are JSON lines on stdout like every request's line.
  const logger = createJsonLogger({ write: io.out, level: logLevelFromEnv(io.env) });
  const note = (msg: string, fields: Record<string, unknown> = {}) => logger.log({ level: 'info', msg, ...fields });
  const retention = retentionPolicyOf(retentionDaysFromEnv(io.env), configured);
  const storeOptions = { ...storeOptionsFromEnv(io.env, io.cwd), ...(pgliteSettings ? { pgliteSettings } : {}) };
  // Like PostgreSQL's own server: every file the sidecar creates from now on — PGlite's new data
  // files above all — is the owner's alone (the folder itself is made 0700 when opened).
  if (storeOptions.databaseUrl === undefined) setPrivateUmask();
  const store = await openStore(storeOptions);
  try {
    let generated: string | undefined;
    if (configured.length === 0) {
      generated = generateApiKey();
      configured.push({ tenantId: DEFAULT_TENANT, keySha256: hashApiKey(generated), label: GENERATED_LABEL });
    }
    const { revoked } = await replaceApiKeys(store, configured);
    if (revoked > 0) io.err(`warrant: revoked ${revoked} stored API key${revoked === 1 ? '' : 's'} no longer in the configuration`);
    const app = await createServer({
      logger,
      ...limits.server,
      ...(tracing ? { tracer: tracing.tracer } : {}),
      metrics,
      ...server,
      store,
      apiKeys: configured,
    });
    await prepare?.({ store, server: app, tenantId: configured[0]!.tenantId });
    const running = await listen(app, { ...limits.listen, ...(port === undefined ? {} : { port }), ...(host === undefined ? {} : { host }) });
    note(`warrant: serving on ${running.url}  (store: ${store.kind})`, { url: running.url, store: store.kind });
    note(`warrant: inspector at ${running.url}/inspector`, { url: `${running.url}/inspector` });
    if (generated !== undefined) {
      io.err(`warrant: no API key configured; generated one for tenant "${DEFAULT_TENANT}" (shown once, revoked at the next start):`);
      io.err(`warrant:   ${generated}`);
    }
    // W13: evidence past its tenant's retention is pruned hourly, checkpointed.
    const pruning = scheduleRetention(store, retention, { logger });
    return {
      running,
      store,
      server: app,
      tenantId: configured[0]!.tenantId,
      note,
      stop: async () => {
        await running.close();
        await pruning.stop();
        await store.close();
        // After the drain, so the spans of the last requests are sent too.
        await tracing?.shutdown();
      },
    };
  } catch (error) {
    await store.close();
    await tracing?.shutdown();
    throw error;
  }
}

function setPrivateUmask(): void {
  try {
    const previous = process.umask(0o077); // (reading the umask alone is deprecated)
    process.umask(previous | 0o077);
  } catch {
    // A worker thread cannot set the umask; the 0700 data folder still keeps others out.
  }
}

/** Warns on stderr when the keys file can be read by its group or by others: it may hold secrets. */
async function warnIfShared(io: CliIo, keysFile: string): Promise<void> {
  const path = resolve(io.cwd, keysFile);
  const { mode } = await stat(path);
  if ((mode & 0o077) !== 0) {
    io.err(
      `warrant: warning: the keys file ${path} is readable or writable by group or others (mode ${(mode & 0o777).toString(8).padStart(4, '0')}); run chmod 600 ${path}`,
    );
  }
}

/** Resolves with the first of SIGTERM or SIGINT. */
export function shutdownSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolvePromise) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', on);
      process.off('SIGINT', on);
      resolvePromise(signal);
    };
    process.on('SIGTERM', on);
    process.on('SIGINT', on);
  });
}

/** Reads a `--port` value (0–65535); anything else is refused as input. */
export function portNumber(value: string): number {
  const n = Number(value);
  if (!/^\d{1,5}$/.test(value) || n > 65535) throw new InputError('--port', [{ path: '$', message: `${JSON.stringify(value)} is not a port (0–65535)` }]);
  return n;
}

/**
 * `warrant serve [--port N] [--host H] [--keys FILE] [--workflow DIR] [--prompts DIR]`: the HTTP
 * sidecar (turns for the workflow module's workflows, models from the environment), until SIGTERM or
 * SIGINT, on which it stops accepting connections, finishes every request in flight (each
 * effect committed before its response), and exits 0.
 */
export function registerServe(program: Command, io: CliIo): void {
  const command = program
    .command('serve')
    .description('serve the HTTP API and the inspector (stops gracefully on SIGTERM)')
    .option('--port <n>', 'TCP port (0 picks a free one)', '8787')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--keys <file>', 'API keys file: {"keys": [{"tenant_id", "key" | "key_sha256"}]} (- reads stdin)')
    .option('--workflow <dir>', 'a workflow module (exports workflows, locales) to serve /v0/turns for')
    .option('--prompts <dir>', 'prompt folder overriding the built-in prompts of turns, suggestions and the probe (<task>.<locale>.md, <task>.md)')
    .action(async (options: { port: string; host: string; keys?: string; workflow?: string; prompts?: string }) => {
      const stopped = (io.shutdown ?? shutdownSignal)();
      const deployment = cliDeployment(io, options.prompts);
      const module = options.workflow === undefined ? undefined : await loadWorkflowModule(options.workflow, io.cwd);
      const sidecar = await startSidecar(io, {
        port: portNumber(options.port),
        host: options.host,
        ...(options.keys === undefined ? {} : { keysFile: options.keys }),
        server: { deployment, ...(module ? { turns: { workflows: module.workflows, locales: module.locales } } : {}) },
      });
      const signal = await stopped;
      sidecar.note(`warrant: ${signal}: draining requests in flight`, { signal });
      await sidecar.stop();
      sidecar.note('warrant: stopped; every acknowledged effect is stored');
    });
  withHelp(command, {
    examples: [
      ['warrant serve', 'PGlite under .warrant/pgdata, a generated key printed once on stderr'],
      ['DATABASE_URL=postgres://… WARRANT_API_KEYS=… warrant serve --host 0.0.0.0', 'a replica of many, on PostgreSQL'],
      ['secrets-tool read warrant-keys | warrant serve --keys - --workflow ./workflows', 'the keys from standard input; /v0/turns for a workflow module'],
    ],
    exitCodes: [
      [0, 'stopped on SIGTERM or SIGINT after finishing every request in flight'],
      [1, 'the store could not be opened or failed'],
      [2, 'bad options, an unreadable keys file, or a deployment configured wrong (a locale missing its sentences)'],
    ],
  });
}
