import type { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';
import { parseJsonText } from '../errors.js';
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

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * Reads a request's JSON body for the handler (`c.get('body')`), refusing before any work: a
 * content type other than JSON in UTF-8 (415), a body over the limit whether declared or
 * streamed (413), bytes that are not UTF-8, malformed JSON or nesting too deep (400).
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
    c.set('body', body);
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
