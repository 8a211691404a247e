import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_MESSAGES, Code } from '../../../contract/codes';
import { ApiError } from './envelope';

/**
 * What every upload route needs whatever it does with its parts (@fastify/multipart is registered by the
 * route's own scope, e.g. /SN/ImportSn):
 *
 * - A multipart request without a boundary cannot be parsed at all: code 2 before the handler, instead of the
 *   parser's plain Error (a 500).
 * - An answer that leaves before the request body was read to its end (a handler that stopped at its first
 *   file, a refusal on the first part) closes the connection: the unread rest would otherwise sit in the
 *   keep-alive socket, which then never answers its next request.
 */
export function registerMultipartGuards(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    if (isMultipart(request) && !BOUNDARY.test(request.headers['content-type']!)) {
      return done(new ApiError(Code.PARAM_ERROR, `${CODE_MESSAGES[Code.PARAM_ERROR]}: multipart body without a boundary`));
    }
    done();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    // Only a multipart body is ever read part of the way (by the upload handler); node discards any other unread
    // body itself. Injected requests never report `complete`, so the content type is checked first.
    if (isMultipart(request) && !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/** RFC 2046 §5.1.1: a boundary parameter of 1 to 70 characters, quoted or not. */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^\s;"]{1,70})\s*(?:;|$)/i;

/**
 * The multipart parser (busboy) reports a body cut short with plain Errors, told apart only by their texts;
 * tests/api/hardening/edge-multipart.test.ts sends such bodies, so a busboy that words them differently fails there.
 */
const TRUNCATED = /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

/** Code 2 for a multipart body the parser found cut short (the client's mistake, not the server's), else null. */
export function truncatedMultipartError(request: FastifyRequest, error: Error): ApiError | null {
  if (!isMultipart(request) || !TRUNCATED.test(error.message)) return null;
  return new ApiError(Code.PARAM_ERROR, `${CODE_MESSAGES[Code.PARAM_ERROR]}: the multipart body ends before its last part does`);
}
