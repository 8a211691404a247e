import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { installerCompanies, organizations } from './organizations';

/** Every person who logs in: customers, sharers and staff alike; what they may do comes from `roles`. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /**
     * The name's UTS #39 skeleton (server/account/confusables.ts): two names that look alike share it, so a new name
     * is refused in one indexed lookup. Null only on rows written before the column, until boot fills them.
     */
    usernameSkeleton: text('username_skeleton'),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** ISO 3166-1 alpha-2 code ('DE'), '' when not given; shown by its name in the reader's language. */
    country: text('country').notNull().default(''),
    /** The company the user writes on their own profile: shown, never used for scope. */
    company: text('company').notNull().default(''),
    /** Scope links (DESIGN §6, §10), set only by staff in user management: an installer's company … */
    installerCompanyId: integer('installer_company_id').references(() => installerCompanies.id, { onDelete: 'set null' }),
    /** … and the reseller, service partner or supplier a user of that role works for. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    languageCode: text('language_code').notNull().default('en-US'),
    timeZone: text('time_zone').notNull().default('UTC'),
    roles: text('roles').array().notNull(),
    /** Route keys an administrator hid from this user on top of the role table (permissions/ability.ts). */
    menuDenied: text('menu_denied')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locked: boolean('locked').notNull().default(false),
    /**
     * When an administrator deactivated the user (one with history, who cannot be deleted); a deactivated user is
     * also locked, so every check of `locked` (login, recovery, the admin who must remain) holds for them too.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // User names and e-mail addresses are unique regardless of case (50, 37); many users may have no e-mail.
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Not unique: names that collided before the check existed must still load.
    index('users_username_skeleton_idx').on(t.usernameSkeleton),
    uniqueIndex('users_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} <> ''`),
    // The mail rules by country compare codes (server/core/mail/recipients.ts): a name would silently match nobody.
    check('users_country_iso_code', sql`${t.country} = '' OR ${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
