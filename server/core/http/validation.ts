import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { CODE_MESSAGES, Code, type ResponseCode } from '../../../contract/codes';
import { FIELD_CODES_KEY, type FieldCodes } from '../../../contract/fieldCodes';
import type { FieldDeclaration } from '../../../resources/types';
import { ApiError } from './envelope';
import { issueText } from './issue-text';

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
    // `data.field` whatever the route's response schema says: the error handler (errors.ts) sends every error
    // envelope with a plain JSON serializer, never through the route's success schema.
    const issue = result.error.issues[0]!;
    return { error: issueToError(issue, data, {}, httpPart ?? 'body', codesAt(schema, issue.path)) };
  };

/**
 * The error for the first zod issue of a body: 3 when the field is absent, null, blank text or an empty
 * list, 2 for any other bad value, unless its declaration names its own spec codes
 * (`codes: { required: 25, invalid: 61 }` for the S/N) or its schema carries them (contract/fieldCodes.ts).
 * `data.field` names the field for the form.
 */
export function issueToError(
  issue: z.core.$ZodIssue,
  data: unknown,
  fields: Record<string, FieldDeclaration> = {},
  wholeBody = 'body',
  schemaCodes?: FieldCodes,
): ApiError {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : wholeBody;
  const given = valueAt(data, issue.path);
  const absent = given === undefined || given === null;
  const blank = (typeof given === 'string' && given.trim() === '') || (Array.isArray(given) && given.length === 0);
  const own = fields[String(issue.path[0] ?? '')]?.codes ?? schemaCodes;
  if (absent || blank) {
    const code = (own?.required ?? Code.PARAM_REQUIRED) as ResponseCode;
    return new ApiError(code, `${CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? 'Parameter required'}: ${field}`, {
      data: { field },
    });
  }
  const code = (own?.invalid ?? Code.PARAM_ERROR) as ResponseCode;
  return new ApiError(
    code,
    `${CODE_MESSAGES[code as keyof typeof CODE_MESSAGES] ?? 'Parameter error'}: ${field} (${issueText(issue.message)})`,
    {
      data: { field },
    },
  );
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The codes a schema declares for the field at `path` (withCodes of contract/fieldCodes.ts), on the field or a wrapper of it. */
function codesAt(schema: z.ZodType, path: readonly PropertyKey[]): FieldCodes | undefined {
  let at: z.ZodType | undefined = schema;
  for (const key of path) {
    at = unwrapToObject(at);
    at = at instanceof z.ZodObject ? (at.shape as Record<string, z.ZodType>)[String(key)] : undefined;
    if (!at) return undefined;
  }
  for (let level: z.ZodType | undefined = at; level; level = inner(level)) {
    const codes = z.globalRegistry.get(level)?.[FIELD_CODES_KEY] as FieldCodes | undefined;
    if (codes) return codes;
  }
  return undefined;
}

function unwrapToObject(schema: z.ZodType): z.ZodType {
  let at: z.ZodType | undefined = schema;
  while (at && !(at instanceof z.ZodObject)) at = inner(at);
  return at ?? schema;
}

/**
 * The schema an optional, nullable, default or pipe wraps (a pipe's input side; a preprocess's output side, since
 * its input side is the function), undefined for any other.
 */
function inner(schema: z.ZodType): z.ZodType | undefined {
  const def = schema._zod.def as { innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
  if (def.in instanceof z.ZodTransform) return def.out;
  return def.innerType ?? def.in;
}
