import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_BY_CODE, type ErrorCode } from '../compiler/index.js';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** What Node's HTTP parser (or its timers) refused, as the contract's error. */
function refusal(error: NodeJS.ErrnoException): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'HEADERS_TOO_LARGE', message: 'the request headers are too large; send fewer or shorter headers' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', message: 'the request did not arrive in time; send it again' };
    default:
      return { code: 'REQUEST_INVALID', message: 'the request is not valid HTTP (for one, a request target must be ASCII: percent-encode other bytes)' };
  }
}

/**
 * Answers a request Node's HTTP parser refuses (a raw non-ASCII byte in the target, a bad
 * header, headers too large) with the one JSON error shape instead of Node's bare status,
 * and closes the connection. A response still in flight on the connection (a pipelined
 * request before the bad one) is let finish first, so it is neither cut off nor corrupted.
 * A socket that is gone is only destroyed.
 */
export function answerClientErrors(server: Server): void {
  const answered = new WeakSet<Duplex>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The parser stays broken: more bytes on the socket would report the same fault again.
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
    if (inFlight && !inFlight.writableFinished) {
      let done = false;
      const then = () => {
        if (done) return;
        done = true;
        answer(error, socket);
      };
      inFlight.once('finish', then);
      inFlight.once('close', then);
      return;
    }
    answer(error, socket);
  });
}

/** Writes the JSON error on the raw socket and closes it. */
function answer(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { code, message } = refusal(error);
  const status = STATUS_BY_CODE[code];
  const body = JSON.stringify({ error: { code, message } });
  const head = [
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}
