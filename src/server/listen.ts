import type { AddressInfo, Socket } from 'node:net';
import { Server as NetServer } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import { InputError } from '../errors.js';
import { answerClientErrorsAsProblems } from './client-errors.js';
import type { WarrantServer } from './create-server.js';

/**
 * How long a keep-alive connection must have been idle during a shutdown before it is closed. A
 * client that got its last response a moment ago may already be writing its next request on the
 * same connection; closing under it would cut that request. Within this time the request arrives
 * and is answered (with `Connection: close`) instead.
 */
const IDLE_GRACE_MS = 500;

/** How often a shutdown looks for connections to close. */
const DRAIN_TICK_MS = 25;

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

/** Options of {@link listen}: one object, defaults stated per field (`warrant serve` reads them from the environment, see `limitsFromEnv`). */
export interface ListenOptions {
  /** TCP port. Default 8787; 0 picks a free one (tests). */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`: a sidecar sits beside its host, not on the open network. */
  host?: string;
  /** Longest a shutdown waits for requests in flight, in ms, before cutting connections. Default 10 000. */
  drainTimeoutMs?: number;
  /** Longest a client may take to send a request's headers, in ms (then 408). Default 10 000: a slow-headers client cannot hold a connection for long. */
  headersTimeoutMs?: number;
  /** Longest a client may take to send a whole request, headers and body, in ms (then 408). Default 30 000. The response (a long SSE turn) is not limited. */
  requestTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open, in ms. Default 5 000 (Node's). Behind a
   * load balancer that reuses connections, set it above the balancer's own idle timeout.
   */
  keepAliveTimeoutMs?: number;
  /** Most open connections; further ones are closed at once. Default 1 000: below a common 1 024 file-descriptor limit. */
  maxConnections?: number;
}

/** A listening sidecar. */
export interface RunningServer {
  /** `http://host:port` as bound (the real port when 0 was asked for). */
  readonly url: string;
  readonly port: number;
  /**
   * Graceful shutdown: stops accepting connections, lets every request in flight finish (its
   * effect committed before its response, W6) with `Connection: close`, closes each keep-alive
   * connection once it is idle, flushes pending writes, then closes whatever is left.
   */
  close(): Promise<void>;
}

/** Serves `server` over HTTP/1.1 on Node's `http` module, with bounded timeouts and connections. */
export async function listen(
  server: WarrantServer,
  {
    port = 8787,
    host = '127.0.0.1',
    drainTimeoutMs = 10_000,
    headersTimeoutMs = 10_000,
    requestTimeoutMs = 30_000,
    keepAliveTimeoutMs = 5_000,
    maxConnections = 1_000,
  }: ListenOptions = {},
): Promise<RunningServer> {
  const http = await new Promise<Server>((resolve, reject) => {
    // HTTP/1.1 is what serve() builds unless told otherwise. Node checks the header and request
    // timeouts every `connectionsCheckingInterval`; a second keeps them close to what was asked.
    const s = serve(
      {
        fetch: server.fetch,
        port,
        hostname: host,
        serverOptions: {
          headersTimeout: headersTimeoutMs,
          requestTimeout: requestTimeoutMs,
          keepAliveTimeout: keepAliveTimeoutMs,
          connectionsCheckingInterval: Math.min(1_000, headersTimeoutMs, requestTimeoutMs),
        },
      },
      () => resolve(s as Server),
    ) as Server;
    s.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new InputError('listen', [{ path: '--port', message: `cannot listen on ${host}:${port} (${error.code}); choose another port` }])
          : error,
      ),
    );
  });
  http.maxConnections = maxConnections;
  const bound = (http.address() as AddressInfo).port;
  answerClientErrorsAsProblems(http);

  // Every open connection, with when it last finished a response; and the responses in progress.
  const lastDone = new Map<Socket, number>();
  const busy = new Map<Socket, number>();
  const responding = new Set<ServerResponse>();
  let shuttingDown = false;
  http.on('connection', (socket: Socket) => {
    lastDone.set(socket, Date.now());
    socket.once('close', () => {
      lastDone.delete(socket);
      busy.delete(socket);
    });
  });
  // Before the app's own listener, so the header is set before anything can be written.
  http.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    responding.add(res);
    if (shuttingDown) res.setHeader('connection', 'close');
    res.once('close', () => {
      responding.delete(res);
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) busy.set(socket, left);
      else busy.delete(socket);
      if (lastDone.has(socket)) lastDone.set(socket, Date.now());
    });
  });

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () =>
      (closing ??= (async () => {
        shuttingDown = true;
        // Responses not yet started tell their clients to close, so no client sends another
        // request on a connection that is about to go.
        for (const res of responding) if (!res.headersSent) res.setHeader('connection', 'close');
        // Stop accepting connections WITHOUT http.Server#close's closing of idle connections:
        // an "idle" connection may hold a request already on the wire, not yet parsed.
        const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(http, () => resolve()));
        const deadline = Date.now() + drainTimeoutMs;
        // A connection is closed only once it has been SEEN idle for the grace time. Each look
        // comes after a poll phase of the event loop (setImmediate), so a request already
        // received is parsed before the look; and a look that comes late — the loop was blocked,
        // e.g. by PGlite running a query on this thread — saw nothing, so it starts the count again.
        const idleSince = new Map<Socket, number>();
        let lastLook = Date.now();
        while (Date.now() < deadline) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          const now = Date.now();
          const blind = now - lastLook > IDLE_GRACE_MS / 2;
          lastLook = now;
          for (const [socket, done] of lastDone) {
            if (blind || busy.has(socket)) {
              idleSince.delete(socket);
              continue;
            }
            const since = idleSince.get(socket) ?? now;
            idleSince.set(socket, since);
            if (now - since >= IDLE_GRACE_MS && now - done >= IDLE_GRACE_MS && !socket.writableEnded) {
              // Read nothing more before the FIN: a request arriving after this look would
              // otherwise still be parsed and committed, its answer unwritable on the ended side.
              socket.pause();
              socket.end(); // a FIN, not a reset
            }
          }
          if (lastDone.size === 0 && server.inFlight === 0) break;
          await sleep(DRAIN_TICK_MS);
        }
        // Turns whose client left, and the effects writer, finish before the store closes.
        await withDeadline(server.drain(), deadline);
        http.closeAllConnections();
        await closed;
      })()),
  };
}
