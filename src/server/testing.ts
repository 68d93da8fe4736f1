/**
 * Shared by the sidecar's tests and its benchmark (not exported from the package): the
 * automotive contract of the Reply Contract v0 specification and candidates in Traditional Chinese.
 */

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { UNSAFE_AUTOMOTIVE_CANDIDATE, automotiveContractJson } from '../contract/testing-contracts.js';
import { silentLogger } from '../evidence/json-logger.js';
import { packageRoot } from '../package-root.js';
import type { Database } from '../store/index.js';
import { hashApiKey } from './api-keys.js';
import { createServer, type ServerOptions, type WarrantServer } from './create-server.js';

/** The automotive Reply Contract v0 of its specification, verbatim (one copy, kept by the contract layer). */
export const automotiveContract = automotiveContractJson();

/** "No problem. Your vehicle viewing is booked for tomorrow at 2 PM." — holds 看車 and 已經幫您預約. */
export const unsafeAutomotiveCandidate = UNSAFE_AUTOMOTIVE_CANDIDATE;

/** A candidate that keeps every term of the automotive contract. */
export const safeAutomotiveCandidate = '好的，已記下希望到府估車的時段。時間尚未確認，需由真人顧問回覆。麻煩提供待估車輛的車牌與里程，謝謝。';

/** Two keys, one per tenant, for tests. */
export const testKeys = {
  acme: 'wk_test_acme_0123456789abcdef',
  beta: 'wk_test_beta_0123456789abcdef',
} as const;

/** {@link testKeys} as grants: tenant `acme` and tenant `beta`, one key each. */
export const testGrants = [
  { tenantId: 'acme', keySha256: hashApiKey(testKeys.acme) },
  { tenantId: 'beta', keySha256: hashApiKey(testKeys.beta) },
] as const;

/** A sidecar on `store` for tests: both {@link testGrants}, logs discarded; `options` override either. */
export function createTestServer(store: Database, options: Partial<ServerOptions> = {}): Promise<WarrantServer> {
  return createServer({ store, apiKeys: testGrants, logger: silentLogger, ...options });
}

/** A `warrant` process started by {@link spawnWarrant}, once it has printed its address. */
export interface SpawnedWarrant {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** The first capture group of `ready` (the address the process printed). */
  readonly url: string;
  /** Everything written to stdout so far (it keeps growing). */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code once the process ends. */
  readonly exited: Promise<number | null>;
}

/**
 * Starts `bin/warrant.mjs` with `args` in its own process and waits until stdout matches `ready`;
 * an exit before that rejects with stderr. `env` is laid over the current environment.
 */
export async function spawnWarrant(args: readonly string[], options: { ready: RegExp; env: Record<string, string>; cwd?: string }): Promise<SpawnedWarrant> {
  const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'warrant.mjs'), ...args], {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      const m = options.ready.exec(stdout);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`warrant ${args.join(' ')} exited ${code} before it was ready: ${stderr}`)));
  });
  return { child, url, stdout: () => stdout, stderr: () => stderr, exited };
}
