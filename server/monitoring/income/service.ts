import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../core/db';
import { systems } from '../../core/db/schema/monitoring';
import type { SystemRow, Viewer } from '../../core/system-scope';
import { logSystemChange, type SystemChangeAuthor } from '../systems/history';
import type { Period } from '../stats/service';
import { localDate, resolveTargetDay, type Target } from '../target';
import { dayIncome, fromCents, inFirstCurrency, priced } from './day-income';
import type { IncomeBar, IncomeBars, PayoffTotal } from '../../../contract/monitoring';
import { refuseWhileMoving } from '../../sysmigration/guard';

export type { IncomeBar, PayoffTotal };
export { payoffTotalOf } from './payoff';

/** How each period's bars are cut from the day amounts: the days of a month, the months of a year, the years of a life. */
const BARS: Record<Period, { unit: string; label: string; range: (date: string) => SQL }> = {
  month: {
    unit: 'day',
    label: 'YYYY-MM-DD',
    range: (date) =>
      sql`AND d.day >= date_trunc('month', ${date}::date)::date AND d.day < (date_trunc('month', ${date}::date) + interval '1 month')::date`,
  },
  year: {
    unit: 'month',
    label: 'YYYY-MM',
    range: (date) =>
      sql`AND d.day >= date_trunc('year', ${date}::date)::date AND d.day < (date_trunc('year', ${date}::date) + interval '1 year')::date`,
  },
  lifetime: { unit: 'year', label: 'YYYY', range: () => sql`` },
};

/**
 * Income bars per day / month / year (one system: its tariff; 'All': each system's own, summed in the first
 * system's currency). Each bar and the total are sums of the day amounts of dayIncome, so the lifetime bars
 * add up to the payoff total and a year's month bars to its lifetime bar, to the cent.
 */
export async function incomeBars(
  db: Database,
  target: Target,
  period: Period,
  date: string,
  now: Date,
): Promise<Omit<IncomeBars, 'period' | 'date'> & { excluded: string[] }> {
  const { currency, same, excluded } = inFirstCurrency(await priced(db, target.systems), target.currency);
  const source = BARS[period];
  const rows = await queryRows<{ label: string; savings: number; feed_in: number }>(
    db,
    sql`SELECT to_char(date_trunc(${source.unit}, x.day::timestamp), ${source.label}) AS label,
               sum(x.savings)::float8 AS savings, sum(x.feed_in)::float8 AS feed_in
          FROM (${dayIncome(same, localDate(now, target.timeZone), source.range(date))}) x
         GROUP BY 1 ORDER BY 1`,
  );
  const bars = rows.map((r) => ({
    label: String(r.label),
    savings: fromCents(Number(r.savings)),
    feed_in: fromCents(Number(r.feed_in)),
    income: fromCents(Number(r.savings) + Number(r.feed_in)),
  }));
  const total = rows.reduce((sum, r) => sum + Number(r.savings) + Number(r.feed_in), 0);
  return { currency, bars, total: fromCents(total), excluded };
}

/** The income bars of a system or 'All' in the viewer's scope, of the period around the day asked for (or today). */
export async function incomeBarsOf(
  db: Database,
  viewer: Viewer,
  body: { sn: string; period: Period; date?: string | undefined },
  now: Date,
) {
  const { target, date } = await resolveTargetDay(db, viewer, body.sn, body.date, now);
  return { period: body.period, date, ...(await incomeBars(db, target, body.period, date, now)) };
}

/**
 * Sets what the system cost, and its currency when given (the owner's own figures): the cost and its user-log row
 * commit together or not at all.
 */
export async function updateSystemCost(
  db: Database,
  system: SystemRow,
  cost: { systemCost: number; currency?: string },
  by: SystemChangeAuthor,
  now: Date,
): Promise<void> {
  const { systemCost, currency } = cost;
  await refuseWhileMoving(db, { ids: [system.id] });
  await db.transaction(async (tx) => {
    await tx
      .update(systems)
      .set({ systemCost, ...(currency ? { currency } : {}) })
      .where(eq(systems.id, system.id));
    await logSystemChange(tx, by, system, 'update_system_cost', { systemCost, currency: currency ?? system.currency }, by.address, now);
  });
}
