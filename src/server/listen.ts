import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { WarrantServer } from './create-server.js';

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
  const http = await new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch: server.fetch, port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const bound = (http.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => http.close(() => resolve()));
        if ('closeIdleConnections' in http) http.closeIdleConnections();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([server.drain(), new Promise<void>((resolve) => (timer = setTimeout(resolve, drainTimeoutMs)))]);
        clearTimeout(timer);
        if ('closeAllConnections' in http) http.closeAllConnections();
        await closed;
      })()),
  };
}
