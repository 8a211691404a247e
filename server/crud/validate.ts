import { z } from 'zod';
import { CODE_MESSAGES, Code, type ResponseCode } from '../../src/shared/codes';
import type { FieldDeclaration } from '../../resources/types';
import { ApiError } from '../http/envelope';

/**
 * Validates a body against field declarations the way server/http/validation.ts does for every route (code 3
 * for an absent or blank field, 2 for any other bad value, `info` naming the field), but lets a field answer
 * its own spec code instead (`codes: { required: 25, invalid: 61 }` for the S/N).
 */
export function validateFields(
  fields: Record<string, FieldDeclaration>,
  names: readonly string[],
  body: unknown,
): Record<string, unknown> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = fields[name]!.schema;
  const result = z.object(shape).safeParse(body ?? {});
  if (result.success) return result.data as Record<string, unknown>;
  throw issueToError(result.error.issues[0]!, body, fields);
}

export function issueToError(issue: z.core.$ZodIssue, data: unknown, fields: Record<string, FieldDeclaration> = {}): ApiError {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  const given = valueAt(data, issue.path);
  // Absent, null, blank text or an empty list: the field is missing (3, or the field's own code).
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

/** Parses with a plain zod schema, answering 3/2 naming the field (for bodies that are not declared fields). */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw issueToError(result.error.issues[0]!, body);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
