import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db';
import type { SystemRow } from '../../core/system-scope';
import { pgArray } from '../sql-arrays';
import { averageBuyPrice, tariffFor } from './tariffs';

/** A system with the prices its income is reckoned at (its tariff: DESIGN §7, rollups are daily). */
export interface PricedSystem {
  system: SystemRow;
  buy: number;
  feedIn: number;
  currency: string;
}

export async function priced(db: Database, systems: readonly SystemRow[]): Promise<PricedSystem[]> {
  return Promise.all(
    systems.map(async (system) => {
      const tariff = await tariffFor(db, system);
      return { system, buy: averageBuyPrice(tariff), feedIn: tariff.feedInPrice, currency: tariff.currency };
    }),
  );
}

/**
 * 'All' adds up only the systems priced in the first one's currency (money in two currencies has no sum);
 * the others are left out and named, in the income bars and in the payback alike.
 */
export function inFirstCurrency<T extends { system: SystemRow; currency: string }>(parts: T[], fallback: string) {
  const currency = parts[0]?.currency ?? fallback;
  return {
    currency,
    same: parts.filter((p) => p.currency === currency),
    excluded: parts.filter((p) => p.currency !== currency).map((p) => p.system.sysSn),
  };
}

/**
 * Income is reckoned per system and day, in whole cents: the day's savings (load covered by PV and battery,
 * at the buy price) and its feed-in (export at the feed-in price), each rounded to the cent, from the daily
 * rollup. Every money figure (the bars of a month, a year or the lifetime, the total, the payback) is a sum
 * of these day amounts, so however they are grouped they agree to the cent; none is an average times days.
 *
 * A subquery with one row per system and reported day up to `today` (optionally only those matching
 * `filter` on `d.day`): system_id, day, since (the commissioning date or null), savings and feed_in (cents).
 */
export function dayIncome(parts: readonly PricedSystem[], today: string, filter: SQL = sql``): SQL {
  const column = <T extends string | number | null>(pick: (p: PricedSystem) => T) => pgArray(parts.map(pick));
  return sql`SELECT d.system_id, d.day, p.since,
                    round((greatest(0, d.load_kwh - d.import_kwh) * p.buy * 100)::numeric) AS savings,
                    round((d.export_kwh * p.feed_in * 100)::numeric) AS feed_in
               FROM unnest(${column((p) => p.system.id)}::int[], ${column((p) => p.buy)}::float8[],
                           ${column((p) => p.feedIn)}::float8[], ${column((p) => p.system.commissionedOn)}::date[])
                    AS p(system_id, buy, feed_in, since)
               JOIN energy_daily d ON d.system_id = p.system_id
              WHERE d.day <= ${today}::date ${filter}`;
}

/** Whole cents as an amount of money (the only place cents become a fraction). */
export const fromCents = (cents: number) => Math.round(cents) / 100;
