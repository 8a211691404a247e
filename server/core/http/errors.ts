import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_MESSAGES, Code, type ResponseCode } from '../../../contract/codes';
import { isStatementTimeout } from '../db/statement-timeout';
import { ApiError, messageFor } from './envelope';
import { truncatedMultipartError } from './multipart';

/**
 * A query the database cancelled for running too long (server/core/db/statement-timeout.ts): spec §8's 'operation
 * failure', with a text that tells the caller to narrow the request.
 */
const OPERATION_FAILURE = 400 satisfies ResponseCode;
export const STATEMENT_TIMEOUT_INFO = `${CODE_MESSAGES[OPERATION_FAILURE]}: the request took too long`;

/**
 * Every failure leaves as an envelope: business answers (ApiError) as they were thrown, client mistakes
 * the framework catches (malformed JSON, wrong content type, body too large) as code 2, a statement the
 * database cancelled for its timeout as code 400, anything else as code 500 with a generic text (the details
 * go to the log, never to the client). All with HTTP 200, as CONTRACT.md says: only a bad access token (401) and an unknown path (404) use another HTTP status.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // An error envelope is not the route's success shape (`data` may name a field): plain JSON, never through
    // the route's response schema, whose mismatch would turn a refusal into a 500.
    // A custom serializer makes Fastify skip its JSON content type: say it here.
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    if (error instanceof ApiError) {
      return reply.status(error.extra.httpStatus ?? 200).send(error.toEnvelope());
    }
    const truncated = truncatedMultipartError(request, error);
    if (truncated) return reply.status(200).send(truncated.toEnvelope());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'rejected request');
      return reply.status(200).send({ code: Code.PARAM_ERROR, data: null, info: `${CODE_MESSAGES[Code.PARAM_ERROR]}: ${error.message}` });
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error }, 'statement timeout');
      return reply.status(200).send({ code: OPERATION_FAILURE, data: null, info: STATEMENT_TIMEOUT_INFO });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(200).send({ code: Code.SERVER_ERROR, data: null, info: messageFor(Code.SERVER_ERROR) });
  });
}

/** Unknown /api paths: HTTP 404 with code 101 naming what was asked for. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0];
  return reply
    .status(404)
    .send({ code: Code.ILLEGAL_REQUEST, data: null, info: `${CODE_MESSAGES[Code.ILLEGAL_REQUEST]}: ${request.method} ${path}` });
}
