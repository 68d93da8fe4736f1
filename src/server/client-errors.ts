import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { problemDocument, type ProblemCode } from './problem.js';

/** What Node's HTTP parser refused, as a status, a code and where in the request it was wrong. */
function refusalOf(error: NodeJS.ErrnoException): { status: number; code: ProblemCode; detail: string; where: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'headers_too_large',
        detail: 'the request line and headers are larger than the server accepts (a URL or query string this long is refused)',
        where: 'request line and headers',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'request_timeout', detail: 'the request did not arrive in time', where: 'request' };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { status: 400, code: 'malformed_request', detail: 'the content-length header is not one valid length', where: 'content-length' };
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return { status: 400, code: 'malformed_request', detail: 'the transfer-encoding or a chunk is malformed', where: 'transfer-encoding' };
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_INVALID_EOF_STATE':
    case 'HPE_LF_EXPECTED':
    case 'HPE_CR_EXPECTED':
      return { status: 400, code: 'malformed_request', detail: 'a header is malformed', where: 'headers' };
    case 'HPE_INVALID_METHOD':
      return { status: 400, code: 'malformed_request', detail: 'the method is not a valid HTTP method', where: 'method' };
    case 'HPE_INVALID_URL':
      return { status: 400, code: 'malformed_request', detail: 'the request target is not a valid URL', where: 'url' };
    case 'HPE_INVALID_VERSION':
      return { status: 400, code: 'malformed_request', detail: 'the HTTP version is not supported', where: 'version' };
    default:
      return { status: 400, code: 'malformed_request', detail: 'the request is not valid HTTP/1.1', where: 'request' };
  }
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/**
 * Requests Node's own HTTP parser refuses (a malformed or doubled `content-length`, a request line
 * and headers over `maxHeaderSize` — e.g. a 100 KB query string —, a header timeout) never reach
 * the app; Node would answer them with a bare status line. This answers them as the app answers
 * everything else: `application/problem+json` naming what was wrong, with the same security
 * headers, then closes the connection (the parser cannot resynchronise on it).
 */
export function answerClientErrorsAsProblems(http: Server): void {
  http.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset or a socket already answering cannot take a response; just let it go.
    if (error.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const { status, code, detail, where } = refusalOf(error);
    const body = JSON.stringify(problemDocument(status, code, detail, '', [{ path: where, message: detail }]));
    socket.end(
      [
        `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}`,
        'content-type: application/problem+json',
        `content-length: ${Buffer.byteLength(body)}`,
        'x-content-type-options: nosniff',
        'cache-control: no-store',
        'connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
