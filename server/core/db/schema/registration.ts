import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { systems } from './monitoring';
import { users } from './users';

/**
 * Self-registration (/Register, server/account/registration/service.ts): the verification codes mailed to a new
 * customer's address. Only a hash of the code is kept; a code works once, for a limited time and for a few
 * wrong tries. The rows also count the requests per address and per client address (15 too fast, 16 daily
 * limit), in the database so that every API node sees the same counts.
 */
export const registrationCodes = pgTable(
  'registration_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The lower-cased address the code was sent to. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    /** Wrong codes entered against this one; at the limit it is spent. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('registration_codes_email_idx').on(t.email, t.createdAt), index('registration_codes_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Wrong S/N check codes entered on /Register, per S/N and per client address: past the limit the S/N check
 * answers 92 (retry in 5 minutes), so the six characters on a label cannot be guessed by trying. Wrong warranty
 * CDKEYs are counted here too, per user, under a purpose of their own (server/account/wrong-entries.ts).
 */
export const registrationFailures = pgTable(
  'registration_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Which code was wrong (server/account/wrong-entries.ts): 'snCheck' a label's check code, 'cdkey' a warranty key. */
    purpose: text('purpose').notNull().default('snCheck'),
    /** What was tried: the upper-cased S/N; for a CDKEY, the user who tried it. */
    target: text('target').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('registration_failures_target_idx').on(t.target, t.createdAt), index('registration_failures_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * One row per self-registered customer: the address they gave beyond the user's own fields (state, city),
 * the system they claimed, and the user agreement they accepted (its version, when, from where).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    systemId: integer('system_id').references(() => systems.id, { onDelete: 'set null' }),
    sysSn: text('sys_sn').notNull(),
    /** The ISO 3166-2 subdivision code within the user's country ('BY'), '' when not given. */
    state: text('state').notNull().default(''),
    city: text('city').notNull().default(''),
    /** The title of the agreement accepted, in the language it was read in. */
    agreementTitle: text('agreement_title').notNull(),
    agreementLanguage: text('agreement_language').notNull(),
    agreementAcceptedAt: timestamp('agreement_accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('registrations_system_idx').on(t.systemId)],
);
