import type { z } from 'zod';

/**
 * A field's own spec codes for a refused value, in place of the generic 3 (absent or blank) and 2 (invalid):
 * the language of a translation answers 55 'Language type required' either way. Kept in the schema's metadata
 * under an OpenAPI extension key, so the API document shows them too; the server's validator reads them.
 */
export interface FieldCodes {
  required?: number;
  invalid?: number;
}

export const FIELD_CODES_KEY = 'x-codes';

export function withCodes<T extends z.ZodType>(schema: T, codes: FieldCodes): T {
  return schema.meta({ [FIELD_CODES_KEY]: codes }) as T;
}
