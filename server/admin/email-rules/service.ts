import { and, count, eq, ne, sql } from 'drizzle-orm';
import { ROLES } from '../../../permissions/roles';
import { rules } from '../../../resources/rules';
import { Code } from '../../../contract/codes';
import { COUNTRY_CODES } from '../../../contract/countryCodes';
import type { CrudHooks } from '../../core/crud/factory';
import { emailRules, notificationCategories as categories } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';

const EMAIL = rules.email();

/**
 * The notification categories' checks: a name used by another category answers 83 as a used code does (the
 * declaration's `unique`); a renamed code carries its rules along; a category still named by a rule stays (400).
 */
export const categoryHooks: CrudHooks = {
  async beforeSave(values, { db, existing }) {
    const same = sql`lower(${categories.name}) = lower(${String(values.name)})`;
    const [clash] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(existing ? and(same, ne(categories.id, existing.id as number)) : same)
      .limit(1);
    if (clash) throw new ApiError(Code.MAIL_CATEGORY_EXISTS, undefined, { data: { field: 'name' } });
  },
  async afterSave(row, { db, existing }) {
    if (!existing || existing.category_code === row.category_code) return;
    await db
      .update(emailRules)
      .set({ category_code: String(row.category_code) })
      .where(sql`lower(${emailRules.category_code}) = lower(${String(existing.category_code)})`);
  },
  async beforeDelete(existing, { db }) {
    const [used] = await db
      .select({ n: count() })
      .from(emailRules)
      .where(sql`lower(${emailRules.category_code}) = lower(${String(existing.category_code)})`);
    const rulesUsing = Number(used?.n ?? 0);
    if (rulesUsing > 0) {
      throw new ApiError(
        Code.OPERATION_FAILED,
        `Operation failure: ${rulesUsing} delivering rule(s) still use the category ${String(existing.category_code)}; delete them first`,
        {
          data: { field: 'category_code', rules: rulesUsing },
        },
      );
    }
  },
};

/**
 * emailDeliveringRules' checks: the category exists, a role recipient is a role, a country recipient a country code,
 * an address recipient an e-mail address (14), and no other rule sends the same category to the same recipient for the same country (83).
 */
export const emailRuleHooks: CrudHooks = {
  async beforeSave(values, { db, existing }) {
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
    // A country recipient is a code, as the users' countries it is compared with (a name would reach nobody).
    if (values.recipient_kind === 'country' && !(COUNTRY_CODES as readonly string[]).includes(value)) {
      throw new ApiError(Code.PARAM_ERROR, 'Parameter error: recipient_value (an ISO 3166-1 alpha-2 country code)', {
        data: { field: 'recipient_value' },
      });
    }
    if (values.recipient_kind === 'address' && !EMAIL.safeParse(value).success) {
      throw new ApiError(Code.EMAIL_FORMAT, undefined, { data: { field: 'recipient_value' } });
    }
    // Case and surrounding spaces do not make a rule different (addresses and countries are compared that way when mailing).
    const same = and(
      sql`lower(${emailRules.category_code}) = lower(${String(values.category_code)})`,
      eq(emailRules.recipient_kind, String(values.recipient_kind)),
      sql`lower(trim(${emailRules.recipient_value})) = lower(${value.trim()})`,
      sql`lower(trim(${emailRules.country})) = lower(${String(values.country ?? '').trim()})`,
    );
    const [clash] = await db
      .select({ id: emailRules.id })
      .from(emailRules)
      .where(existing ? and(same, ne(emailRules.id, existing.id as number)) : same)
      .limit(1);
    if (clash)
      throw new ApiError(Code.MAIL_CATEGORY_EXISTS, 'Email notification category exists: the same rule exists', {
        data: { field: 'recipient_value' },
      });
  },
};

/**
 * The sent e-mails (read-only): a mail with a secret link keeps it only in `sealedBody` for the transport;
 * no list or detail answer carries that column, even sealed (DESIGN §10). `body` is the masked text.
 */
export const mailOutboxHooks: CrudHooks = {
  hiddenColumns: ['sealedBody'],
};
