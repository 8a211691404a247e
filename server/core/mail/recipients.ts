import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db';
import { emailRules, systems, users } from '../db/schema';
import { systemScopeOf, type SystemRow } from '../scope';
import { countryCodeOf } from '../../../contract/countries';
import { mailLanguage } from './texts';
import type { Language } from '../../../contract/languages';

export interface Recipient {
  address: string;
  language: Language;
  /** The roles of the portal user behind the address; undefined for a rule's plain address. */
  roles?: readonly string[];
  /** The portal user behind the address (their mail preferences, server/core/mail/preferences.ts); undefined for a plain address. */
  userId?: number;
  /** The user's IANA time zone (quiet hours); undefined for a plain address. */
  timeZone?: string;
}

interface Candidate {
  id: number;
  roles: string[];
  installerCompanyId: number | null;
  organizationId: number | null;
  email: string;
  languageCode: string | null;
  timeZone: string;
}

/**
 * Who gets a category's mails about a system (emailDeliveringRules), each address once:
 * - a rule with a country applies only to systems in that country;
 * - by role: the users of that role who may see the system (DESIGN §6: the installer's staff, the owner …);
 * - by country: the users located in that country who may see the system (users.country holds the ISO code; a rule's
 *   country is a code or, in rules written before the picker, an English name: countryCodeOf reads both);
 * - by address: that address, in English.
 * Disabled rules, locked users and users without an e-mail address get nothing.
 */
export async function recipientsFor(db: Database, category: string, system: SystemRow, now: Date): Promise<Recipient[]> {
  const rules = await db
    .select()
    .from(emailRules)
    .where(and(eq(emailRules.category_code, category), eq(emailRules.enabled, true)));
  const systemCountry = countryCodeOf(system.countryCode);
  const found = new Map<string, Recipient>();
  for (const rule of rules) {
    if (rule.country.trim() && countryCodeOf(rule.country) !== systemCountry) continue;
    if (rule.recipient_kind === 'address') {
      const address = rule.recipient_value.trim().toLowerCase();
      if (!found.has(address)) found.set(address, { address, language: 'en' });
      continue;
    }
    let who: SQL;
    if (rule.recipient_kind === 'role') who = sql`${rule.recipient_value} = ANY(${users.roles})`;
    else {
      // A country rule whose text names no country reaches nobody (never every user without a country).
      const country = countryCodeOf(rule.recipient_value);
      if (!country) continue;
      who = eq(users.country, country);
    }
    const candidates = await db
      .select({
        id: users.id,
        roles: users.roles,
        installerCompanyId: users.installerCompanyId,
        organizationId: users.organizationId,
        email: users.email,
        languageCode: users.languageCode,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(and(who, eq(users.locked, false), sql`${users.email} <> ''`));
    const fresh = candidates.filter((user) => !found.has(user.email.trim().toLowerCase()));
    for (const user of await whoMaySee(db, fresh, system, now)) {
      const address = user.email.trim().toLowerCase();
      if (!found.has(address))
        found.set(address, {
          address,
          language: mailLanguage(user.languageCode),
          roles: user.roles,
          userId: user.id,
          timeZone: user.timeZone,
        });
    }
  }
  return [...found.values()];
}

/** Scope conditions asked of the system in one statement (a rule for every customer can name thousands). */
const SCOPES_PER_QUERY = 500;

/** The candidates who may see the system, by the same system scope as every monitoring call (server/core/scope.ts). */
async function whoMaySee(db: Database, candidates: Candidate[], system: SystemRow, now: Date): Promise<Candidate[]> {
  const seeing: Candidate[] = [];
  const scoped: { user: Candidate; scope: SQL }[] = [];
  for (const user of candidates) {
    const scope = systemScopeOf(user, now);
    if (scope) scoped.push({ user, scope });
    else seeing.push(user);
  }
  for (let i = 0; i < scoped.length; i += SCOPES_PER_QUERY) {
    const chunk = scoped.slice(i, i + SCOPES_PER_QUERY);
    // One row, one boolean per candidate: whether the system meets that candidate's scope.
    const [row] = await db
      .select(Object.fromEntries(chunk.map(({ scope }, n) => [`s${n}`, sql<boolean>`(${scope})`])))
      .from(systems)
      .where(eq(systems.id, system.id));
    chunk.forEach(({ user }, n) => {
      if (row?.[`s${n}`] === true) seeing.push(user);
    });
  }
  return seeing;
}
