import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../core/db';
import type { SystemRow } from '../../core/system-scope';
import { localDate, type Target } from '../target';
import { dayIncome, fromCents, inFirstCurrency, priced, type PricedSystem } from './day-income';
import type { PaybackBasis, PayoffTotal } from '../../../contract/monitoring';

/** The estimate of a payback date looks at this many days back from today (a year: every season once). */
const ESTIMATE_DAYS = 365;
const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** One system's sums over its day amounts (cents). */
interface SystemSums {
  part: PricedSystem;
  /** Every reported day up to today. */
  cents: number;
  daysReported: number;
  /** Reported days from commissioning on (the gap check: days in service without data). */
  daysReportedInService: number;
  /** Days since commissioning, today included (from the first reported day when no commissioning date is known). */
  daysInService: number;
  /** The last ESTIMATE_DAYS days: their income and how many of them reported. */
  recentCents: number;
  recentDays: number;
}

async function sumsOf(db: Database, parts: PricedSystem[], today: string): Promise<SystemSums[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT x.system_id, count(*)::int AS days, sum(x.savings + x.feed_in)::float8 AS cents, min(x.day)::text AS first_day,
               count(*) FILTER (WHERE x.since IS NULL OR x.day >= x.since)::int AS days_in_service,
               count(*) FILTER (WHERE x.day > ${today}::date - ${ESTIMATE_DAYS}::int)::int AS recent_days,
               coalesce(sum(x.savings + x.feed_in) FILTER (WHERE x.day > ${today}::date - ${ESTIMATE_DAYS}::int), 0)::float8 AS recent_cents
          FROM (${dayIncome(parts, today)}) x GROUP BY x.system_id`,
  );
  return parts.map((part) => {
    const row = rows.find((r) => Number(r.system_id) === part.system.id);
    const start = part.system.commissionedOn ?? (row ? String(row.first_day) : null);
    return {
      part,
      cents: Number(row?.cents ?? 0),
      daysReported: Number(row?.days ?? 0),
      daysReportedInService: Number(row?.days_in_service ?? 0),
      daysInService: start === null ? 0 : Math.max(0, dayNumber(today) - dayNumber(start) + 1),
      recentCents: Number(row?.recent_cents ?? 0),
      recentDays: Number(row?.recent_days ?? 0),
    };
  });
}

/** The first day on which the systems' income, summed day by day from their first reported day, reaches `costCents`. */
async function dayReached(db: Database, parts: PricedSystem[], today: string, costCents: number): Promise<string | null> {
  const [row] = await queryRows<{ day: string }>(
    db,
    sql`SELECT r.day::text AS day
          FROM (SELECT x.day, sum(sum(x.savings + x.feed_in)) OVER (ORDER BY x.day) AS running
                  FROM (${dayIncome(parts, today)}) x GROUP BY x.day) r
         WHERE r.running >= ${costCents} ORDER BY r.day LIMIT 1`,
  );
  return row ? String(row.day) : null;
}

/** Income per day at which an estimate projects: each system's average over its reported days of the last year, in cents. */
const dailyRate = (sums: SystemSums[]) => sums.reduce((acc, s) => acc + (s.recentDays > 0 ? s.recentCents / s.recentDays : 0), 0);

/**
 * The payback of the systems whose cost is set: the day their income reached it (a fact, from the day
 * amounts), or, before that, a projection at the last year's average daily income (an estimate, said so:
 * 'last_12_months', or 'since_commissioning' when a system has been in service for less than a year).
 */
async function paybackOf(db: Database, costed: SystemSums[], today: string) {
  const costCents = Math.round(costed.reduce((acc, s) => acc + (s.part.system.systemCost ?? 0), 0) * 100);
  if (costCents <= 0) return { cost: null, percent: null, date: null, basis: null };
  const earned = costed.reduce((acc, s) => acc + s.cents, 0);
  const percent = Math.round((earned * 1000) / costCents) / 10;
  if (earned >= costCents) {
    const date = await dayReached(
      db,
      costed.map((s) => s.part),
      today,
      costCents,
    );
    return { cost: fromCents(costCents), percent, date, basis: date ? ('reached' as const) : null };
  }
  const rate = dailyRate(costed);
  if (rate <= 0) return { cost: fromCents(costCents), percent, date: null, basis: null };
  const basis: PaybackBasis = costed.every((s) => s.daysInService >= ESTIMATE_DAYS) ? 'last_12_months' : 'since_commissioning';
  return { cost: fromCents(costCents), percent, date: dayText(dayNumber(today) + Math.ceil((costCents - earned) / rate)), basis };
}

/**
 * The payoff of one system, or of the caller's systems together ('All', in the first system's currency;
 * others are left out and named). The income is the sum of the reported days (never an average times the
 * days in service); days in service without data are listed in `gaps`. The cost, and the payback figures
 * that would reveal it, only for those who may read it (`seesCost`: the owner and our own staff, DESIGN §6).
 */
export async function payoffTotalOf(
  db: Database,
  target: Target,
  now: Date,
  seesCost: (system: SystemRow) => boolean,
): Promise<PayoffTotal> {
  const today = localDate(now, target.timeZone);
  const { currency, same, excluded } = inFirstCurrency(await priced(db, target.systems), target.currency);
  const sums = await sumsOf(db, same, today);
  const visible = sums.filter((s) => seesCost(s.part.system));
  const costed = visible.filter((s) => (s.part.system.systemCost ?? 0) > 0);
  const payback = await paybackOf(db, costed, today);
  const commissioned = same
    .map((p) => p.system.commissionedOn)
    .filter((d): d is string => d !== null)
    .sort();
  const costSet = visible.some((s) => s.part.system.systemCost !== null);
  return {
    currency,
    cost_hidden: visible.length === 0,
    system_cost: payback.cost ?? (costSet ? 0 : null),
    commissioned_on: commissioned[0] ?? null,
    income_since_commissioning: fromCents(sums.reduce((acc, s) => acc + s.cents, 0)),
    days_reported: sums.reduce((acc, s) => acc + s.daysReported, 0),
    days_in_service: sums.reduce((acc, s) => acc + s.daysInService, 0),
    gaps: sums
      .filter((s) => s.daysReportedInService < s.daysInService)
      .map((s) => ({ sn: s.part.system.sysSn, days_reported: s.daysReportedInService, days_in_service: s.daysInService })),
    daily_income: fromCents(dailyRate(sums)),
    payback_percent: payback.percent,
    payback_date: payback.date,
    payback_basis: payback.basis,
    systems: same.length,
    excluded,
  };
}
