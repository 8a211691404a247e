import { eq, sql } from 'drizzle-orm';
import { ROLES } from '../../permissions/roles';
import { rules } from '../../resources/rules';
import { Code } from '../../src/shared/codes';
import type { CrudHooks } from '../crud/factory';
import { emailRules, notificationCategories as categories } from '../db/schema';
import { ApiError } from '../http/envelope';

const EMAIL = rules.email();

/** The notification categories' checks: a category still named by a rule stays. */
export const categoryHooks: CrudHooks = {
  async beforeDelete(existing, { db }) {
    const [used] = await db.select({ id: emailRules.id }).from(emailRules).where(eq(emailRules.category_code, String(existing.category_code))).limit(1);
    if (used) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: the category still has rules');
  },
};

/** emailDeliveringRules' checks: the category exists, a role recipient is a role, an address recipient an e-mail address (14). */
export const emailRuleHooks: CrudHooks = {
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
};
