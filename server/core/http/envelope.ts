import { z } from 'zod';
import { CODE_MESSAGES, Code, type Envelope, type ResponseCode } from '../../../contract/codes';

export function messageFor(code: ResponseCode): string {
  return code === Code.OK ? 'Success' : CODE_MESSAGES[code];
}

export function ok<T>(data: T): Envelope<T> {
  return { code: Code.OK, data, info: messageFor(Code.OK) };
}

/**
 * A business answer other than success. Throw it from a service or a handler: the error handler turns it
 * into the envelope (HTTP 200, or the `httpStatus` given, e.g. 401). `info` defaults to the catalogue text.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ResponseCode,
    info?: string,
    readonly extra: { status?: number; httpStatus?: number; data?: unknown } = {},
  ) {
    super(info ?? messageFor(code));
    this.name = 'ApiError';
  }

  toEnvelope(): Envelope<unknown> {
    const body: Envelope<unknown> = { code: this.code, data: this.extra.data ?? null, info: this.message };
    if (this.extra.status !== undefined) body.status = this.extra.status;
    return body;
  }
}

/** The response schema of a route for the OpenAPI document: the envelope around `data`. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('200 = success, otherwise a code of contract/codes.ts'),
    data: data.nullable(),
    info: z.string(),
    status: z.number().int().optional().describe('7 when the session was ended elsewhere'),
  });
}
