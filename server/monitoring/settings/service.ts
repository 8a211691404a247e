import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../core/db';
import type { OperatingSettings } from '../../../contract/monitoring';
import { firstOverlap, overlapText } from '../../../contract/tariffPeriods';
import { ApiError } from '../../core/http/envelope';
import { dashboardSettings, electricityTariffs, systemSettings, systems } from '../../core/db/schema/monitoring';
import { tariffFor, type Tariff } from '../income/tariffs';
import type { SystemRow } from '../../core/system-scope';
import { PRICE_LEVELS } from '../income/price-levels';
import { Code } from '../../../contract/codes';
import { refuseWhileMoving } from '../../sysmigration/guard';

/** A customer's prices (elecPriceSetting), a system's operating settings (systemSettings), dashboard preferences. */
export type TariffInput = Omit<Tariff, 'isDefault'>;

/** Saves the prices; two periods covering the same minute are refused (110) naming both rows, nothing saved. */
export async function saveTariff(db: Database, userId: number, system: SystemRow | null, input: TariffInput, now: Date): Promise<void> {
  if (system) await refuseWhileMoving(db, { ids: [system.id] });
  const overlap = firstOverlap(input.periods);
  if (overlap) {
    throw new ApiError(Code.TIME_RANGES_OVERLAP, `Time ranges overlap: ${overlapText(input.periods, overlap)}`, {
      data: { field: 'periods', rows: [overlap.first + 1, overlap.second + 1] },
    });
  }
  const owner = and(
    eq(electricityTariffs.userId, userId),
    system ? eq(electricityTariffs.systemId, system.id) : isNull(electricityTariffs.systemId),
  );
  await db.transaction(async (tx) => {
    await tx.delete(electricityTariffs).where(owner);
    await tx.insert(electricityTariffs).values({ userId, systemId: system?.id ?? null, ...input, updatedAt: now });
  });
}

/** The tariff of a system, or the customer's default one (typical prices of their first system's currency). */
export async function readTariff(db: Database, userId: number, system: SystemRow | null, fallbackCurrency: string): Promise<Tariff> {
  if (system) return tariffFor(db, system);
  const [row] = await db
    .select()
    .from(electricityTariffs)
    .where(and(eq(electricityTariffs.userId, userId), isNull(electricityTariffs.systemId)));
  if (row)
    return { currency: row.currency, basePrice: row.basePrice, feedInPrice: row.feedInPrice, periods: row.periods, isDefault: false };
  const level = PRICE_LEVELS[fallbackCurrency] ?? PRICE_LEVELS.EUR!;
  return { currency: fallbackCurrency, basePrice: level.buy, feedInPrice: level.feedIn, periods: [], isDefault: true };
}

/** The defaults are what a new system ships with. */
export const DEFAULT_OPERATING_SETTINGS: OperatingSettings = {
  backupReserveSoc: 10,
  gridCharge: false,
  feedInLimitPercent: 100,
  chargeWindows: [],
  workMode: 'selfConsumption',
};

/** Saves the settings; answers those saved before (null when the customer never saved any). */
export async function saveSystemSettings(
  db: Database,
  system: SystemRow,
  settings: OperatingSettings,
  now: Date,
): Promise<OperatingSettings | null> {
  await refuseWhileMoving(db, { ids: [system.id] });
  const before = await savedSystemSettings(db, system);
  await db
    .insert(systemSettings)
    .values({ systemId: system.id, settings: { ...settings }, updatedAt: now })
    .onConflictDoUpdate({ target: systemSettings.systemId, set: { settings: { ...settings }, updatedAt: now } });
  return before;
}

async function savedSystemSettings(db: Database, system: SystemRow): Promise<OperatingSettings | null> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.systemId, system.id));
  return row ? { ...DEFAULT_OPERATING_SETTINGS, ...(row.settings as Partial<OperatingSettings>) } : null;
}

export async function readSystemSettings(db: Database, system: SystemRow): Promise<OperatingSettings> {
  return (await savedSystemSettings(db, system)) ?? DEFAULT_OPERATING_SETTINGS;
}

export async function saveDashboardSettings(db: Database, userId: number, settings: Record<string, unknown>, now: Date): Promise<void> {
  await db
    .insert(dashboardSettings)
    .values({ userId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: dashboardSettings.userId, set: { settings, updatedAt: now } });
}

export async function readDashboardSettings(db: Database, userId: number): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(dashboardSettings).where(eq(dashboardSettings.userId, userId));
  return row?.settings ?? {};
}

/** The S/N of the system with this id when `userId` owns it as its customer (the settings screen names systems by id). */
export async function ownSystemSnById(db: Database, systemId: number, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ sn: systems.sysSn })
    .from(systems)
    .where(and(eq(systems.id, systemId), eq(systems.customerUserId, userId)));
  return row?.sn;
}
