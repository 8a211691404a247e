import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../permissions/roles';
import { emailDeliveringRules, notificationCategories } from '../../resources/emailDeliveringRules';
import { mailOutbox } from '../../resources/mailOutbox';
import { rules } from '../../resources/rules';
import { Code } from '../../src/shared/codes';
import type { AppDeps } from '../config';
import { registerCrud } from '../crud/factory';
import { emailRules, mailOutbox as outbox, notificationCategories as categories } from '../db/schema';
import { ApiError } from '../http/envelope';

const EMAIL = rules.email();

/** emailDeliveringRules, its notification categories (83: the category code exists) and the mails sent (read-only). */
export function registerEmailRules(app: FastifyInstance, deps: AppDeps): void {
  registerCrud(app, deps, {
    declaration: notificationCategories,
    table: categories,
    hooks: {
      async beforeDelete(existing, { db }) {
        const [used] = await db.select({ id: emailRules.id }).from(emailRules).where(eq(emailRules.category_code, String(existing.category_code))).limit(1);
        if (used) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: the category still has rules');
      },
    },
  });
  registerCrud(app, deps, {
    declaration: emailDeliveringRules,
    table: emailRules,
    hooks: {
      async beforeSave(values, { db }) {
        const [category] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(sql`lower(${categories.category_code}) = lower(${String(values.category_code)})`)
          .limit(1);
        if (!category) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: category_code', { data: { field: 'category_code' } });
        const value = String(values.recipient_value);
        if (values.recipient_kind === 'role' && !(ROLES as readonly string[]).includes(value)) {
          throw new ApiError(Code.PARAM_ERROR, 'Parameter error: recipient_value (unknown role)', { data: { field: 'recipient_value' } });
        }
        if (values.recipient_kind === 'address' && !EMAIL.safeParse(value).success) {
          throw new ApiError(14, undefined, { data: { field: 'recipient_value' } });
        }
      },
    },
  });
  registerCrud(app, deps, { declaration: mailOutbox, table: outbox });
}
