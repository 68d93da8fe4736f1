import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { InputError } from '../errors.js';
import { answerClientErrorsAsProblems } from './client-errors.js';
import type { WarrantServer } from './create-server.js';

/** How long the server must be idle during a shutdown before open connections are cut. */
const QUIET_MS = 100;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `work` or until `deadline` (epoch ms), whichever comes first, leaving no timer behind. */
async function withDeadline(work: Promise<void>, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Options of {@link listen}. */
export interface ListenOptions {
  /** TCP port. Default 8787; 0 picks a free one (tests). */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`: a sidecar sits beside its host, not on the open network. */
  host?: string;
  /** Longest a shutdown waits for requests in flight, in ms, before cutting connections. Default 10 000. */
  drainTimeoutMs?: number;
}

/** A listening sidecar. */
export interface RunningServer {
  /** `http://host:port` as bound (the real port when 0 was asked for). */
  readonly url: string;
  readonly port: number;
  /**
   * Graceful shutdown: stops accepting connections, lets every request in flight finish (its
   * effect committed before its response, W6), flushes pending writes, then closes sockets.
   */
  close(): Promise<void>;
}

/** Serves `server` over HTTP/1.1 on Node's `http` module. */
export async function listen(server: WarrantServer, { port = 8787, host = '127.0.0.1', drainTimeoutMs = 10_000 }: ListenOptions = {}): Promise<RunningServer> {
  const http = await new Promise<Server>((resolve, reject) => {
    // HTTP/1.1 is what serve() builds unless told otherwise.
    const s = serve({ fetch: server.fetch, port, hostname: host }, () => resolve(s as Server)) as Server;
    s.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new InputError('listen', [{ path: '--port', message: `cannot listen on ${host}:${port} (${error.code}); choose another port` }])
          : error,
      ),
    );
  });
  const bound = (http.address() as AddressInfo).port;
  answerClientErrorsAsProblems(http);
  let closing: Promise<void> | undefined;
  let shuttingDown = false;
  http.on('request', (_req, res) => {
    if (shuttingDown) res.setHeader('connection', 'close');
  });
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () =>
      (closing ??= (async () => {
        // From now on every response tells its client to close the connection, and no new
        // connection is accepted; requests already on open connections are still served.
        shuttingDown = true;
        const closed = new Promise<void>((resolve) => http.close(() => resolve()));
        const deadline = Date.now() + drainTimeoutMs;
        // A request may be on the wire of an open connection, not yet parsed: wait until the
        // server has been quiet for a moment, not merely until nothing is in flight.
        while (Date.now() < deadline) {
          await withDeadline(server.drain(), deadline);
          await sleep(QUIET_MS);
          if (server.inFlight === 0) break;
        }
        await withDeadline(server.drain(), deadline);
        http.closeAllConnections();
        await closed;
      })()),
  };
}
