import { z } from 'zod';
import { rules } from '../rules';

/** `{ id }` of one record. */
export const idBody = z.object({ id: rules.id() });

/**
 * A body of optional filters and paging: a call without one (no body, or JSON null) is the same as `{}`, so
 * its defaults (the first page) apply.
 */
export function optionalBody<T extends z.ZodObject>(schema: T) {
  return schema.nullish().transform((body): z.output<T> => body ?? (schema.parse({}) as z.output<T>));
}

/** A page of rows as every list answers it. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), dataCount: z.number().int() });
}

export const noBody = rules.noBody();
