import { and, eq, isNull, or, desc, sql } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { electricityTariffs } from '../../core/db/schema/monitoring';
import { PRICE_LEVELS } from './price-levels';
import type { SystemRow } from '../../core/system-scope';
import type { Tariff } from '../../../contract/monitoring';

export type { Tariff };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The minutes of the day a period covers, as [start, end) pieces (a period may wrap midnight). */
export function periodMinutes(p: { start: string; end: string }): Array<[number, number]> {
  const start = minutesOf(p.start);
  const end = minutesOf(p.end) || 1440;
  return start < end
    ? [[start, end]]
    : [
        [start, 1440],
        [0, end],
      ];
}

/**
 * The day's average buy price, time-weighted over the periods (the base price elsewhere). Rollups are
 * daily, so income uses this figure; a per-sample price would need raw rows for every month bar.
 */
export function averageBuyPrice(tariff: Tariff): number {
  let covered = 0;
  let weighted = 0;
  for (const p of tariff.periods) {
    for (const [a, b] of periodMinutes(p)) {
      covered += b - a;
      weighted += (b - a) * p.price;
    }
  }
  return (weighted + (1440 - covered) * tariff.basePrice) / 1440;
}

/** The tariff for a system: its own, else its customer's default, else typical prices of its currency. */
export async function tariffFor(db: Database, system: SystemRow): Promise<Tariff> {
  if (system.customerUserId !== null) {
    const [row] = await db
      .select()
      .from(electricityTariffs)
      .where(
        and(
          eq(electricityTariffs.userId, system.customerUserId),
          or(eq(electricityTariffs.systemId, system.id), isNull(electricityTariffs.systemId)),
        ),
      )
      .orderBy(desc(sql`${electricityTariffs.systemId} IS NOT NULL`))
      .limit(1);
    if (row)
      return { currency: row.currency, basePrice: row.basePrice, feedInPrice: row.feedInPrice, periods: row.periods, isDefault: false };
  }
  const level = PRICE_LEVELS[system.currency] ?? PRICE_LEVELS.EUR!;
  return { currency: system.currency, basePrice: level.buy, feedInPrice: level.feedIn, periods: [], isDefault: true };
}
