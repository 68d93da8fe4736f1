import type { Command } from 'commander';
import { InputError } from '../../errors.js';
import { createJsonLogger } from '../../evidence/json-logger.js';
import {
  apiKeysFromEnv,
  createServer,
  generateApiKey,
  hashApiKey,
  listen,
  parseApiKeysFile,
  type ApiKeyGrant,
  type RunningServer,
  type ServerOptions,
  type WarrantServer,
} from '../../server/index.js';
import { createModels, modelSettingsFromEnv } from '../../model/index.js';
import { openStore, storeOptionsFromEnv, type Database } from '../../store/index.js';
import { SKILL_TASKS, modelSkills, type SuggestSkills } from '../../suggest/index.js';
import { loadWorkflowModule } from '../../turn/index.js';
import type { CliIo } from '../io.js';
import { readInputFile } from '../read-input-file.js';
import { turnModels } from './turn-models.js';

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
}

/** A started sidecar and how to stop it. */
export interface Sidecar {
  readonly running: RunningServer;
  /** Drains requests in flight, flushes writes, closes the store. */
  stop(): Promise<void>;
}

/**
 * Opens the store (`DATABASE_URL` or the PGlite folder), provisions keys from `--keys` and
 * `WARRANT_API_KEYS`, and listens. With no key configured it generates one for the
 * `default` tenant and prints it once (it is stored as a digest and cannot be shown again;
 * the next start replaces it).
 */
export async function startSidecar(io: CliIo, { port, host, keysFile, prepare, server = {} }: SidecarOptions = {}): Promise<Sidecar> {
  const configured: ApiKeyGrant[] = [...apiKeysFromEnv(io.env)];
  if (keysFile !== undefined) {
    configured.push(...parseApiKeysFile(await readInputFile(io, keysFile, '--keys')));
  }
  const storeOptions = storeOptionsFromEnv(io.env, io.cwd);
  const store = await openStore(storeOptions);
  try {
    let generated: string | undefined;
    if (configured.length === 0) {
      generated = generateApiKey();
      await store.query('delete from api_keys where label = $1', [GENERATED_LABEL]);
      configured.push({ tenantId: DEFAULT_TENANT, keySha256: hashApiKey(generated), label: GENERATED_LABEL });
    }
    const app = await createServer({ logger: createJsonLogger({ write: io.out }), ...server, store, apiKeys: configured });
    await prepare?.({ store, server: app, tenantId: configured[0]!.tenantId });
    const running = await listen(app, { ...(port === undefined ? {} : { port }), ...(host === undefined ? {} : { host }) });
    io.out(`warrant: serving on ${running.url}  (store: ${store.kind})`);
    io.out(`warrant: inspector at ${running.url}/inspector`);
    if (generated !== undefined) {
      io.out(`warrant: no API key configured; generated one for tenant "${DEFAULT_TENANT}" (shown once, replaced at next start):`);
      io.out(`warrant:   ${generated}`);
    }
    return {
      running,
      stop: async () => {
        await running.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * The suggestion skills the environment configures: model-backed when every skill task has a
 * model (`WARRANT_MODEL` or `WARRANT_MODEL_<TASK>`), else `null` (gates only; stop states).
 */
export function suggestionSkillsFromEnv(io: CliIo): SuggestSkills | null {
  const models = createModels(modelSettingsFromEnv(io.env));
  return Object.values(SKILL_TASKS).every((task) => models.forTask(task).model) ? modelSkills({ models }) : null;
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
  program
    .command('serve')
    .description('serve the HTTP API and the inspector (stops gracefully on SIGTERM)')
    .option('--port <n>', 'TCP port (0 picks a free one)', '8787')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option('--keys <file>', 'API keys file: {"keys": [{"tenant_id", "key" | "key_sha256"}]}')
    .option('--workflow <dir>', 'a workflow module (exports workflows, locales) to serve /v0/turns for')
    .option('--prompts <dir>', 'prompt folder overriding the built-in prompts (<task>.<locale>.md, <task>.md)')
    .action(async (options: { port: string; host: string; keys?: string; workflow?: string; prompts?: string }) => {
      const stopped = shutdownSignal();
      const module = options.workflow === undefined ? undefined : await loadWorkflowModule(options.workflow, io.cwd);
      const sidecar = await startSidecar(io, {
        port: portNumber(options.port),
        host: options.host,
        ...(options.keys === undefined ? {} : { keysFile: options.keys }),
        server: {
          suggestions: { skills: suggestionSkillsFromEnv(io) },
          ...(module ? { turns: { workflows: module.workflows, locales: module.locales, ...turnModels(io, options.prompts) } } : {}),
        },
      });
      const signal = await stopped;
      io.out(`warrant: ${signal}: draining requests in flight`);
      await sidecar.stop();
      io.out('warrant: stopped; every acknowledged effect is stored');
    });
}
