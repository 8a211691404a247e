import type { FastifyInstance } from 'fastify';
import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import { CODE_MESSAGES, Code, type Envelope } from '../../../contract/codes';

/**
 * Requests node's HTTP parser refuses before Fastify sees them (a request line and headers over node's 16 kB
 * `maxHeaderSize`, a malformed request, a client too slow to send its headers). Node would answer a bare
 * status; this answers our envelope with the status that fits, then closes the connection, as node does (the
 * parser cannot go on after such a request). Given to Fastify as `clientErrorHandler`.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  // The peer is gone: nothing to answer (node's advice for 'clientError').
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, envelope] = answerTo(error);
  this.log.info({ err: error }, 'refused malformed request');
  if (socket.writable) {
    const body = JSON.stringify(envelope);
    socket.write(
      `HTTP/1.1 ${status}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

function answerTo(error: NodeJS.ErrnoException): [string, Envelope<null>] {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return ['431 Request Header Fields Too Large', refusal(`the URL and headers may not exceed ${Math.floor(maxHeaderSize / 1024)} kB`)];
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return ['408 Request Timeout', refusal('the request did not arrive in time')];
  }
  return ['400 Bad Request', refusal('malformed HTTP request')];
}

function refusal(why: string): Envelope<null> {
  return { code: Code.PARAM_ERROR, data: null, info: `${CODE_MESSAGES[Code.PARAM_ERROR]}: ${why}` };
}
