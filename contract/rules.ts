import { z } from 'zod';

/** The longest search text a list filter takes: longer finds nothing useful and only costs the database time. */
export const FILTER_TEXT_MAX = 200;
/** The most values a multi-value filter or list field takes. */
export const LIST_MAX = 100;

/** A decimal integer as text: digits only, no sign, no leading zero, no spaces, no exponent, no hex. */
const DECIMAL_DIGITS = /^[1-9]\d{0,15}$/;

/** Whether `YYYY-MM-DD` names a real day (Date rolls 2026-02-31 over into March, so it must read back the same). */
export function isRealDate(value: string): boolean {
  const parsed = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value.slice(0, 10));
}

/** Shared zod building blocks (declarations, call schemas) whose messages are i18n keys of locales/<lng>/admin.json. */
export const rules = {
  requiredText: (max = 200) =>
    z.string({ error: 'admin:validation.required' }).trim().min(1, 'admin:validation.required').max(max, 'admin:validation.tooLong'),
  optionalText: (max = 500) => z.string().trim().max(max, 'admin:validation.tooLong').optional().default(''),
  email: () =>
    z
      .string({ error: 'admin:validation.required' })
      .trim()
      .min(1, 'admin:validation.required')
      .max(254, 'admin:validation.tooLong')
      .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,8}$/, 'admin:validation.email'),
  date: () =>
    z
      .string({ error: 'admin:validation.required' })
      .max(10, 'admin:validation.date')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'admin:validation.date')
      .refine(isRealDate, 'admin:validation.date'),
  /**
   * A record id (a coerced '0x10' once deleted record 16): a JSON number that is a safe integer ≥ 1, or a string of decimal
   * digits without sign, spaces or leading zeros. '0x10', '1e3', ' 16', '016', 16.5, -1, true and [16] are
   * refused, never read as some other record's id.
   */
  id: () => {
    const id = z.number().int('admin:validation.number').min(1, 'admin:validation.number');
    return z.union([id, z.string().max(16).regex(DECIMAL_DIGITS).transform(Number).pipe(id)], { error: 'admin:validation.number' });
  },
  /**
   * A whole number between min and max (paging, order): a JSON integer, or its decimal digits as text (a
   * query string carries only text); no coercion of '0x10', '1e3', true or arrays.
   */
  integer: (min: number, max: number) => {
    const integer = z.number().int('admin:validation.number').min(min, 'admin:validation.number').max(max, 'admin:validation.number');
    const digits = z
      .string()
      .max(17)
      .regex(/^(0|-?[1-9]\d{0,15})$/)
      .transform(Number)
      .pipe(integer);
    return z.union([integer, digits], { error: 'admin:validation.number' });
  },
  /** The answer of a paged list: the page's rows and the count of every row. */
  pageOf: <T extends z.ZodType>(row: T) => z.object({ dataCount: z.number().int(), data: z.array(row) }),
  /** A search's optional country: two letters, in any case (the server compares them upper-cased). */
  countryFilter: () =>
    z
      .string()
      .trim()
      .max(2)
      .regex(/^[A-Za-z]{2}$/, 'two letters')
      .optional(),
  /** The body of a call that takes nothing (the caller's own rows, the whole scope): none at all is as good as {}. */
  noBody: () =>
    z
      .object({})
      .nullish()
      .transform(() => ({})),
};
