import { and, eq, or, sql } from 'drizzle-orm';
import { ALL } from '../../../contract/faultmail-constants';
import { countryCodeOf } from '../../../contract/countries';
import type { Database } from '../db';
import { faultSubscriptions, users } from '../db/schema';
import type { SystemRow } from '../scope';
import type { NewFault } from './fault-mails';
import { quietUntil, readSettings } from './preferences';
import type { Recipient } from './recipients';
import { mailLanguage } from './texts';

/** The role whose fault mails follow their own subscriptions (sysErrorEmailNotification) instead of the admin's rules. */
export const SUBSCRIBING_ROLE = 'servicer';

export interface FaultRecipient extends Recipient {
  /** Not before this moment (a customer's quiet hours). */
  notBefore?: Date;
}

/**
 * Who gets the mail about one new fault of a system. How the admin's e-mail rules and the subscriptions combine
 * (CONTRACT.md, Fault mail subscriptions):
 * - the rules of emailDeliveringRules (category system_fault, `byRules`) reach everyone they name except service
 *   engineers: customers, installers, other staff and plain addresses;
 * - a service engineer (a user holding the servicer role) gets exactly the faults one of their subscriptions
 *   matches, whatever the rules say: a rule by role, country or address that names them does not add mails, and
 *   one without subscriptions gets none; a servicer whose preference is the daily digest (OtherRoleUserSetting)
 *   gets them in the digest (server/faultmail/digest.ts), not one by one;
 * - a customer who turned fault alerts off (CustomUserSetting) gets none; one in their quiet hours gets it when
 *   the quiet hours end.
 */
export async function faultRecipients(
  db: Database,
  system: SystemRow,
  fault: NewFault,
  byRules: readonly Recipient[],
  servicerAddresses: ReadonlySet<string>,
  now: Date,
): Promise<FaultRecipient[]> {
  const found = new Map<string, FaultRecipient>();
  const customers = byRules.filter((r) => r.userId !== undefined && r.roles?.includes('customer')).map((r) => r.userId!);
  const prefs = await readSettings(db, customers, 'notifications');
  for (const recipient of byRules) {
    if (servicerAddresses.has(recipient.address)) continue;
    const own = recipient.userId === undefined ? undefined : prefs.get(recipient.userId);
    if (own && !own.faultAlerts) continue;
    const notBefore = own ? quietUntil(own, recipient.timeZone ?? 'UTC', now) : undefined;
    found.set(recipient.address, notBefore ? { ...recipient, notBefore } : recipient);
  }
  for (const servicer of await subscribersOf(db, system, fault, 'immediate')) {
    if (!found.has(servicer.address)) found.set(servicer.address, servicer);
  }
  return [...found.values()];
}

/** The addresses of every service engineer: the rules' mails never reach them (their subscriptions do). */
export async function servicerAddressesOf(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(sql`${SUBSCRIBING_ROLE} = ANY(${users.roles})`, sql`${users.email} <> ''`));
  return new Set(rows.map((row) => row.email.trim().toLowerCase()));
}

/** The condition a subscription row meets for a fault of a system ('all' matches anything). */
export function subscriptionMatches(system: Pick<SystemRow, 'countryCode' | 'minv'>, fault: Pick<NewFault, 'level' | 'code'>) {
  const country = countryCodeOf(system.countryCode) ?? system.countryCode;
  return and(
    or(eq(faultSubscriptions.country, ALL), eq(faultSubscriptions.country, country)),
    or(eq(faultSubscriptions.model, ALL), sql`lower(${faultSubscriptions.model}) = lower(${system.minv})`),
    or(eq(faultSubscriptions.level, ALL), eq(faultSubscriptions.level, fault.level)),
    or(eq(faultSubscriptions.faultCode, ALL), sql`lower(${faultSubscriptions.faultCode}) = lower(${fault.code})`),
  );
}

/**
 * The service engineers (not locked, with an address) one of whose subscriptions matches the fault, who take
 * their fault mails `delivery` ('immediate' or 'digest', OtherRoleUserSetting), each once.
 */
export async function subscribersOf(
  db: Database,
  system: Pick<SystemRow, 'countryCode' | 'minv'>,
  fault: Pick<NewFault, 'level' | 'code'>,
  delivery: 'immediate' | 'digest',
): Promise<FaultRecipient[]> {
  const rows = await db
    .selectDistinct({
      id: users.id,
      email: users.email,
      languageCode: users.languageCode,
      timeZone: users.timeZone,
      roles: users.roles,
    })
    .from(faultSubscriptions)
    .innerJoin(users, eq(users.id, faultSubscriptions.userId))
    .where(
      and(
        subscriptionMatches(system, fault),
        sql`${SUBSCRIBING_ROLE} = ANY(${users.roles})`,
        eq(users.locked, false),
        sql`${users.email} <> ''`,
      ),
    );
  const staff = await readSettings(
    db,
    rows.map((row) => row.id),
    'staff',
  );
  return rows
    .filter((row) => staff.get(row.id)!.faultMailDelivery === delivery)
    .map((row) => ({
      address: row.email.trim().toLowerCase(),
      language: mailLanguage(row.languageCode),
      roles: row.roles,
      userId: row.id,
      timeZone: row.timeZone,
    }));
}
