import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { CODE_MESSAGES, Code, type ResponseCode } from '../../../contract/codes';
import type { FieldDeclaration } from '../../../resources/types';
import { ApiError } from './envelope';

/**
 * The zod validator for every route schema. Unlike the stock one it answers in our terms: a field that is
 * absent, null or blank is code 3, any other invalid value code 2, and `info` names the field, so the client and
 * the person reading a log both see which field to fix.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    // Without `data.field`: the reply goes through the route's response schema, whose data has another shape.
    const { code, message } = issueToError(result.error.issues[0]!, data, {}, httpPart ?? 'body');
    return { error: new ApiError(code, message) };
  };

/**
 * The error for the first zod issue of a body: 3 when the field is absent, null, blank text or an empty
 * list, 2 for any other bad value, unless its declaration names its own spec codes
 * (`codes: { required: 25, invalid: 61 }` for the S/N). `data.field` names the field for the form.
 */
export function issueToError(
  issue: z.core.$ZodIssue,
  data: unknown,
  fields: Record<string, FieldDeclaration> = {},
  wholeBody = 'body',
): ApiError {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : wholeBody;
  const given = valueAt(data, issue.path);
  const absent = given === undefined || given === null;
  const blank = (typeof given === 'string' && given.trim() === '') || (Array.isArray(given) && given.length === 0);
  const own = fields[String(issue.path[0] ?? '')]?.codes;
  if (absent || blank) {
    const code = (own?.required ?? Code.PARAM_REQUIRED) as ResponseCode;
    return new ApiError(code, `${CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? 'Parameter required'}: ${field}`, { data: { field } });
  }
  const code = (own?.invalid ?? Code.PARAM_ERROR) as ResponseCode;
  return new ApiError(code, `${CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? 'Parameter error'}: ${field} (${issue.message})`, {
    data: { field },
  });
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
