import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Role permissions (roleManagement): the menu entries hidden from every holder of a role, on top of the
 * role table of permissions/routes.ts. Read at login into the access token's `menuDenied` claim.
 */
export const rolePermissions = pgTable('role_permissions', {
  role: text('role').primaryKey(),
  description: text('description').notNull().default(''),
  menu_denied: text('menu_denied')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The menu tree (menuManagement): titles per language, order, icon, parent, hidden. */
export const menus = pgTable(
  'menus',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    menu_key: text('menu_key').notNull(),
    parent_key: text('parent_key'),
    path: text('path').notNull().default(''),
    title_en: text('title_en').notNull(),
    title_zh: text('title_zh').notNull().default(''),
    title_de: text('title_de').notNull().default(''),
    title_ja: text('title_ja').notNull().default(''),
    icon: text('icon').notNull().default(''),
    sort_order: integer('sort_order').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('menus_key_idx').on(t.menu_key)],
);

/** Translation overrides (langTransManagement): served to the web app at start, they win over locales/. */
export const translations = pgTable(
  'translations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    language: text('language').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updated_by: text('updated_by').notNull().default(''),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('translations_lang_key_idx').on(t.language, t.namespace, t.key)],
);

/** E-mail notification categories (code 83 when the code exists). */
export const notificationCategories = pgTable(
  'notification_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category_code: text('category_code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_categories_code_idx').on(sql`lower(${t.category_code})`)],
);

/** Who gets which event by e-mail: recipients by role, country or address (emailDeliveringRules). */
export const emailRules = pgTable(
  'email_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category_code: text('category_code').notNull(),
    recipient_kind: text('recipient_kind').notNull(),
    recipient_value: text('recipient_value').notNull(),
    country: text('country').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark').notNull().default(''),
    created_by: text('created_by').notNull().default(''),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The mailer compares a rule's country with the system's code (server/core/mail/recipients.ts): a name would match nothing.
    check('email_rules_country_iso_code', sql`${t.country} = '' OR ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
