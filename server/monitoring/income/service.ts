import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db';
import type { SystemRow } from '../scope';
import { periodBars, type Period } from '../stats/service';
import { round2, type Target } from '../target';
import { averageBuyPrice, tariffFor } from './tariffs';
import type { IncomeBar, PayoffTotal } from '../../../src/shared/monitoring';

export type { IncomeBar, PayoffTotal };

async function pricesOf(db: Database, system: SystemRow) {
  const tariff = await tariffFor(db, system);
  return { buy: averageBuyPrice(tariff), feedIn: tariff.feedInPrice, currency: tariff.currency };
}

function incomeOf(loadKwh: number, importKwh: number, exportKwh: number, prices: { buy: number; feedIn: number }) {
  const savings = Math.max(0, loadKwh - importKwh) * prices.buy;
  const feedIn = exportKwh * prices.feedIn;
  return { savings: round2(savings), feed_in: round2(feedIn), income: round2(savings + feedIn) };
}

/**
 * 'All' adds up only the systems priced in the first one's currency (money in two currencies has no sum);
 * the others are left out and named, in the income bars and in the payback alike.
 */
function inFirstCurrency<T extends { system: SystemRow; currency: string }>(parts: T[], fallback: string) {
  const currency = parts[0]?.currency ?? fallback;
  return {
    currency,
    same: parts.filter((p) => p.currency === currency),
    excluded: parts.filter((p) => p.currency !== currency).map((p) => p.system.sysSn),
  };
}

/** Income bars per day / month / year (one system: its tariff; 'All': each system's own, summed). */
export async function incomeBars(db: Database, target: Target, period: Period, date: string): Promise<{ currency: string; bars: IncomeBar[]; total: number; excluded: string[] }> {
  const priced = await Promise.all(target.systems.map(async (system) => {
    const prices = await pricesOf(db, system);
    return { system, prices, currency: prices.currency };
  }));
  const { currency, same, excluded } = inFirstCurrency(priced, target.currency);
  const byLabel = new Map<string, IncomeBar>();
  for (const { system, prices } of same) {
    const { bars } = await periodBars(db, { ...target, systems: [system] }, period, date);
    for (const bar of bars) {
      const add = incomeOf(bar.load_kwh, bar.import_kwh, bar.export_kwh, prices);
      const current = byLabel.get(bar.label) ?? { label: bar.label, savings: 0, feed_in: 0, income: 0 };
      byLabel.set(bar.label, {
        label: bar.label,
        savings: round2(current.savings + add.savings),
        feed_in: round2(current.feed_in + add.feed_in),
        income: round2(current.income + add.income),
      });
    }
  }
  const bars = [...byLabel.values()].sort((a, b) => a.label.localeCompare(b.label));
  return { currency, bars, total: round2(bars.reduce((s, b) => s + b.income, 0)), excluded };
}

/**
 * 'All': the caller's systems together. Sums of cost and income; the payback date is the day the systems'
 * combined income (each earning its daily rate from its own commissioning) reaches their combined cost.
 * Systems priced in another currency than the first one cannot be added up and are left out (inFirstCurrency).
 */
export async function payoffTotalOf(db: Database, target: Target, now: Date): Promise<PayoffTotal & { systems: number; excluded: string[] }> {
  const parts = await Promise.all(target.systems.map(async (system) => {
    const total = await payoffTotal(db, system, now);
    return { system, total, currency: total.currency };
  }));
  if (parts.length === 1) return { ...parts[0]!.total, systems: 1, excluded: [] };
  const { currency, same, excluded } = inFirstCurrency(parts, target.currency);
  const sum = (pick: (t: PayoffTotal) => number) => round2(same.reduce((acc, p) => acc + pick(p.total), 0));
  const costed = same.filter((p) => p.total.system_cost !== null && p.total.system_cost > 0);
  const cost = costed.length ? sum((t) => t.system_cost ?? 0) : null;
  const commissioned = same.map((p) => p.total.commissioned_on).filter((d): d is string => d !== null).sort();
  const sinceCommissioning = sum((t) => t.income_since_commissioning);
  const costedIncome = costed.reduce((acc, p) => acc + p.total.income_since_commissioning, 0);
  return {
    currency,
    system_cost: cost,
    commissioned_on: commissioned[0] ?? null,
    income_reported: sum((t) => t.income_reported),
    days_reported: Math.max(0, ...same.map((p) => p.total.days_reported)),
    daily_income: sum((t) => t.daily_income),
    income_since_commissioning: sinceCommissioning,
    payback_percent: cost ? Math.round(Math.min(100, (costedIncome / cost) * 100) * 10) / 10 : null,
    payback_date: cost ? combinedPaybackDate(costed.map((p) => p.total)) : null,
    systems: same.length,
    excluded,
  };
}

/** The first day on which Σ daily_i × days since commissioning_i reaches Σ cost_i (piecewise linear). */
function combinedPaybackDate(totals: PayoffTotal[]): string | null {
  const earners = totals
    .filter((t) => t.commissioned_on !== null)
    .map((t) => ({ start: Date.parse(`${t.commissioned_on}T00:00:00Z`) / 86_400_000, daily: t.daily_income }))
    .sort((a, b) => a.start - b.start);
  if (earners.length !== totals.length) return null;
  const cost = totals.reduce((acc, t) => acc + (t.system_cost ?? 0), 0);
  let earned = 0;
  let rate = 0;
  let day = earners[0]!.start;
  for (let i = 0; i <= earners.length; i++) {
    const next = earners[i]?.start ?? Number.POSITIVE_INFINITY;
    if (rate > 0 && earned + rate * (next - day) >= cost) {
      const payback = day + Math.ceil((cost - earned) / rate);
      return new Date(payback * 86_400_000).toISOString().slice(0, 10);
    }
    if (i === earners.length) break;
    earned += rate * (next - day);
    day = next;
    rate += earners[i]!.daily;
  }
  return null;
}

export async function payoffTotal(db: Database, system: SystemRow, now: Date): Promise<PayoffTotal> {
  const prices = await pricesOf(db, system);
  const [row] = await queryRows<{ load: number; imp: number; exp: number; days: number }>(
    db,
    sql`SELECT coalesce(sum(load_kwh), 0)::float8 AS load, coalesce(sum(import_kwh), 0)::float8 AS imp,
               coalesce(sum(export_kwh), 0)::float8 AS exp, count(*)::int AS days
          FROM energy_daily WHERE system_id = ${system.id}`,
  );
  const reported = incomeOf(Number(row?.load ?? 0), Number(row?.imp ?? 0), Number(row?.exp ?? 0), prices).income;
  const days = Number(row?.days ?? 0);
  const daily = days > 0 ? reported / days : 0;
  const commissioned = system.commissionedOn ? Date.parse(`${system.commissionedOn}T00:00:00Z`) : null;
  const daysInService = commissioned !== null ? Math.max(days, Math.floor((now.getTime() - commissioned) / 86_400_000)) : days;
  const sinceCommissioning = daily * daysInService;
  const cost = system.systemCost;
  const paybackDate =
    cost && daily > 0 && commissioned !== null ? new Date(commissioned + Math.ceil(cost / daily) * 86_400_000).toISOString().slice(0, 10) : null;
  return {
    currency: prices.currency,
    system_cost: cost,
    commissioned_on: system.commissionedOn,
    income_reported: round2(reported),
    days_reported: days,
    daily_income: round2(daily),
    income_since_commissioning: round2(sinceCommissioning),
    payback_percent: cost ? Math.round(Math.min(100, (sinceCommissioning / cost) * 100) * 10) / 10 : null,
    payback_date: paybackDate,
  };
}
