import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db';
import type { SystemRow } from '../scope';
import { periodBars, type Period } from '../stats/service';
import { round2, type Target } from '../target';
import { averageBuyPrice, tariffFor } from './tariffs';

/**
 * What a system earns: the grid electricity it saved the owner (load covered from PV and battery, at the
 * buy price) plus what it sold (export at the feed-in tariff), and when that repays the system cost.
 */
export interface IncomeBar {
  label: string;
  savings: number;
  feed_in: number;
  income: number;
}

async function pricesOf(db: Database, system: SystemRow) {
  const tariff = await tariffFor(db, system);
  return { buy: averageBuyPrice(tariff), feedIn: tariff.feedInPrice, currency: tariff.currency };
}

function incomeOf(loadKwh: number, importKwh: number, exportKwh: number, prices: { buy: number; feedIn: number }) {
  const savings = Math.max(0, loadKwh - importKwh) * prices.buy;
  const feedIn = exportKwh * prices.feedIn;
  return { savings: round2(savings), feed_in: round2(feedIn), income: round2(savings + feedIn) };
}

/** Income bars per day / month / year (one system: its tariff; 'All': each system's own, summed). */
export async function incomeBars(db: Database, target: Target, period: Period, date: string): Promise<{ currency: string; bars: IncomeBar[]; total: number }> {
  const byLabel = new Map<string, IncomeBar>();
  let currency = target.currency;
  for (const system of target.systems) {
    const prices = await pricesOf(db, system);
    currency = prices.currency;
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
  return { currency, bars, total: round2(bars.reduce((s, b) => s + b.income, 0)) };
}

export interface PayoffTotal {
  currency: string;
  system_cost: number | null;
  commissioned_on: string | null;
  /** Income over the reported days. */
  income_reported: number;
  days_reported: number;
  daily_income: number;
  /** Reported daily income extrapolated over the days since commissioning. */
  income_since_commissioning: number;
  payback_percent: number | null;
  /** When the savings repay the system cost at the reported rate (YYYY-MM-DD), or null. */
  payback_date: string | null;
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
