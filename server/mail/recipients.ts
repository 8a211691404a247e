import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db';
import { emailRules, systems, users } from '../db/schema';
import { systemScope, type SystemRow } from '../monitoring/scope';
import { mailLanguage } from './texts';
import type { Language } from '../../src/i18n/languages';

export interface Recipient {
  address: string;
  language: Language;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * Who gets a category's mails about a system (emailDeliveringRules), each address once:
 * - a rule with a country applies only to systems in that country;
 * - by role: the users of that role who may see the system (DESIGN §6: the installer's staff, the owner …);
 * - by country: the users located in that country who may see the system;
 * - by address: that address, in English.
 * Disabled rules, locked users and users without an e-mail address get nothing.
 */
export async function recipientsFor(db: Database, category: string, system: SystemRow, now: Date): Promise<Recipient[]> {
  const rules = await db.select().from(emailRules).where(and(eq(emailRules.category_code, category), eq(emailRules.enabled, true)));
  const systemCountry = countryNames.of(system.countryCode) ?? system.countryCode;
  const found = new Map<string, Recipient>();
  for (const rule of rules) {
    if (rule.country.trim() && rule.country.trim().toLowerCase() !== systemCountry.toLowerCase()) continue;
    if (rule.recipient_kind === 'address') {
      const address = rule.recipient_value.trim().toLowerCase();
      if (!found.has(address)) found.set(address, { address, language: 'en' });
      continue;
    }
    const who =
      rule.recipient_kind === 'role'
        ? sql`${rule.recipient_value} = ANY(${users.roles})`
        : sql`lower(${users.country}) = lower(${rule.recipient_value})`;
    const candidates = await db
      .select({ id: users.id, roles: users.roles, company: users.company, email: users.email, languageCode: users.languageCode })
      .from(users)
      .where(and(who, eq(users.locked, false), sql`${users.email} <> ''`));
    for (const user of candidates) {
      const address = user.email.trim().toLowerCase();
      if (found.has(address) || !(await maySee(db, user, system, now))) continue;
      found.set(address, { address, language: mailLanguage(user.languageCode) });
    }
  }
  return [...found.values()];
}

async function maySee(db: Database, user: { id: number; roles: string[]; company: string }, system: SystemRow, now: Date): Promise<boolean> {
  const scope = systemScope({ id: user.id, roles: user.roles, company: user.company }, now);
  if (!scope) return true;
  const [row] = await db.select({ id: systems.id }).from(systems).where(and(eq(systems.id, system.id), scope));
  return !!row;
}
