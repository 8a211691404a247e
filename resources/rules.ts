import { z } from 'zod';

/** Shared zod building blocks whose messages are i18n keys of locales/<lng>/admin.json. */
export const rules = {
  requiredText: (max = 200) =>
    z.string({ error: 'admin:validation.required' }).trim().min(1, 'admin:validation.required').max(max, 'admin:validation.tooLong'),
  optionalText: (max = 500) => z.string().trim().max(max, 'admin:validation.tooLong').optional().default(''),
  email: () =>
    z
      .string({ error: 'admin:validation.required' })
      .trim()
      .min(1, 'admin:validation.required')
      .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,8}$/, 'admin:validation.email'),
  date: () => z.string({ error: 'admin:validation.required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'admin:validation.date'),
};
