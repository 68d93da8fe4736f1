import type { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';
import { parseJsonText, refuseProtoKeys } from '../errors.js';
import { jsonNestsDeeperThan } from './json-depth.js';
import { HttpProblem } from './problem.js';
import type { ServerEnv } from './server-env.js';

/** Limits of {@link readJsonBody}. */
export interface JsonBodyLimits {
  /** Largest body accepted, in bytes. */
  readonly bodyLimitBytes: number;
  /** Deepest nesting of objects and arrays accepted. */
  readonly maxJsonDepth: number;
}

/**
 * JSON in UTF-8: `application/json` or a `+json` type, with at most a UTF-8 charset. No wider
 * than what the route's own checks after it take (`@hono/zod-openapi`'s media-type gate and
 * Hono's JSON validator: letters, dots and hyphens before `+json`, no space before `;` or
 * around `=`), so every body accepted here reaches the route's schema.
 */
const JSON_TYPE = /^application\/(?:[a-z.-]+\+)?json(?:;\s*charset="?utf-8"?)?$/i;

/**
 * Reads a request's JSON body, refusing before any work: a content type other than JSON in
 * UTF-8 (415), a body over the limit whether declared or streamed (413), bytes that are not
 * UTF-8, malformed JSON, nesting too deep or a `__proto__` key (400). Route middleware ahead of
 * the route's validator (`app.openapi`), which reads the value parsed here through
 * `c.req.json()` and checks it against the route's documented schema; `c.get('body')` keeps the
 * value as sent (the idempotency fingerprint).
 */
export function readJsonBody({ bodyLimitBytes, maxJsonDepth }: JsonBodyLimits) {
  return createMiddleware<ServerEnv>(async (c, next) => {
    const type = c.req.header('content-type');
    if (type === undefined || !JSON_TYPE.test(type.trim())) {
      const detail = `send the body as application/json (UTF-8); got ${type === undefined ? 'no content type' : JSON.stringify(type)}`;
      throw new HttpProblem(415, 'unsupported_media_type', detail, [{ path: 'content-type', message: detail }]);
    }
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > bodyLimitBytes) {
      throw tooLarge(bodyLimitBytes);
    }
    // On Node the body is read straight from the socket's message: building the web Request and
    // its stream only to drain them costs a measurable share of a small request.
    const incoming = c.env?.incoming;
    const bytes = incoming ? await readIncoming(incoming, bodyLimitBytes) : await readLimited(c.req.raw.body, bodyLimitBytes);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      throw new HttpProblem(400, 'malformed_json', 'the body is not valid UTF-8', [{ path: '$', message: 'not valid UTF-8' }]);
    }
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      throw new HttpProblem(400, 'too_deep', `the body nests deeper than ${maxJsonDepth} levels`, [
        { path: '$', message: `nests deeper than ${maxJsonDepth} levels` },
      ]);
    }
    let body: unknown;
    try {
      body = parseJsonText(text, 'request body');
    } catch (error) {
      throw new HttpProblem(400, 'malformed_json', 'the body is not valid JSON', (error as { issues: [] }).issues);
    }
    refuseProtoKeys(body, 'request body');
    c.set('body', body);
    // The validator would read and parse the body again; the bytes are gone (read from the socket
    // above), and one parse is enough: it gets this value.
    c.req.json = <T>() => Promise.resolve(body as T);
    await next();
  });
}

async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (stream === null) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Reads a Node request message up to `limit` bytes. Past the limit it stops listening and leaves
 * the message paused rather than destroying it, so the 413 can still be written to the socket.
 */
function readIncoming(incoming: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        cleanup();
        incoming.pause();
        reject(tooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}

function tooLarge(limit: number): HttpProblem {
  return new HttpProblem(413, 'payload_too_large', `the body is larger than ${limit} bytes`, [{ path: '$', message: `larger than ${limit} bytes` }]);
}
