import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../src/package-root.js';

/** What one autocannon run reports: the parts the benches read of its `--json` summary. */
export interface AutocannonSummary {
  /** Whole seconds: autocannon notices the end at its one-second tick. */
  readonly duration: number;
  readonly requests: { readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  /** Requests answered 2xx. */
  readonly ok: number;
  /** Non-2xx answers, socket errors and timeouts. */
  readonly errors: number;
}

/**
 * POSTs `body` to `url` from autocannon in its own process (so the load generator does not share
 * the server's event loop), `connections` at a time, with `key` as the bearer token: `amount`
 * requests (`-a`), or with `seconds` at most `amount` requests within that time (`-O`, `-d`).
 */
export function autocannon(options: {
  url: string;
  body: string;
  key: string;
  connections: number;
  amount: number;
  seconds?: number;
}): Promise<AutocannonSummary> {
  const { url, body, key, connections, amount, seconds } = options;
  const bound = seconds === undefined ? ['-a', String(amount)] : ['-O', String(amount), '-d', String(seconds)];
  const args = [
    join(packageRoot(), 'node_modules', 'autocannon', 'autocannon.js'),
    '-c',
    String(connections),
    ...bound,
    '-m',
    'POST',
    '-H',
    `authorization=Bearer ${key}`,
    '-H',
    'content-type=application/json',
    '-b',
    body,
    '--json',
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', () => {
      try {
        const r = JSON.parse(out) as Omit<AutocannonSummary, 'ok' | 'errors'> & { '2xx': number; non2xx: number; errors: number; timeouts: number };
        resolve({ duration: r.duration, requests: r.requests, latency: r.latency, ok: r['2xx'], errors: r.non2xx + r.errors + r.timeouts });
      } catch (error) {
        reject(new Error(`autocannon gave no summary: ${(error as Error).message}; ${err.slice(-500)}`));
      }
    });
  });
}
