import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_INSTALLER_SETTINGS, installerSettings, type InstallerSettings } from '../../contract/account-settings';
import type { InstallerContact } from '../../contract/account-settings';
import type { Database } from '../core/db';
import { electricityTariffs, installerCompanies, systems, users, userSettings } from '../core/db/schema';

/**
 * An installer's defaults (InstallSetting, CONTRACT.md) at work: what a system's new owner starts with, and the
 * contact the owner sees on the system's dashboard.
 *
 * Systems point at the installer COMPANY that installed them (systems.installer_company_id, set by staff), while
 * the defaults are saved by each installer user of that company. The defaults of a system are those of its
 * company's installers who saved them: of several, the most recently saved (the company's current word); an
 * installer who is locked or deactivated speaks for the company no more. None saved: the system has no defaults.
 */

type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

export async function installerDefaultsOf(
  db: Executor,
  installerCompanyId: number | null,
): Promise<(InstallerSettings & { company: string }) | undefined> {
  if (installerCompanyId === null) return undefined;
  const [row] = await db
    .select({ value: userSettings.value, company: installerCompanies.name })
    .from(userSettings)
    .innerJoin(users, eq(users.id, userSettings.userId))
    .innerJoin(installerCompanies, eq(installerCompanies.id, users.installerCompanyId))
    .where(
      and(
        eq(userSettings.kind, 'installer'),
        eq(users.installerCompanyId, installerCompanyId),
        eq(users.locked, false),
        sql`'installer' = ANY(${users.roles})`,
      ),
    )
    .orderBy(desc(userSettings.updatedAt), desc(userSettings.userId))
    .limit(1);
  if (!row) return undefined;
  // Read as the settings calls read it: merged over the defaults, a value an older form stored keeps working.
  const parsed = installerSettings.safeParse({ ...DEFAULT_INSTALLER_SETTINGS, ...row.value });
  return { ...(parsed.success ? parsed.data : DEFAULT_INSTALLER_SETTINGS), company: row.company };
}

/** The time zone a new owner of the system starts with: its installer's default, else the system's own. */
export async function startingTimeZone(db: Executor, system: { installerCompanyId: number | null; timeZone: string }) {
  return (await installerDefaultsOf(db, system.installerCompanyId))?.timeZone ?? system.timeZone;
}

/**
 * When a system is first given to a customer (self-registration today; associating a system later): its
 * installer's currency and prices become the customer's prices of that system, unless the customer already set
 * prices of their own for it or for all their systems (elecPriceSetting: the customer's choice wins). The system's
 * currency follows when no cost was recorded in another one yet. The system's time zone is left alone (the daily
 * figures are cut at its midnight since it first reported); the installer's zone is what the customer's own
 * account starts with (startingTimeZone). Runs inside the caller's transaction. Answers whether prices were set.
 */
export async function applyInstallerDefaults(
  tx: Executor,
  system: { id: number; installerCompanyId: number | null },
  customerUserId: number,
  now: Date,
): Promise<boolean> {
  const defaults = await installerDefaultsOf(tx, system.installerCompanyId);
  if (!defaults) return false;
  const [own] = await tx
    .select({ id: electricityTariffs.id })
    .from(electricityTariffs)
    .where(
      and(
        eq(electricityTariffs.userId, customerUserId),
        or(eq(electricityTariffs.systemId, system.id), isNull(electricityTariffs.systemId)),
      ),
    )
    .limit(1);
  if (own) return false;
  await tx.insert(electricityTariffs).values({
    userId: customerUserId,
    systemId: system.id,
    currency: defaults.currency,
    basePrice: defaults.buyPrice,
    feedInPrice: defaults.feedInPrice,
    periods: [],
    updatedAt: now,
  });
  await tx
    .update(systems)
    .set({ currency: defaults.currency })
    .where(and(eq(systems.id, system.id), isNull(systems.systemCost)));
  return true;
}

/** The contact of the system's installer for its owner and sharers; null when the installer gave none. */
export async function installerContactOf(db: Executor, installerCompanyId: number | null): Promise<InstallerContact | null> {
  const defaults = await installerDefaultsOf(db, installerCompanyId);
  if (!defaults) return null;
  const { contactName: name, contactPhone: phone, contactEmail: email, company } = defaults;
  if (!name && !phone && !email) return null;
  return { company, name, phone, email };
}
