import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { CODE_MESSAGES, Code } from '../../../contract/codes';
import { ApiError } from './envelope';
import { findInputFault } from './input-shape';

/**
 * Client input is checked for its shape (server/core/http/input-shape.ts) before any handler or schema runs:
 * JSON bodies in their parser, query strings and path parameters in the first hook after parsing. A fault
 * answers code 2 with `info` and `data.field` naming where it is.
 *
 * Fastify's own JSON parser is replaced, not wrapped: it would run secure-json-parse's scan and this walk would
 * scan again, so the walk also does secure-json-parse's job (see findInputFault).
 */
export function registerInputShapeChecks(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text.length === 0) return done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    let body: unknown;
    try {
      body = JSON.parse(text as string);
    } catch {
      return done(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), undefined);
    }
    const refusal = refusalOf(body, 'body');
    return refusal ? done(refusal, undefined) : done(null, body);
  });

  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    // A text/plain body arrives as one string that no JSON walk saw.
    const refusal =
      refusalOf(request.query, 'query') ??
      refusalOf(request.params, 'params') ??
      (typeof request.body === 'string' ? refusalOf(request.body, 'body') : null);
    done(refusal ?? undefined);
  });
}

function refusalOf(input: unknown, whole: string): ApiError | null {
  const fault = findInputFault(input, whole);
  if (!fault) return null;
  return new ApiError(Code.PARAM_ERROR, `${CODE_MESSAGES[Code.PARAM_ERROR]}: ${fault.field} (${fault.reason})`, {
    data: { field: fault.field },
  });
}
