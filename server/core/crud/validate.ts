import { z } from 'zod';
import type { FieldDeclaration } from '../../../resources/types';
import { issueToError } from '../http/validation';

/**
 * Validates a body against field declarations with the codes every route answers (server/core/http/validation.ts),
 * each field free to answer its own spec code instead (`codes: { required: 25, invalid: 61 }` for the S/N).
 */
export function validateFields(fields: Record<string, FieldDeclaration>, names: readonly string[], body: unknown): Record<string, unknown> {
  const result = objectSchema(fields, names).safeParse(body ?? {});
  if (result.success) return result.data as Record<string, unknown>;
  throw issueToError(result.error.issues[0]!, body, fields);
}

/** Object schemas built once per declaration and field list: zod compiles each on its first parse (an import validates thousands of rows). */
const objectSchemas = new WeakMap<Record<string, FieldDeclaration>, Map<string, z.ZodObject>>();

function objectSchema(fields: Record<string, FieldDeclaration>, names: readonly string[]): z.ZodObject {
  let byNames = objectSchemas.get(fields);
  if (!byNames) objectSchemas.set(fields, (byNames = new Map()));
  const key = names.join('\u0000');
  let schema = byNames.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const name of names) shape[name] = fields[name]!.schema;
    byNames.set(key, (schema = z.object(shape)));
  }
  return schema;
}

/** Parses with a plain zod schema, answering 3/2 naming the field (for bodies that are not declared fields). */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  throw issueToError(result.error.issues[0]!, body);
}
